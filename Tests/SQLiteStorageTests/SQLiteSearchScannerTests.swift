import Contacts
import Foundation
import SQLiteStorage
import Testing

/// A search scanned in two halves on two connections finds what one scan does.
struct SQLiteSearchScannerTests {
    let folder = NSTemporaryDirectory() + "roster-scanner-tests-" + UUID().uuidString
    let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Migrations").path

    @Test func halvesOnTwoConnectionsFindWhatOneScanFinds() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/roster.sqlite"
        try SQLiteContactStore(path: path, migrator: SQLiteMigrator(directory: migrations)).seed(
            count: 3_000, randomSeed: 4)
        let store = try SQLiteContactStore(readingFrom: path)
        let version = try store.pin()
        let split = SQLiteSearchScanner(databasePath: path, splitFrom: 1)
        let whole = SQLiteSearchScanner(databasePath: path, splitFrom: .max)
        for query in [["a"], ["an"], ["son"], ["555"], ["e", "o"], ["zzqx"]] {
            let one = Array(try whole.matches(query, store: store, version: version))
            #expect(!one.isEmpty || query == ["zzqx"])
            #expect(Array(try split.matches(query, store: store, version: version)) == one, "\(query)")
            // A helper whose read sees another version leaves its half to the caller.
            #expect(Array(try split.matches(query, store: store, version: version + 1)) == one, "\(query)")
        }
    }

    @Test func labelsAndFavouritesInTwoHalvesAreWhatOneScanFinds() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/roster.sqlite"
        let writer = try SQLiteContactStore(path: path, migrator: SQLiteMigrator(directory: migrations))
        try writer.settleLocale(.english)
        try writer.add(
            (0..<3_000).map { index in
                ContactFields(
                    firstName: "N\(index)", favorite: index % 7 == 0,
                    labels: index % 3 == 0 ? "Work" : index % 5 == 0 ? "work\nGolf" : "")
            })
        let store = try SQLiteContactStore(readingFrom: path)
        let version = try store.pin()
        let split = SQLiteSearchScanner(databasePath: path, splitFrom: 1)
        for name in ["Work", "golf", "none"] {
            let one = Array(try store.labelled(name))
            #expect(!one.isEmpty || name == "none")
            #expect(Array(try split.labelled(name, store: store, version: version)) == one, "\(name)")
            #expect(Array(try split.labelled(name, store: store, version: version + 1)) == one, "\(name)")
        }
        let starred = Array(try store.favorites())
        #expect(starred.count == 429)
        #expect(Array(try split.favorites(store: store, version: version)) == starred)
    }
}
