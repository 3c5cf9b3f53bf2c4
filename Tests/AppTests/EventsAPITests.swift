import Foundation
import TestSupport
import Testing

@testable import App

/// `GET /events` on a live application: the first event, imports announced,
/// resuming, heartbeats, several streams, the connection cap and shutdown.
@Suite(.serialized)
struct EventsAPITests {
    /// What an `event: version` announces, checked against its `id`.
    struct Announced: Equatable {
        var version: Int
        var total: Int
        var contentHeight: Int
    }

    static func announced(_ message: EventStreamReader.Message?) -> Announced? {
        guard let message, message["event"] == "version", let id = message["id"].flatMap({ Int($0) }),
            let data = message["data"].flatMap({ $0.data(using: .utf8) }),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let version = json["version"] as? Int, version == id, let total = json["total"] as? Int,
            let contentHeight = json["contentHeight"] as? Int
        else { return nil }
        return Announced(version: version, total: total, contentHeight: contentHeight)
    }

    static func stream(_ live: LiveApplication, headers: [String: String] = [:]) -> EventStreamReader {
        EventStreamReader(port: live.port, headers: headers)
    }

    @Test(arguments: TestStore.available)
    func theFirstEventIsTheCurrentVersionUncachedAndUncompressed(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let reader = Self.stream(live, headers: ["Accept": "text/event-stream", "Accept-Encoding": "gzip"])
        #expect(reader.status == 200 && reader.headers["content-type"] == "text/event-stream")
        #expect(reader.headers["cache-control"] == "no-store" && reader.headers["content-encoding"] == nil)
        let first = reader.next()
        #expect(first?["retry"] != nil)
        let sections = try #require(live.client().getJSON("/sections")?.json)
        #expect(
            Self.announced(first)
                == Announced(
                    version: sections["version"] as? Int ?? -1, total: sections["total"] as? Int ?? -1,
                    contentHeight: sections["contentHeight"] as? Int ?? -1))
    }

    @Test(arguments: TestStore.available)
    func anAcceptWithoutEventStreamGets406AndNoAcceptIsFine(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let refused = try #require(live.client().get("/events", headers: ["Accept": "application/json"]))
        #expect(refused.status == 406 && refused.text.contains("\"error\":\"not_acceptable\""))
        #expect(Self.announced(Self.stream(live).next()) != nil)
    }

    @Test(arguments: TestStore.available)
    func anImportIsAnnouncedToEveryStreamWithin250Milliseconds(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 10)
        let readers = (0..<3).map { _ in Self.stream(live) }
        let first = try #require(Self.announced(readers[0].next()))
        for reader in readers.dropFirst() { #expect(Self.announced(reader.next()) == first) }
        let (status, _) = live.client().post("/import", "first_name\nAda\nGrace\n")
        #expect(status == 200)
        let answered = Date()
        for reader in readers {
            let event = try #require(Self.announced(reader.next(timeout: 2)))
            #expect(event.version > first.version && event.total == 12)
            #expect(event.contentHeight > first.contentHeight)
        }
        #expect(Date().timeIntervalSince(answered) < 0.25, "announced within 250 ms of the import's answer")
    }

    @Test(arguments: TestStore.available)
    func resumingWithAnOldIDGetsTheNewestAtOnceAndWithTheCurrentOneWaits(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 10)
        let old = try #require(Self.announced(Self.stream(live).next())).version
        #expect(live.client().post("/import", "first_name\nAda\n").status == 200)
        let current = try #require(live.client().getJSON("/sections")?.json["version"] as? Int)
        #expect(current > old)
        let started = Date()
        let resumed = Self.announced(
            Self.stream(live, headers: ["Last-Event-ID": String(old)]).next(timeout: 1))
        #expect(resumed?.version == current && Date().timeIntervalSince(started) < 1)
        let upToDate = Self.stream(live, headers: ["Last-Event-ID": String(current)])
        #expect(Self.announced(upToDate.next(timeout: 0.3)) == nil, "nothing it has already")
        #expect(live.client().post("/import", "first_name\nGrace\n").status == 200)
        #expect(try #require(Self.announced(upToDate.next(timeout: 2))).version > current)
    }

    @Test(arguments: TestStore.available)
    func aQuietStreamGetsAKeepAliveComment(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0) { $0.eventHeartbeat = 0.2 }
        let reader = Self.stream(live)
        #expect(Self.announced(reader.next()) != nil)
        #expect(reader.next(timeout: 2)?[":"] == "keep-alive")
    }

    @Test(arguments: TestStore.available)
    func streamsCountAgainstTheConnectionCap(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0) { $0.maxConnections = 2 }
        var readers = (0..<2).map { _ in Self.stream(live) }
        for reader in readers { #expect(Self.announced(reader.next()) != nil) }
        let refused = live.client()
        refused.setTimeout(1)
        #expect(refused.isClosedByPeer(), "two streams fill a cap of 2")
        readers.removeFirst()  // closes its socket: the server sees the close and lets the stream go
        var admitted = false
        for _ in 0..<50 where !admitted {
            admitted = Self.announced(Self.stream(live).next(timeout: 0.5)) != nil
            if !admitted { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(admitted, "room again once a stream's client left")
    }

    @Test(arguments: TestStore.available)
    func stoppingEndsOpenStreamsAndReturnsPromptly(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0)
        let reader = Self.stream(live)
        #expect(Self.announced(reader.next()) != nil)
        let started = Date()
        live.application.stop()
        #expect(reader.waitForEnd(timeout: 1), "the stream's last chunk came")
        live.application.wait()
        #expect(Date().timeIntervalSince(started) < 1.5)
    }
}
