import Contacts
import Foundation
import SQLiteStorage
import Testing

@testable import App

/// The search cache's figures in `/metrics`: the bytes it reports are what its
/// results hold, kept and let go.
struct SearchCacheTests {
    let folder = NSTemporaryDirectory() + "roster-search-cache-tests-" + UUID().uuidString
    let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Migrations").path

    /// A seeded store, pinned, and its list.
    private func seeded(_ count: Int) throws -> (path: String, store: ContactStore, list: ListSnapshot) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/roster.sqlite"
        try ContactStore(path: path, migrator: Migrator(directory: migrations)).seed(
            count: count, randomSeed: 5)
        let store = try ContactStore(readingFrom: path)
        _ = try store.pin()
        return (path, store, try ListSnapshot(store: store))
    }

    @Test func countedBytesAreAtLeastWhatTheResultsOrdersHold() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (path, store, list) = try seeded(20_000)
        let cache = SearchCache(scanner: SearchScanner(databasePath: path), maxContacts: .max)
        var held = 0
        var contacts = 0
        for query in [["a"], ["an"], ["e"], ["son"], ["555"]] {
            let results = try cache.results(for: query, in: list, reading: store)
            held += results.order.memoryBytes
            contacts += results.total
        }
        let figures = cache.figures
        #expect(figures.results == 5 && figures.contacts == contacts && contacts > 20_000)
        // Each contact costs its order entry and its running notes lines at the least;
        // counting 8 bytes a contact reported about 1.75 times too little.
        let leastPerContact = MemoryLayout<OrderEntry>.stride + MemoryLayout<UInt16>.stride
        #expect(
            figures.bytes >= contacts * leastPerContact, "\(figures.bytes) bytes for \(contacts) contacts")
        #expect(figures.bytes >= held, "\(figures.bytes) counted, the orders hold \(held)")
        #expect(
            figures.bytes <= held + held / 10 + 5 * 4_096, "\(figures.bytes) counted, the orders hold \(held)"
        )
    }

    @Test func bytesFollowTheResultsEvictedAndReplaced() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (path, store, list) = try seeded(20_000)
        let probe = SearchCache(scanner: SearchScanner(databasePath: path))
        let a = try probe.results(for: ["a"], in: list, reading: store)
        let e = try probe.results(for: ["e"], in: list, reading: store)
        // Room for the larger of the two, not for both: each search evicts the other.
        let cache = SearchCache(
            scanner: SearchScanner(databasePath: path), maxContacts: max(a.total, e.total) + 1)
        for (query, expected) in [(["a"], a), (["e"], e), (["a"], a)] {
            let results = try cache.results(for: query, in: list, reading: store)
            let figures = cache.figures
            #expect(figures.results == 1 && figures.contacts == expected.total, "\(query)")
            #expect(figures.bytes == SearchCache.bytes(of: results), "\(query): \(figures.bytes) bytes")
        }
        // A newer version searches again and replaces the entry: counted once.
        let newer = try ListSnapshot(
            state: ListState(version: list.version + 1, sections: list.sections, order: list.order))
        let again = try cache.results(for: ["a"], in: newer, reading: store)
        #expect(cache.figures.results == 1 && cache.figures.misses == 4)
        #expect(cache.figures.bytes == SearchCache.bytes(of: again))
    }
}
