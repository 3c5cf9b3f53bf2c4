import Foundation
import Platform
import Synchronization
import TestSupport
import Testing

@testable import App

/// The SQLite file removed or replaced under a running server (`SQLiteFileWatch`):
/// reads and writes answer 503 JSON `database_replaced`, and the log says so once.
@Suite(.serialized)
struct DatabaseFileAPITests {
    private func status(
        _ client: RawClient, _ method: String, _ target: String, body: String? = nil,
        type: String = "application/json"
    ) -> (Int, [String: Any]) {
        var request = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        if let body { request += "Content-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n" }
        client.send(request + "\r\n" + (body ?? ""))
        guard let response = client.readResponses().first else { return (0, [:]) }
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        return (response.status, json)
    }

    @Test(arguments: [false, true])
    func aFileRemovedOrReplacedUnderTheServerIsAnswered503AndLoggedOnce(replaced: Bool) throws {
        let lines = Mutex<[String]>([])
        let live = try LiveApplication(
            contacts: 300, logger: Logger { line in lines.withLock { $0.append(line) } })
        let client = live.client()
        let path = live.folder + "/db.sqlite"
        #expect(status(client, "GET", "/window?offset=0&height=100").0 == 200)
        #expect(status(client, "POST", "/contacts", body: #"{"first_name": "Before"}"#).0 == 201)
        // Moved away, and for `replaced` another file moved in its place.
        try FileManager.default.moveItem(atPath: path, toPath: path + ".moved")
        if replaced { try FileManager.default.copyItem(atPath: path + ".moved", toPath: path) }
        let (written, refusal) = status(client, "POST", "/contacts", body: #"{"first_name": "After"}"#)
        #expect(written == 503 && refusal["error"] as? String == "database_replaced", "\(refusal)")
        // A read renews its transaction within a second, and is refused then.
        Thread.sleep(forTimeInterval: 1.2)
        let (read, answer) = status(client, "GET", "/window?offset=0&height=100")
        #expect(read == 503 && answer["error"] as? String == "database_replaced")
        #expect((answer["message"] as? String)?.contains(replaced ? "replaced" : "removed") == true)
        #expect(status(client, "GET", "/export.csv").0 == 503)
        let (imported, _) = status(client, "POST", "/import", body: "first_name\nLate\n", type: "text/csv")
        #expect(imported == 503)
        let told = lines.withLock { $0 }.filter { $0.hasPrefix("roster: the database file \(path) was") }
        #expect(told.count == 1, "\(lines.withLock { $0 })")
    }
}
