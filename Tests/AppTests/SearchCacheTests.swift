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
    private func seeded(_ count: Int) throws -> (path: String, store: SQLiteContactStore, list: ListSnapshot)
    {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/roster.sqlite"
        try SQLiteContactStore(path: path, migrator: SQLiteMigrator(directory: migrations)).seed(
            count: count, randomSeed: 5)
        let store = try SQLiteContactStore(readingFrom: path)
        _ = try store.pin()
        return (path, store, try ListSnapshot(store: store))
    }

    @Test func countedBytesAreWhatTheResultsSelectionsHold() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (path, store, list) = try seeded(20_000)
        let cache = SearchCache(scanner: SQLiteSearchScanner(databasePath: path), maxBytes: .max)
        var counted = 0
        var contacts = 0
        for query in [["a"], ["an"], ["e"], ["son"], ["555"], ["zzqx"], ["anna"]] {
            let results = try cache.results(for: query, in: list, reading: store)
            contacts += results.total
            counted += SearchCache.bytes(of: results)
            guard let selection = results.selection else {
                // Every phone holds 555: the list itself, nothing held beside it.
                #expect(query == ["555"] && results.total == list.total)
                #expect(
                    SearchCache.bytes(of: results) == SearchCache.fixedBytes(sections: list.sections.count))
                continue
            }
            // A bit per row of the list, or 12 bytes a match when that is less, at the least.
            let least = min(list.total / 8, results.total * 12)
            #expect(selection.memoryBytes >= least, "\(query): \(selection.memoryBytes) bytes")
            #expect(selection.memoryBytes <= least + list.total / 16 + 256, "\(query)")
        }
        let figures = cache.figures
        #expect(figures.results == 7 && figures.contacts == contacts && contacts > 20_000)
        #expect(figures.bytes == counted, "\(figures.bytes) counted, the results hold \(counted)")
    }

    @Test func bytesFollowTheResultsEvictedAndReplaced() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (path, store, list) = try seeded(20_000)
        let probe = SearchCache(scanner: SQLiteSearchScanner(databasePath: path))
        let a = try probe.results(for: ["a"], in: list, reading: store)
        let e = try probe.results(for: ["e"], in: list, reading: store)
        // Room for the larger of the two, not for both: each search evicts the other.
        let cache = SearchCache(
            scanner: SQLiteSearchScanner(databasePath: path),
            maxBytes: max(SearchCache.bytes(of: a), SearchCache.bytes(of: e)) + 1)
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
        // Another search of the newer version lets the older version's results go, even
        // with room for all.
        let roomy = SearchCache(scanner: SQLiteSearchScanner(databasePath: path), maxBytes: .max)
        _ = try roomy.results(for: ["a"], in: list, reading: store)
        _ = try roomy.results(for: ["e"], in: list, reading: store)
        let later = try roomy.results(for: ["son"], in: newer, reading: store)
        #expect(roomy.figures.results == 1 && roomy.figures.bytes == SearchCache.bytes(of: later))
    }
}
