import Foundation
import TestSupport
import Testing

@testable import App

struct ConnectionCapTests {
    /// `--max-connections` reaches the server: past the cap (shared out over the
    /// event loops, at least one each), new connections are closed at once, and
    /// there is room again once the held ones go away.
    @Test func connectionsPastMaxConnectionsAreClosedAtOnce() throws {
        let live = try LiveApplication(contacts: 0) { $0.maxConnections = 2 }
        let loops = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let room = max(2, loops)
        let opened = room + 6
        do {
            let clients = (0..<opened).map { _ in live.client() }
            Thread.sleep(forTimeInterval: 0.2)
            var closed = 0
            for client in clients {
                client.setTimeout(0.3)
                if client.isClosedByPeer() { closed += 1 }
            }
            #expect(closed >= opened - room, "\(closed) of \(opened) closed; room for \(room)")
            #expect(closed < opened, "some connections are held")
        }
        Thread.sleep(forTimeInterval: 0.3)
        let client = live.client()
        #expect(client.get("/healthz")?.text == "ok", "room again once the others closed")
    }
}
