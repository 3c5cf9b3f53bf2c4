import Foundation
import HTTP
import Platform
import Synchronization
import TestSupport
import Testing

@testable import App

/// A first start listens at once, answers 503 `seeding` with the progress while it
/// seeds, then serves the list on the same port.
struct FirstStartTests {
    @Test func aFirstStartListensAtOnceAndServesTheListOnceSeeded() throws {
        let folder = NSTemporaryDirectory() + "roster-first-start-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/public", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "<!doctype html><title>Roster test</title>".write(
            toFile: folder + "/public/index.html", atomically: true, encoding: .utf8)
        var options = ServeOptions()
        options.port = 0
        options.database = folder + "/db.sqlite"
        options.seed = 50_000
        options.publicDirectory = folder + "/public"
        options.migrationsDirectory =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Migrations").path
        let application = try Application(options: options, logger: .discarding)
        try application.start()
        defer {
            application.stop()
            application.wait()
        }
        let client = RawClient(port: application.port)
        // Seeding: the page loads, the API says how far the seed is and when to ask again.
        #expect(client.get("/")?.status == 200)
        for target in ["/window?offset=0&height=800", "/sections", "/healthz", "/contacts/1", "/labels"] {
            let answer = try #require(client.get(target))
            let json = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
            #expect(answer.status == 503 && answer.headers["retry-after"] == "1", "\(target)")
            #expect(
                json?["error"] as? String == "seeding" && json?["percent"] is Int, "\(target): \(answer.text)"
            )
        }
        let events = try #require(client.get("/events"))
        #expect(events.status == 200 && events.text == "retry: 1000\n\n")
        var write = "POST /contacts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        write += "Content-Length: 20\r\n\r\n{\"first_name\":\"Ada\"}"
        client.send(write)
        #expect(client.readResponses().first?.status == 503)
        #expect(throws: HTTPError.self) { try application.makeRouter() }
        // Then the list, on the same port.
        #expect(try application.waitUntilReady())
        let window = try #require(RawClient(port: application.port).getJSON("/window?offset=0&height=800"))
        #expect(window.status == 200 && window.json["total"] as? Int == 50_000)
        #expect(RawClient(port: application.port).get("/healthz")?.text == "ok")
    }

    @Test func theProgressCountsTheRowsWrittenThenEstimatesTheIndexFromTheWritingsPace() {
        let now = Atomic<UInt64>(0)
        let progress = SeedProgress(
            total: 1_000, clock: MonotonicClock(nanoseconds: { now.load(ordering: .relaxed) }))
        #expect(progress.percent == 0)
        progress.wrote(0)
        #expect(progress.percent == Int(SeedProgress.drawnAt))
        now.store(10_000_000_000, ordering: .relaxed)  // 10 s of writing
        progress.wrote(500)
        #expect(progress.percent == 40)
        progress.wrote(1_000)
        #expect(progress.percent == 75)
        now.store(12_000_000_000, ordering: .relaxed)  // half of the 4 s the index is expected to take
        #expect(progress.percent == 86)
        now.store(60_000_000_000, ordering: .relaxed)  // far longer: it waits below its end
        #expect(progress.percent < Int(SeedProgress.indexedAt))
        progress.loading()
        #expect(progress.percent == Int(SeedProgress.indexedAt))
    }
}
