import Contacts
import Foundation
import SQLiteStorage
import Testing

@testable import App

struct SeedCommandTests {
    let folder = NSTemporaryDirectory() + "roster-seed-tests-" + UUID().uuidString
    let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Migrations").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func seed(_ path: String, count: Int = 50) -> Int32 {
        var options = SeedOptions(database: path, count: count, randomSeed: 9)
        options.migrationsDirectory = migrations
        return run(.seed(options))
    }

    @Test func seedFillsANewDatabaseAndExitsZero() throws {
        let path = folder + "/new.sqlite"
        #expect(seed(path) == 0)
        #expect(try SQLiteContactStore(readingFrom: path).count() == 50)
    }

    @Test func badTargetsExitOneAndOverwriteNothing() throws {
        let text = folder + "/text.sqlite"
        try "hello, not SQLite\n".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(seed(text) == 1)
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "hello, not SQLite\n")

        #expect(seed(folder + "/missing/dir/db.sqlite") == 1)
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))

        let full = folder + "/full.sqlite"
        #expect(seed(full, count: 5) == 0)
        #expect(seed(full, count: 5) == 1, "a second seed would mix two data sets")
        #expect(try SQLiteContactStore(readingFrom: full).count() == 5)

        let newer = folder + "/newer.sqlite"
        #expect(seed(newer, count: 0) == 0)
        try SQLiteDatabase(path: newer).execute(
            "INSERT INTO schema_migrations (version, name) VALUES (9999, 'x.sql')")
        #expect(seed(newer, count: 5) == 1)
        #expect(try SQLiteContactStore(readingFrom: newer).count() == 0)
    }
}
