import Foundation
import TestSupport
import Testing

@testable import App

struct ConnectionCapTests {
    /// `--max-connections` reaches the server: past the cap (one count across the
    /// event loops), new connections are closed at once, and there is room again
    /// once the held ones go away.
    @Test func connectionsPastMaxConnectionsAreClosedAtOnce() throws {
        let live = try LiveApplication(contacts: 0) { $0.maxConnections = 2 }
        let opened = 8
        do {
            let clients = (0..<opened).map { _ in live.client() }
            var closed = 0
            for client in clients {
                client.setTimeout(0.5)
                if client.isClosedByPeer() { closed += 1 }
            }
            #expect(closed == opened - 2, "\(closed) of \(opened) closed; the cap is 2")
        }
        // Retried: the server notices the held connections closing a moment later.
        var answered = false
        for _ in 0..<50 where !answered {
            answered = live.client().get("/healthz")?.text == "ok"
            if !answered { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(answered, "room again once the others closed")
    }
}
