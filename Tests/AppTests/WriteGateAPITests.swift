import Foundation
import TestSupport
import Testing

@testable import App

/// The write gate on a live server: imports and `/export.csv` by the `Host` they
/// name, with and without an admin token.
@Suite(.serialized)
struct WriteGateAPITests {
    private static let csv = "first_name\nAnn\n"

    /// The answer to a raw request with these header lines (and `body` with its length).
    private func send(_ live: LiveApplication, _ head: String, body: String = "") throws -> ParsedResponse {
        let client = live.client()
        let length = body.isEmpty ? "" : "Content-Length: \(body.utf8.count)\r\n"
        client.send(head + length + "\r\n" + body)
        return try #require(client.readResponses().first)
    }

    private func json(_ response: ParsedResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    @Test func anImportNamingAnotherHostIs403AndImportsNothing() throws {
        let live = try LiveApplication(contacts: 3)
        for host in ["evil.example", "evil.example:8080", "127.0.0.1.nip.io", "192.168.1.20:8080"] {
            let (status, body) = live.client().post("/import", Self.csv, host: host)
            #expect(status == 403, "\(host)")
            #expect(body["error"] as? String == "forbidden_host", "\(host)")
            let message = try #require(body["message"] as? String)
            #expect(message.contains("DNS rebinding") && message.contains("--admin-token"), "\(message)")
        }
        let refused = live.client().postResponse("/import", Self.csv, host: "evil.example")
        #expect(refused?.headers["vary"] == "Sec-Fetch-Site, Origin, Authorization, Cookie, Accept-Encoding")
        #expect(live.client().getJSON("/sections")?.json["total"] as? Int == 3, "nothing was imported")
    }

    @Test func anImportWithoutAHostIs403() throws {
        let live = try LiveApplication(contacts: 0)
        let response = try send(live, "POST /import HTTP/1.0\r\nContent-Type: text/csv\r\n", body: Self.csv)
        #expect(response.status == 403 && json(response)["error"] as? String == "forbidden_host")
    }

    @Test func anImportNamingALoopbackHostIsTaken() throws {
        let live = try LiveApplication(contacts: 0)
        let hosts = [
            "localhost", "LOCALHOST:\(live.port)", "127.0.0.1:\(live.port)", "127.0.0.2",
            "[::1]:\(live.port)",
        ]
        for host in hosts {
            #expect(live.client().post("/import", Self.csv, host: host).status == 200, "\(host)")
        }
        #expect(live.client().getJSON("/sections")?.json["total"] as? Int == hosts.count)
    }

    @Test func anExportNamingAnotherHostIs403JSONAndALoopbackOneIsTheCSV() throws {
        let live = try LiveApplication(contacts: 5)
        let refused = try #require(live.client().get("/export.csv", host: "evil.example:8080"))
        #expect(refused.status == 403 && refused.headers["content-type"] == "application/json")
        #expect(json(refused)["error"] as? String == "forbidden_host")
        #expect((json(refused)["message"] as? String)?.hasPrefix("exports are answered only") == true)
        #expect(refused.headers["vary"]?.contains("Authorization") == true)
        let noHost = try send(live, "GET /export.csv HTTP/1.0\r\n")
        #expect(noHost.status == 403)
        let exported = try #require(live.client().get("/export.csv", host: "127.0.0.1:\(live.port)"))
        #expect(exported.status == 200 && exported.text.split(separator: "\r\n").count == 6)
        #expect(exported.headers["vary"]?.contains("Authorization") == true)
    }

    @Test func withATokenTheHostDoesNotMatterToWritesThatCarryIt() throws {
        let live = try LiveApplication(contacts: 0) { $0.adminToken = "s3cret" }
        let token = ["Content-Type": "text/csv", "Authorization": "Bearer s3cret"]
        #expect(
            live.client().post("/import", Self.csv, headers: token, host: "roster.example.org").status == 200)
        let (status, body) = live.client().post("/import", Self.csv, host: "localhost")
        #expect(
            status == 401 && body["error"] as? String == "unauthorized", "the token is needed on loopback too"
        )
        #expect((body["message"] as? String)?.hasPrefix("imports need the admin token") == true)
    }

    @Test func withATokenAnExportThroughAnotherNameNeedsIt() throws {
        let live = try LiveApplication(contacts: 2) { $0.adminToken = "s3cret" }
        let refused = try #require(live.client().get("/export.csv", host: "roster.example.org"))
        #expect(refused.status == 401 && refused.headers["www-authenticate"] == "Bearer")
        let carried = live.client().get(
            "/export.csv", headers: ["Authorization": "Bearer s3cret"], host: "roster.example.org")
        #expect(carried?.status == 200)
        #expect(
            live.client().get("/export.csv")?.status == 200, "on loopback an export is a read like any other")
    }

    @Test func aPublicServerWithATokenTakesWritesThroughItsName() throws {
        let live = try LiveApplication(contacts: 0) {
            $0.host = "0.0.0.0"
            $0.adminToken = "s3cret"
        }
        let token = ["Content-Type": "text/csv", "Authorization": "Bearer s3cret"]
        #expect(
            live.client().post("/import", Self.csv, headers: token, host: "roster.lan:8080").status == 200)
        #expect(live.client().post("/import", Self.csv, host: "roster.lan:8080").status == 401)
    }

    @Test func aPublicServerWithoutATokenStillExportsForALoopbackHost() throws {
        let live = try LiveApplication(contacts: 2) {
            $0.host = "0.0.0.0"
            $0.publicRead = true
        }
        #expect(live.client().post("/import", Self.csv).status == 403)
        #expect(live.client().get("/export.csv")?.status == 200)
        #expect(live.client().get("/export.csv", host: "roster.lan")?.status == 403)
    }
}
