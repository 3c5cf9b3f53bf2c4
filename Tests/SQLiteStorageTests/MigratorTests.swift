import Foundation
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

struct MigratorTests {
    @Test func anEmptyDatabaseGetsEveryMigrationRecorded() throws {
        let folder = TestFolder()
        let migrator = try SQLiteMigrator(directory: TestFolder.migrations)
        let database = try SQLiteDatabase(path: folder.file("a.sqlite"))
        let applied = try migrator.migrate(database)
        #expect(applied.map(\.version) == migrator.migrations.map(\.version))
        #expect(try database.integer("SELECT count(*) FROM schema_migrations") == migrator.migrations.count)
        #expect(try database.tableExists("contacts"))
        #expect(try database.integer("SELECT count(*) FROM sections") == 27)
    }

    @Test func aFileOfTheFirstSchemaKeepsItsContactsInOrderAfterTheLiveDataMigration() throws {
        let folder = TestFolder()
        let first = folder.file("first")
        try FileManager.default.createDirectory(atPath: first, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestFolder.migrations + "/0001_contacts.sql", toPath: first + "/0001_contacts.sql"
        )
        let database = try SQLiteDatabase(path: folder.file("a.sqlite"))
        try SQLiteMigrator(directory: first).migrate(database)
        // The list as the first schema stored it: sort keys in the table, positions beside.
        // Keys as the first schema made them: the section byte (a-z 0...25, else 26), the folded
        // sort name, 0, the folded first name.
        let names = [("Émile", "Zola"), ("ada", ""), ("Bo", "Ängström"), ("李", "")]
        for (index, (firstName, lastName)) in names.enumerated() {
            let sortName = NameFolding.fold(lastName.isEmpty ? firstName : lastName)
            let section = sortName.first.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x61 : 26 } ?? 26
            let key = [section] + sortName + [0] + NameFolding.fold(firstName)
            try database.run(
                """
                INSERT INTO contacts (id, sort_key, first_name, last_name, notes)
                VALUES (:id, :sort_key, :first_name, :last_name, :notes)
                """
            ) { insert in
                insert.bind(index + 1, to: ":id")
                insert.bind(blob: key, to: ":sort_key")
                insert.bind(firstName, to: ":first_name")
                insert.bind(lastName, to: ":last_name")
                insert.bind(String(repeating: "note\n", count: index), to: ":notes")
            }
        }
        try SQLiteMigrator(directory: TestFolder.migrations).migrate(database)
        #expect(try database.tableExists("positions") == false)
        let store = try SQLiteContactStore(
            path: folder.file("a.sqlite"), migrator: SQLiteMigrator(directory: TestFolder.migrations))
        #expect(
            try store.listState().order.allEntries.map(\.id) == [2, 3, 1, 4], "ada, Ängström, Zola, then #")
        #expect(try store.storedLocale() == nil, "a list from before locales names none")
        // Its first start makes every key again in its locale (ICU orders these four alike).
        #expect(try store.settleLocale(.english))
        #expect(try store.listState().order.allEntries.map(\.id) == [2, 3, 1, 4])
        #expect(try store.sections().map(\.title) == ListLocale.english.titles)
        #expect(try store.contact(id: 3)?.position == 1)
        #expect(try store.contact(id: 3)?.fields.favorite == false)
        // Notes lines are counted once, at the next start (the migration cannot wrap words).
        #expect(try store.listState().order.allEntries.map(\.lines) == [0, 0, 0, 0])
        try store.countNoteLinesIfNeeded()
        #expect(
            try store.listState().order.allEntries.map(\.lines) == [1, 2, 0, 3], "ada, Ängström, Zola, 李")
        try database.execute("UPDATE contact_order SET lines = 0")
        try store.countNoteLinesIfNeeded()
        #expect(try store.listState().order.allEntries.map(\.lines) == [0, 0, 0, 0], "counted once only")
    }

    @Test func anUpToDateDatabaseIsLeftAlone() throws {
        let folder = TestFolder()
        let migrator = try SQLiteMigrator(directory: TestFolder.migrations)
        let database = try SQLiteDatabase(path: folder.file("a.sqlite"))
        try migrator.migrate(database)
        let schema = try database.integer("PRAGMA schema_version")
        #expect(try migrator.migrate(database).isEmpty)
        #expect(try database.integer("SELECT count(*) FROM schema_migrations") == migrator.migrations.count)
        #expect(try database.integer("PRAGMA schema_version") == schema, "no statement changed the schema")
    }

    @Test func aDatabaseFromANewerRosterIsRefusedAndUntouched() throws {
        let folder = TestFolder()
        let migrator = try SQLiteMigrator(directory: TestFolder.migrations)
        let database = try SQLiteDatabase(path: folder.file("a.sqlite"))
        try migrator.migrate(database)
        try database.execute("INSERT INTO schema_migrations (version, name) VALUES (9999, '9999_future.sql')")
        #expect(
            throws: ContactsError.schemaNewer(
                path: folder.file("a.sqlite"), databaseVersion: 9999, codeVersion: migrator.latestVersion)
        ) {
            try migrator.migrate(database)
        }
        #expect(try database.integer("SELECT max(version) FROM schema_migrations") == 9999)
        let message = ContactsError.schemaNewer(path: "x.sqlite", databaseVersion: 9999, codeVersion: 1)
            .description
        #expect(message.contains("x.sqlite") && message.contains("newer"))
    }

    @Test func migrationsApplyInVersionOrderAndAFailureRollsBackOnlyThatFile() throws {
        let folder = TestFolder()
        let migrations = folder.file("migrations")
        try FileManager.default.createDirectory(atPath: migrations, withIntermediateDirectories: true)
        try "CREATE TABLE b (x);".write(toFile: migrations + "/0010_b.sql", atomically: true, encoding: .utf8)
        try "CREATE TABLE a (x);".write(toFile: migrations + "/0002_a.sql", atomically: true, encoding: .utf8)
        try "CREATE TABLE c (x); INSERT INTO nowhere VALUES (1);".write(
            toFile: migrations + "/0011_c.sql", atomically: true, encoding: .utf8)
        try "not sql at all".write(toFile: migrations + "/README.txt", atomically: true, encoding: .utf8)
        let migrator = try SQLiteMigrator(directory: migrations)
        #expect(migrator.migrations.map(\.version) == [2, 10, 11])
        let database = try SQLiteDatabase(path: folder.file("a.sqlite"))
        #expect {
            try migrator.migrate(database)
        } throws: { error in
            guard case ContactsError.migrationFailed(let file, let message) = error else { return false }
            return file == "0011_c.sql" && message.contains("nowhere")
        }
        #expect(try database.tableExists("a") && database.tableExists("b"))
        #expect(try !database.tableExists("c"), "the failed file left nothing behind")
        #expect(try database.integer("SELECT max(version) FROM schema_migrations") == 10)
    }

    @Test func badlyNamedMissingOrDuplicateMigrationsAreRefused() throws {
        let folder = TestFolder()
        #expect(throws: ContactsError.self) { try SQLiteMigrator(directory: folder.file("missing")) }
        #expect(throws: ContactsError.self) { try SQLiteMigrator(directory: folder.path) }  // no .sql files
        try "SELECT 1;".write(toFile: folder.file("first.sql"), atomically: true, encoding: .utf8)
        #expect {
            try SQLiteMigrator(directory: folder.path)
        } throws: { "\($0)".contains("first.sql is not named NNNN_description.sql") }
        try FileManager.default.removeItem(atPath: folder.file("first.sql"))
        try "SELECT 1;".write(toFile: folder.file("0001_a.sql"), atomically: true, encoding: .utf8)
        try "SELECT 1;".write(toFile: folder.file("01_b.sql"), atomically: true, encoding: .utf8)
        #expect {
            try SQLiteMigrator(directory: folder.path)
        } throws: { "\($0)".contains("share version 1") }
    }
}
