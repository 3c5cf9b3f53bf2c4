import Foundation
import PostgresTestSupport
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import PostgresStorage
@testable import SQLiteStorage

/// Stored photos on both stores alike (docs/api.md, "Photos"): kept once by digest, read back
/// byte for byte, named by a contact's `photo`, carried through a delete and its restore, and
/// collected by a writer's purge once nothing names them and they are older than the grace.
struct PhotoStoreTests {
    typealias TestClock = EditHistoryTests.TestClock

    /// One store under test.
    struct Rig {
        let editor: any ContactEditing
        let photos: any PhotoReading
        let importer: any ImportTarget
        let listState: () throws -> ListState
        let count: (_ sql: String) throws -> Int
    }

    @Test func onSQLite() throws {
        let folder = TestFolder()
        try folder.store().seed(count: 50, randomSeed: 3)
        let clock = TestClock()
        let path = folder.file("roster.sqlite")
        let reader = try SQLiteContactStore(writingTo: path)
        try Self.run(
            Rig(
                editor: SQLiteContactEditor(
                    store: try SQLiteContactStore(writingTo: path), clock: clock.clock),
                photos: try SQLiteContactStore(readingFrom: path),
                importer: try SQLiteContactStore(writingTo: path),
                listState: { try reader.listState() },
                count: { try reader.database.integer($0) ?? -1 }), clock)
    }

    @Test(
        .enabled(if: TestPostgres.server != nil, "needs ROSTER_TEST_POSTGRES (scripts/test starts a server)"))
    func onPostgreSQL() throws {
        try Self.runOnPostgreSQL()
    }

    /// An import into another list on the same server holds its lock in that database: this
    /// list's photos are collected all the same (`pg_locks` lists every database's locks).
    @Test(
        .enabled(if: TestPostgres.server != nil, "needs ROSTER_TEST_POSTGRES (scripts/test starts a server)"))
    func onPostgreSQLWhileAnotherListImports() throws {
        let otherList = try TestPostgres()
        let other = try PostgresConnection(url: otherList.url)
        _ = try other.query("SELECT pg_advisory_lock(\(PostgresImport.importLock))")
        defer { _ = try? other.query("SELECT pg_advisory_unlock(\(PostgresImport.importLock))") }
        try Self.runOnPostgreSQL()
        withExtendedLifetime(otherList) {}
    }

    private static func runOnPostgreSQL() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 50, randomSeed: 3)
        let clock = TestClock()
        let store = try PostgresStore(primaryURL: postgres.url)
        let connection = try PostgresConnection(url: postgres.url)
        try Self.run(
            Rig(
                editor: try PostgresEditor(url: postgres.url, clock: clock.clock) { nil },
                photos: try PostgresPhotos(url: postgres.url),
                importer: try PostgresImporter(url: postgres.url, region: .unitedStates),
                listState: {
                    try store.pin()
                    defer { try? store.release() }
                    return try store.listState()
                },
                count: { try connection.query($0).int(0, 0) }), clock)
    }

    static func photo(_ seed: UInt8, count: Int = 3000) -> StoredPhoto {
        StoredPhoto(
            mediaType: "image/jpeg",
            bytes: [0xFF, 0xD8, 0xFF] + (0..<count).map { UInt8(truncatingIfNeeded: $0) &* seed } + [
                0, 0xFF, 0xD9,
            ])
    }

    private static func run(_ rig: Rig, _ clock: TestClock) throws {
        let editor = rig.editor
        var state = try rig.listState()
        func write(_ id: Int, _ change: @escaping (inout ContactFields) -> Void) throws -> Contact? {
            let changing: (ContactFields) -> ContactFields = {
                var changed = $0
                change(&changed)
                return changed
            }
            let outcome = try editor.update(
                id: id, ifRevision: nil, base: { _ in state }, prepare: { _ in }, change: changing)
            state = outcome.state
            return outcome.contact
        }
        func photos(_ digest: String) throws -> Int {
            try rig.count("SELECT count(*) FROM photos WHERE digest = '\(digest)'")
        }
        func naming(_ digest: String) throws -> Int {
            try rig.count("SELECT count(*) FROM contacts WHERE photo = '\(digest)'")
        }

        // Kept once, read back byte for byte; a digest kept again stays one row.
        let kept = photo(3)
        try editor.keepPhoto(kept)
        try editor.keepPhoto(kept)
        #expect(try photos(kept.digest) == 1)
        #expect(try rig.photos.photo(kept.digest) == kept)
        #expect(try rig.photos.photo(photo(4).digest) == nil)
        #expect(StoredPhoto.isDigest(kept.digest) && kept.digest == StoredPhoto.digest(of: kept.bytes))

        // Named by a contact, read back with it.
        let named = try #require(try write(5) { $0.photo = kept.digest })
        #expect(named.fields.photo == kept.digest)
        #expect(try naming(kept.digest) == 1)

        // One nothing names goes once past the grace; the named one stays.
        let orphan = photo(7)
        try editor.keepPhoto(orphan)
        clock.advance(PhotoCollection.graceSeconds + ContactEdit.purgeSeconds + 1)
        _ = try write(6) { $0.city = "Oslo" }
        #expect(try photos(orphan.digest) == 0, "an orphan past the grace is collected")
        #expect(try photos(kept.digest) == 1, "a photo a contact names stays")

        // A tombstone names it: kept past the grace, and the restored contact has it again.
        let deleted = try editor.delete(id: 5, ifRevision: nil, base: { _ in state }, prepare: { _ in })
        state = deleted.state
        clock.advance(ContactEdit.purgeSeconds + 1)
        _ = try write(6) { $0.city = "Bergen" }
        #expect(try photos(kept.digest) == 1, "a deleted contact's photo stays while it can be restored")
        let restored = try editor.restore(id: 5, base: { _ in state }, prepare: { _ in })
        state = restored.state
        #expect(restored.contact?.fields.photo == kept.digest)

        // Removed from its contact, it goes at the next purge past the grace.
        _ = try write(5) { $0.photo = "" }
        #expect(try naming(kept.digest) == 0)
        clock.advance(PhotoCollection.graceSeconds + ContactEdit.purgeSeconds + 1)
        _ = try write(6) { $0.city = "Tromsø" }
        #expect(try photos(kept.digest) == 0, "a photo nothing names any more is collected")

        // An import keeps its photos with its contacts.
        let imported = photo(11)
        let batch = try rig.importer.beginImport(mode: .append)
        try batch.keepPhoto(imported)
        let fields = ContactFields(firstName: "Pia", lastName: "Photo", photo: imported.digest)
        try batch.add(
            fields, key: fields.sortKey(in: .english),
            document: SearchText.document(fields, region: .unitedStates),
            line: 1)
        _ = try batch.commit { _ in }
        #expect(try naming(imported.digest) == 1)
        #expect(try photos(imported.digest) == 1)
        #expect(try rig.photos.photo(imported.digest)?.bytes == imported.bytes)
    }
}
