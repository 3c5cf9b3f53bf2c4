import Foundation
import PostgresTestSupport
import Synchronization
import TestSupport
import Testing

@testable import Contacts
@testable import PostgresStorage

/// A window's reads on PostgreSQL without a read transaction: the primary's version
/// (shared through `PostgresVersionFence`), the list the caller holds, the rows from
/// `PostgresRowCache` or read and checked by revision.
extension PostgresStoreTests {
    /// The text fields and the star of `rows`' rows `first...` against `expected`'s.
    private static func sameRows(
        _ rows: any ContactRows, _ expected: any ContactRows, from first: Int, count: Int
    ) throws -> Bool {
        for row in first..<(first + count) {
            guard try rows.move(to: row), try expected.move(to: row), rows.id == expected.id else {
                return false
            }
            for field in ContactField.allCases where !field.spec.isDocument {
                switch field.kind {
                case .text: if Array(rows.bytes(field)) != Array(expected.bytes(field)) { return false }
                case .boolean: if rows.bool(field) != expected.bool(field) { return false }
                }
            }
        }
        return true
    }

    private static func renaming(_ name: String) -> (ContactFields) -> ContactFields {
        { fields in
            var fields = fields
            fields.firstName = name
            return fields
        }
    }

    @Test func aWindowIsReadAtItsVersionFromTheCacheOrByRevisionAndNeverAnother() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 2_000, randomSeed: 4)
        let cache = PostgresRowCache()
        let store = try PostgresStore(primaryURL: postgres.url, cache: cache)
        let truth = try postgres.pinnedStore()
        var state = try truth.listState()
        #expect(try store.newestVersion(sentBy: 0) == 1)
        try store.pin(at: 1)
        let entries = state.order.entries(in: 100..<130)
        #expect(
            try Self.sameRows(
                store.rows(over: entries, firstRow: 100), truth.rows(over: entries, firstRow: 100), from: 100,
                count: 30))
        #expect(cache.figures.entries == 30 && cache.figures.misses == 30)

        // A write to a row of the window: the next version's window shows it, the rest from the cache.
        let editor = try PostgresEditor(url: postgres.url) { nil }
        let id = Int(entries[5].id)
        state = try editor.update(
            id: id, ifRevision: nil, base: { _ in state }, prepare: { _ in }, change: Self.renaming("Renamed")
        ).state
        #expect(try store.newestVersion(sentBy: 0) == 2)
        try store.pin(at: 2)
        #expect(try truth.pin() == 2)
        let row = try #require(try truth.row(ofContact: id, in: state.order))
        let after = state.order.entries(in: (row - 10)..<(row + 10))
        let rows = try store.rows(over: after, firstRow: row - 10)
        #expect(try rows.move(to: row) && rows.id == id)
        #expect(String(decoding: rows.bytes(.firstName), as: UTF8.self) == "Renamed")
        #expect(
            try Self.sameRows(rows, truth.rows(over: after, firstRow: row - 10), from: row - 10, count: 20))
        try truth.release()

        // Rows of version 2 not cached, one of them written since: its fields at 2 are gone.
        let far = state.order.entries(in: 1_500..<1_510)
        state = try editor.update(
            id: Int(far[3].id), ifRevision: nil, base: { _ in state }, prepare: { _ in },
            change: Self.renaming("Later")
        ).state
        #expect(throws: ContactsError.versionGone(version: 2)) { try store.rows(over: far, firstRow: 1_500) }
        #expect(throws: ContactsError.versionGone(version: 2), "a read of exactly 2 is gone too") {
            try store.sortKey(ofContact: 1)
        }
        #expect(try store.pin() == 3)
        let now = state.order.entries(in: 1_500..<1_510)
        try truth.pin()
        #expect(
            try Self.sameRows(
                store.rows(over: now, firstRow: 1_500), truth.rows(over: now, firstRow: 1_500), from: 1_500,
                count: 10))
        try truth.release()

        // Cached rows need no query: with the table gone, the window still reads; another does not.
        try store.release()
        try PostgresConnection(url: postgres.url).execute("ALTER TABLE contacts RENAME TO gone")
        try store.pin(at: 3)
        #expect(try store.rows(over: after, firstRow: row - 10).move(to: row + 9))
        #expect(throws: PostgresError.self) {
            try store.rows(over: state.order.entries(in: 600..<610), firstRow: 600)
        }
    }

    @Test func aRowTheReplicaHasNotReplayedIsReadFromThePrimary() throws {
        let primary = try TestPostgres()
        // A stand-in replica that replays nothing after the seed.
        let replica = try TestPostgres()
        try PostgresSeeder.seed(url: primary.url, count: 200, randomSeed: 2)
        try PostgresSeeder.seed(url: replica.url, count: 200, randomSeed: 2)
        var state = try primary.pinnedStore().listState()
        let editor = try PostgresEditor(url: primary.url) { nil }
        let id = Int(state.order[10].id)
        state = try editor.update(
            id: id, ifRevision: nil, base: { _ in state }, prepare: { _ in }, change: Self.renaming("Primary")
        ).state
        let store = try PostgresStore(primaryURL: primary.url, replicaURL: replica.url)
        try store.pin(at: state.version)
        let rows = try store.rows(over: state.order.entries(in: 0..<30), firstRow: 0)
        let row = try #require((0..<30).first { Int(state.order[$0].id) == id })
        #expect(
            try rows.move(to: row) && String(decoding: rows.bytes(.firstName), as: UTF8.self) == "Primary")
    }

    @Test func oneAskOfThePrimaryServesEveryRequestSentBeforeIt() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 10, randomSeed: 1)
        let time = Atomic<UInt64>(100)
        let fence = PostgresVersionFence(now: { time.load(ordering: .relaxed) })
        let first = try PostgresStore(primaryURL: postgres.url, fence: fence)
        let second = try PostgresStore(primaryURL: postgres.url, fence: fence)
        #expect(try first.newestVersion(sentBy: 50) == 1)
        #expect(fence.figures == (asks: 1, reuses: 0))
        let state = try postgres.pinnedStore().listState()
        _ = try PostgresEditor(url: postgres.url) { nil }.insert(
            ContactFields(firstName: "New"), base: { _ in state }, prepare: { _ in })
        // Sent before the ask at 100: every write its client had seen answered is in version 1.
        #expect(try second.newestVersion(sentBy: 99) == 1)
        #expect(fence.figures == (asks: 1, reuses: 1))
        // Sent at the ask or after it: asked again, and the write is seen.
        time.store(200, ordering: .relaxed)
        #expect(try second.newestVersion(sentBy: 100) == 2)
        #expect(fence.figures == (asks: 2, reuses: 1))
        #expect(
            try PostgresStore(primaryURL: postgres.url).newestVersion(sentBy: .max) == 2,
            "no fence: always asked")
    }

    @Test func theRowCacheKeepsWithinItsBytesAndEvictsWhatWasNotUsed() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 500, randomSeed: 6)
        let state = try postgres.pinnedStore().listState()
        let cache = PostgresRowCache(capacity: 40 * (PostgresRowCache.overhead + 100))
        let store = try PostgresStore(primaryURL: postgres.url, cache: cache)
        try store.pin()
        let hot = state.order.entries(in: 0..<10)
        for first in stride(from: 10, to: 500, by: 10) {
            _ = try store.rows(over: hot, firstRow: 0)
            _ = try store.rows(over: state.order.entries(in: first..<(first + 10)), firstRow: first)
            #expect(cache.figures.bytes <= cache.capacity)
        }
        let before = cache.figures
        #expect(before.entries >= 20 && before.entries < 500)
        _ = try store.rows(over: hot, firstRow: 0)
        #expect(cache.figures.hits == before.hits + 10, "the rows used at every step stayed")
    }

    @Test func aWarmedCacheAnswersWindowsWithNoQueryUntilItIsFull() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 12_000, randomSeed: 8)
        let state = try postgres.pinnedStore().listState()
        let cache = PostgresRowCache(capacity: 1_000 * (PostgresRowCache.overhead + 100))
        let done = DispatchSemaphore(value: 0)
        cache.warm(url: postgres.url) { _ in done.signal() }
        #expect(done.wait(timeout: .now() + 30) == .success)
        let warmed = cache.figures
        #expect(warmed.entries > 500 && warmed.entries < 12_000 && warmed.bytes <= cache.capacity)
        // With the contacts' table gone, the rows warmed are still read (in whichever order the table held them).
        try PostgresConnection(url: postgres.url).execute("ALTER TABLE contacts RENAME TO gone")
        let store = try PostgresStore(primaryURL: postgres.url, cache: cache)
        try store.pin(at: state.version)
        let all = state.order.entries(in: 0..<state.total)
        let kept = try #require(all.indices.first { cache.rows(of: [all[$0]])[0] != nil })
        #expect(try store.rows(over: [all[kept]], firstRow: kept).move(to: kept))
        #expect(cache.rows(of: all).compactMap { $0 }.count == warmed.entries)
    }
}
