import Contacts
import Foundation
import Phones
import SQLiteStorage
import Testing

@testable import App
@testable import HTTP

/// A window read without a read transaction of its own (a store other servers
/// write to: `newestVersion(sentBy:)`, `pin(at:)`) whose rows were written while it
/// was read (`ContactsError.versionGone`) is answered again from a read of its own.
struct WindowRetryTests {
    let folder = NSTemporaryDirectory() + "roster-window-retry-tests-" + UUID().uuidString
    let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Migrations").path

    /// A SQLite file read as a database other servers write to would be: its windows
    /// pin lightly, and the first `gone` reads of rows find their version gone.
    final class GoneRows: ContactSource {
        let store: SQLiteContactStore
        var gone: Int
        /// Reads of its own (`pin()`), and light pins (`pin(at:)`).
        var pins = 0
        var lightPins = 0

        init(_ store: SQLiteContactStore, gone: Int) {
            self.store = store
            self.gone = gone
        }

        var pinned: Bool { store.pinned }
        var pinLifetime: Double { 0 }
        var locale: ListLocale { store.locale }

        func pin() throws -> Int {
            pins += 1
            return try store.pin()
        }

        func newestVersion(sentBy: UInt64) throws -> Int? {
            try store.readingOnce { try store.listState().version }
        }

        func pin(at version: Int) throws {
            lightPins += 1
            #expect(try store.pin() == version)
        }

        func release() throws { try store.release() }
        func listState() throws -> ListState { try store.listState() }
        func states(after known: ListState) throws -> [ListState]? { nil }
        func matches(_ words: [String], ids: ClosedRange<Int>?) throws -> ContactIDSet {
            try store.matches(words, ids: ids)
        }
        func favorites() throws -> ContactIDSet { try store.favorites() }
        func labelled(_ name: String) throws -> ContactIDSet { try store.labelled(name) }
        func labelCounts() throws -> [LabelCount] { try store.labelCounts() }
        func contact(id: Int, in order: ListOrder) throws -> Contact? { try store.contact(id: id, in: order) }
        func row(ofContact id: Int, in order: ListOrder) throws -> Int? {
            try store.row(ofContact: id, in: order)
        }
        func sortKey(ofContact id: Int) throws -> [UInt8] { try store.sortKey(ofContact: id) }

        func rows(over entries: [OrderEntry], firstRow: Int) throws -> any ContactRows {
            if gone > 0 {
                gone -= 1
                throw ContactsError.versionGone(version: 1)
            }
            return try store.rows(over: entries, firstRow: firstRow)
        }
    }

    @Test func aWindowWhoseRowsWereWrittenMeanwhileIsReadAgainFromAReadOfItsOwn() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/roster.sqlite"
        try SQLiteContactStore(path: path, migrator: SQLiteMigrator(directory: migrations)).seed(
            count: 500, randomSeed: 3)
        let source = GoneRows(try SQLiteContactStore(readingFrom: path), gone: 1)
        let catalog = Catalog(try source.store.readingOnce { try ListSnapshot(store: source.store) })
        let handler = WindowHandler(
            reader: StoreReader(store: source, catalog: catalog), catalog: catalog, sessions: SessionStore(),
            metrics: Metrics(), searches: SearchCache(scanner: SQLiteSearchScanner(databasePath: path)),
            region: .unitedStates)
        let response = try handler.handle(
            Request(head: RequestHead(method: "GET", target: "/window?offset=0&height=800", headers: [:])))
        guard case .bytes(let body) = response.body,
            let window = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let cells = window["cells"] as? [[String: Any]]
        else { throw HTTPError(500, "test", "no window") }
        #expect(response.status == 200)
        #expect(cells.contains { ($0["contact"] as? [String: Any])?["id"] != nil })
        #expect(
            source.gone == 0 && source.lightPins == 1 && source.pins == 1,
            "once lightly, then a read of its own")

        // A light pin whose rows can be read needs no read of its own.
        let again = try handler.handle(
            Request(head: RequestHead(method: "GET", target: "/window?offset=5000&height=800", headers: [:])))
        #expect(again.status == 200 && source.lightPins == 2 && source.pins == 1)
    }
}
