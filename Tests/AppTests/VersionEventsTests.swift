import Contacts
import Foundation
import Synchronization
import Testing

@testable import App
@testable import HTTP

/// The hub of `/events` without sockets: what each stream is given to send.
struct VersionEventsTests {
    static func version(_ number: Int) -> ListVersion {
        ListVersion(version: number, total: number * 10, contentHeight: number * 560)
    }

    /// The fields of the event `stream` would send next (nil: nothing pending).
    static func pending(_ stream: EventStream) -> [String: String]? {
        guard case .event(let bytes) = stream.next() else { return nil }
        var fields: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...].dropFirst())
        }
        return fields
    }

    @Test func aStreamStartsWithTheNewestVersionAndTheRetryDelay() {
        let hub = VersionEvents(Self.version(4))
        let fields = Self.pending(hub.open(lastEventID: nil))
        #expect(fields?["id"] == "4" && fields?["event"] == "version" && fields?["retry"] == "1000")
        #expect(fields?["data"] == #"{"version":4,"total":40,"contentHeight":2240}"#)
    }

    @Test func anOldLastEventIDGetsTheNewestAndTheCurrentOneNoRepeat() {
        let hub = VersionEvents(Self.version(4))
        #expect(Self.pending(hub.open(lastEventID: "2"))?["id"] == "4")
        #expect(Self.pending(hub.open(lastEventID: "junk"))?["id"] == "4")
        let resumed = Self.pending(hub.open(lastEventID: "4"))
        #expect(resumed?["id"] == nil && resumed?["retry"] == "1000", "only the retry delay")
    }

    @Test func publishingReachesEveryStreamAndABurstLeavesTheNewest() {
        let hub = VersionEvents(Self.version(1))
        let streams = (0..<3).map { _ in hub.open(lastEventID: nil) }
        for version in 2...5 { hub.publish(Self.version(version)) }
        hub.publish(Self.version(3))  // a late install of an older version changes nothing
        for stream in streams { #expect(Self.pending(stream)?["id"] == "5") }
        #expect(hub.newest == Self.version(5))
    }

    @Test func aStreamLeavesTheHubWhenItEnds() {
        let hub = VersionEvents(Self.version(1))
        let streams = (0..<2).map { _ in hub.open(lastEventID: nil) }
        #expect(hub.openStreams == 2)
        streams[0].close()
        #expect(hub.openStreams == 1)
        hub.publish(Self.version(2))
        #expect(Self.pending(streams[1])?["id"] == "2")
    }

    @Test func theCatalogTellsItsHookOfEachNewerSnapshotOnly() throws {
        let told = Mutex<[Int]>([])
        func snapshot(_ version: Int) throws -> ListSnapshot {
            try ListSnapshot(state: ListState(version: version, sections: [], order: .empty))
        }
        let catalog = Catalog(try snapshot(2)) { snapshot in
            told.withLock { $0.append(snapshot.version) }
        }
        catalog.install(try snapshot(3))
        catalog.install(try snapshot(1))
        catalog.install(try snapshot(3))
        #expect(told.withLock { $0 } == [3])
    }
}
