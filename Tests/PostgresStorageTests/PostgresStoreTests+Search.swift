import Foundation
import PostgresTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import PostgresStorage

/// Searches on PostgreSQL matched in memory (`PostgresSearchIndex`): the same
/// contacts as PostgreSQL's LIKE patterns find, at every version, through writes
/// (followed from the change log) and imports (read anew).
extension PostgresStoreTests {
    private static let searches: [[String]] = [
        ["ma"], ["m"], ["berlin"], ["555"], ["an", "ber"], ["zzqx"], ["example", "org"], ["5551"],
        ["a", "x"],
    ]

    /// Every search's matches through `store`'s pinned read.
    private static func found(_ store: PostgresStore) throws -> [[Int32]] {
        try searches.map { Array(try store.matches($0, ids: nil)) }
    }

    /// Waits (at most 30 s) until `index` holds texts of at least `version`.
    private static func built(_ index: PostgresSearchIndex, _ version: Int) throws {
        let deadline = Date().addingTimeInterval(30)
        while (index.version ?? -1) < version {
            try #require(Date() < deadline, "the search texts of version \(version) were never read")
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    @Test func searchesInMemoryFindWhatPostgreSQLFindsThroughWritesAndImports() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 3_000, randomSeed: 9)
        let index = PostgresSearchIndex(url: postgres.url)
        let store = try PostgresStore(primaryURL: postgres.url, search: index)
        let plain = try PostgresStore(primaryURL: postgres.url)
        try store.pin()
        try plain.pin()
        #expect(try Self.found(store) == Self.found(plain), "before the texts are read: PostgreSQL's")
        try Self.built(index, 1)
        #expect(try Self.found(store) == Self.found(plain))

        var state = try plain.listState()
        let editor = try PostgresEditor(url: postgres.url) { nil }
        var random = SeededRandom(seed: 2)
        for step in 0..<60 {
            let ids = state.order.allEntries.map { Int($0.id) }
            let name = Self.names[random.below(Self.names.count)] + ["", "berlin", "555"][random.below(3)]
            switch random.below(3) {
            case 0:
                state = try editor.insert(
                    ContactFields(firstName: name, city: "Berlin"), base: { _ in state }, prepare: { _ in }
                ).state
            case 1:
                state = try editor.update(
                    id: ids[random.below(ids.count)], ifRevision: nil, base: { _ in state },
                    prepare: { _ in },
                    change: {
                        var fields = $0
                        fields.lastName = name
                        return fields
                    }
                ).state
            default:
                state = try editor.delete(
                    id: ids[random.below(ids.count)], ifRevision: nil, base: { _ in state }, prepare: { _ in }
                ).state
            }
            if random.below(4) == 0 || step == 59 {
                #expect(try store.pin() == state.version && plain.pin() == state.version)
                #expect(try Self.found(store) == Self.found(plain), "step \(step)")
                #expect(index.version == state.version, "the texts followed the writes")
            }
        }

        // An import logs no change: PostgreSQL answers until the texts are read anew.
        let url = postgres.url
        _ = try Self.importing(
            "first_name,last_name,city\nImported,Berlin555,Berlin\n",
            into: { try PostgresImporter(url: url, region: .unitedStates) },
            mode: .append, errors: .abort
        ).get()
        let imported = try store.pin()
        try plain.pin()
        #expect(try Self.found(store) == Self.found(plain), "after the import")
        try Self.built(index, imported)
        #expect(try Self.found(store) == Self.found(plain))

        // Matched in memory: with the contacts' table gone, the search is still answered.
        try store.release()
        try plain.release()
        try PostgresConnection(url: url).execute("ALTER TABLE contacts RENAME TO gone")
        try store.pin()
        #expect(try store.matches(["berlin"], ids: nil).count > 0)
    }
}
