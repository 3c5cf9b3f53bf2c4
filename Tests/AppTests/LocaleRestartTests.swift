import Contacts
import Foundation
import SQLiteStorage
import Testing

/// `roster serve --locale` on a list made in another locale (docs/api.md, "The list's locale"):
/// the start makes every key again in one transaction, so a kill in the middle of it leaves the
/// list as it was, and the next start makes them.
@Suite(.serialized)
struct LocaleRestartTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The roster executable `swift build --build-tests` made beside the tests (in the folder of
    /// the test bundle that runs, whichever build folder that is).
    static var roster: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "roster"
        )
        .path
    }

    /// `roster serve` in `locale` on `path`, its stderr written to `log`.
    static func serve(_ path: String, locale: String, log: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: roster)
        process.arguments = [
            "serve", "--port", "0", "--db", path, "--seed", "0", "--locale", locale,
            "--public", root.appendingPathComponent("Public").path,
            "--migrations", root.appendingPathComponent("Migrations").path,
        ]
        FileManager.default.createFile(atPath: log, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// What `serve` wrote to `log` so far.
    static func said(_ log: String) -> String {
        (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    }

    /// Whether `condition` holds within `seconds`.
    static func within(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(5_000)
        }
        return condition()
    }

    @Test func aKillInTheMiddleOfTheReorderingLosesNothingAndTheNextStartReorders() throws {
        let folder = NSTemporaryDirectory() + "roster-locale-restart-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/db.sqlite"
        let seeded = try SQLiteContactStore(
            path: path,
            migrator: SQLiteMigrator(directory: Self.root.appendingPathComponent("Migrations").path))
        try seeded.settleLocale(.english)
        try seeded.seed(count: 60_000, randomSeed: 2)
        let before = try seeded.listState()

        // A start in Swedish, killed once it says it reorders.
        let log = folder + "/first.log"
        let killed = try Self.serve(path, locale: "sv", log: log)
        #expect(
            Self.within(120) { Self.said(log).contains("roster: ordering 60000 contacts for the locale sv") },
            "\(Self.said(log))")
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        let after = try SQLiteContactStore(writingTo: path)
        #expect(try after.listState().order.allEntries.map(\.id) == before.order.allEntries.map(\.id))
        #expect(try after.sections() == before.sections)
        #expect(after.locale === ListLocale.english, "still the English list")

        // The next start makes the keys (and listens once it has).
        let again = folder + "/second.log"
        let server = try Self.serve(path, locale: "sv", log: again)
        defer {
            // SIGKILL: a child of the test runner may inherit its blocked SIGTERM.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        let swedish = try ListLocale.named("sv")
        #expect(
            Self.within(300) { (try? SQLiteContactStore(readingFrom: path).locale.tag) == "sv" },
            "\(Self.said(again))")
        let reader = try SQLiteContactStore(readingFrom: path)
        let state = try reader.listState()
        #expect(
            Set(state.order.allEntries.map(\.id)) == Set(before.order.allEntries.map(\.id)), "no contact lost"
        )
        #expect(state.sections.map(\.title) == swedish.titles)
        let contacts = try reader.contacts(at: 0..<state.total, in: state.order)
        let keys = contacts.map { ($0.fields.sortKey(in: swedish), $0.id) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "in Swedish order")
    }
}
