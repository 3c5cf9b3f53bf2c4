import Contacts
import Foundation
import Platform
import SQLiteStorage

/// The store's figures on 1,000,000 contacts: seeding a fresh file beside the
/// sqlite3 command-line tool importing the same contacts as CSV and building the
/// sort index (same machine, same run), the list read as a server reads it at start,
/// window reads at three depths, file size, the order's memory.
enum StoreBenchmark {
    static let count = 1_000_000

    static func run() {
        do {
            try measure()
        } catch {
            print("store error: \(error)")
            exit(1)
        }
    }

    static func measure() throws {
        let folder = NSTemporaryDirectory() + "roster-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let migrator = try SQLiteMigrator(directory: "Migrations")  // run from the project root

        let csvPath = folder + "/contacts.csv"
        guard FileManager.default.createFile(atPath: csvPath, contents: nil) else {
            throw SQLiteError.cannotOpen(path: csvPath, reason: "cannot create the benchmark's CSV file")
        }
        let csv = try FileHandle(forWritingTo: URL(fileURLWithPath: csvPath))
        SyntheticContacts(seed: 1).csv(count: count) { csv.write(Data($0)) }
        try csv.close()

        var ours: [Double] = []
        var theirs: [Double] = []
        var size = 0
        for round in 0..<3 {
            let path = folder + "/seed-\(round).sqlite"
            ours.append(
                try seconds {
                    let store = try SQLiteContactStore(path: path, migrator: migrator)
                    try store.seed(count: count, randomSeed: 1)
                })
            size = try fileSize(path)
            theirs.append(
                try seconds { try sqliteImport(csv: csvPath, into: folder + "/anchor-\(round).sqlite") })
            if round < 2 { removeDatabase(path) }
            removeDatabase(folder + "/anchor-\(round).sqlite")
        }
        let seed = median(ours)
        let anchor = median(theirs)
        print("store seed 1M seconds: \(format(seed))")
        print("store sqlite3 import+indexes 1M seconds: \(format(anchor))")
        print("store seed/sqlite3 ratio: \(format(seed / anchor)) (target <= 1.0)")

        let store = try SQLiteContactStore(readingFrom: folder + "/seed-2.sqlite")
        // The list as a server reads it at start: the order tree from `contact_order`.
        var order = ListOrder.empty
        var reads: [Double] = []
        for _ in 0..<5 { reads.append(try seconds { order = try store.listState().order }) }
        print("store list read 1M seconds: \(format(median(reads)))")
        var depths: [Double] = []
        for position in [0, 500_000, 999_970] {
            var samples: [Double] = []
            for _ in 0..<2000 {
                samples.append(
                    try seconds {
                        let rows = try store.contacts(at: position..<(position + 30), in: order)
                        precondition(rows.count == 30)
                    })
            }
            let micros = median(samples) * 1e6
            depths.append(micros)
            print("store read 30 rows at \(position) median us: \(format(micros))")
        }
        print("store read deepest/shallowest ratio: \(format(depths[2] / depths[0])) (target <= 1.5)")
        print("store file bytes 1M: \(size)")
        print("store order and height index bytes 1M: \(order.memoryBytes) (target <= 16 MiB)")
    }

    /// The sqlite3 tool loading `csv` as `scripts/lib/sqlite3-anchor.sql` says:
    /// .import, the sort index and the search index.
    static func sqliteImport(csv: String, into path: String) throws {
        let script = try String(contentsOfFile: "scripts/lib/sqlite3-anchor.sql", encoding: .utf8)
            .replacingOccurrences(of: "{csv}", with: csv)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SQLiteError.sqlite(
                code: process.terminationStatus, message: "the sqlite3 tool failed", sql: nil)
        }
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = MonotonicClock.system.nanoseconds()
        try body()
        return Double(MonotonicClock.system.nanoseconds() - start) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }

    static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
