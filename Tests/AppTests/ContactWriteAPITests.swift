import Foundation
import TestSupport
import Testing

@testable import App

/// POST, PATCH and DELETE /contacts on a live application, and what windows and
/// sessions see of them.
@Suite(.serialized)
struct ContactWriteAPITests {
    /// One request on `client`; the status, the headers and the body as a JSON object.
    private func call(
        _ client: RawClient, _ method: String, _ target: String, _ body: String? = nil,
        headers: [String: String] = [:], host: String = "localhost"
    ) -> (status: Int, headers: [String: String], json: [String: Any]) {
        client.call(method, target, body, headers: headers, host: host)
    }

    private func listState(_ client: RawClient) throws -> (total: Int, version: Int) {
        let window = try #require(client.getJSON("/window?offset=0&height=10")?.json)
        return (window["total"] as! Int, window["version"] as! Int)
    }

    @Test(arguments: TestStore.available)
    func aContactIsAddedReadRenamedStarredAndDeleted(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000)
        let client = live.client()
        let (total, version) = try listState(client)
        let created = call(
            client, "POST", "/contacts", #"{"first_name":"Livia","last_name":"Zzyzx","city":"Oslo"}"#)
        #expect(created.status == 201)
        let id = try #require(created.json["id"] as? Int)
        #expect(created.headers["location"] == "/contacts/\(id)")
        #expect(created.json["favorite"] as? Bool == false && created.json["city"] as? String == "Oslo")
        #expect(created.json["version"] as? Int == version + 1)
        let read = call(client, "GET", "/contacts/\(id)")
        #expect(read.headers["etag"] == created.headers["etag"] && read.json["section"] as? String == "Z")
        #expect((read.json["row"] as? Int ?? 0) > total / 2)
        #expect(try listState(client) == (total + 1, version + 1))

        let renamed = call(
            client, "PATCH", "/contacts/\(id)", #"{"last_name":"Aaberg","email":null}"#,
            headers: ["Content-Type": "application/merge-patch+json"])
        #expect(renamed.status == 200)
        #expect(
            renamed.json["last_name"] as? String == "Aaberg"
                && renamed.json["first_name"] as? String == "Livia")
        #expect((renamed.json["row"] as? Int ?? total) < 100, "the rename moved it near the top")
        let etag = try #require(renamed.headers["etag"])
        #expect(etag != created.headers["etag"])

        let stale = call(
            client, "PATCH", "/contacts/\(id)", #"{"favorite":true}"#,
            headers: ["If-Match": try #require(created.headers["etag"])])
        #expect(stale.status == 412 && stale.json["error"] as? String == "precondition_failed")
        #expect(call(client, "GET", "/contacts/\(id)").json["favorite"] as? Bool == false)
        let starred = call(
            client, "PATCH", "/contacts/\(id)", #"{"favorite":true}"#, headers: ["If-Match": etag])
        #expect(starred.status == 200 && starred.json["favorite"] as? Bool == true)

        #expect(call(client, "DELETE", "/contacts/\(id)", headers: ["If-Match": etag]).status == 412)
        #expect(call(client, "DELETE", "/contacts/\(id)").status == 204)
        #expect(call(client, "GET", "/contacts/\(id)").status == 404)
        #expect(call(client, "DELETE", "/contacts/\(id)").status == 404)
        #expect(call(client, "PATCH", "/contacts/\(id)", #"{"city":"x"}"#).status == 404)
        #expect(try listState(client) == (total, version + 4), "four writes; refusals change nothing")
    }

    @Test(
        arguments: TestStore.each(
            [
                ("{\"first_name\": \"x\",", 400, nil),
                ("[{\"first_name\": \"x\"}]", 400, nil),
                ("{\"first_name\": \"x\", \"nickname\": \"y\"}", 400, "nickname"),
                ("{\"first_name\": \"x\", \"favorite\": \"yes\"}", 422, "favorite"),
                ("{\"first_name\": 42}", 422, "first_name"),
                ("{\"phone\": \"555\"}", 422, "first_name"),
                ("{\"first_name\": \" \", \"last_name\": \"\"}", 422, "first_name"),
                ("{\"first_name\": \"\(String(repeating: "é", count: 257))\"}", 422, "first_name"),
                ("{\"first_name\": \"\(String(repeating: "x", count: 70_000))\"}", 413, nil),
            ] as [(String, Int, String?)]))
    func aBadContactIsRefusedNamingTheFieldAndChangesNothing(
        store: TestStore, body: String, status: Int, field: String?
    ) throws {
        let live = try LiveApplication(store, contacts: 2_000)
        let client = live.client()
        let before = try listState(client)
        let answer = call(client, "POST", "/contacts", body)
        #expect(answer.status == status)
        #expect(answer.json["error"] is String && answer.json["message"] is String)
        #expect(answer.json["field"] as? String == field)
        #expect(try listState(live.client()) == before)
    }

    @Test(arguments: TestStore.available)
    func aPatchThatLeavesNoNameIsRefusedAsABadBodyOrAConflict(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000)
        let client = live.client()
        let id = try #require(
            call(client, "POST", "/contacts", #"{"last_name":"Onlylast"}"#).json["id"] as? Int)
        let both = call(client, "PATCH", "/contacts/\(id)", #"{"first_name":"","last_name":" "}"#)
        #expect(both.status == 422 && both.json["error"] as? String == "name_required")
        let only = call(client, "PATCH", "/contacts/\(id)", #"{"last_name":null}"#)
        #expect(only.status == 409 && only.json["field"] as? String == "last_name")
        #expect(
            call(client, "PATCH", "/contacts/\(id)", #"{"first_name":"Now","last_name":null}"#).status == 200)
        #expect(call(client, "GET", "/contacts/\(id)").json["last_name"] as? String == "")
        #expect(call(client, "DELETE", "/contacts/\(id)").status == 204)
    }

    @Test(arguments: TestStore.available)
    func writesFromElsewhereAreRefusedAndChangeNothing(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000)
        let client = live.client()
        let before = try listState(client)
        let id = 5
        let etag = call(client, "GET", "/contacts/\(id)").headers["etag"]
        for (method, target, body) in [
            ("POST", "/contacts", #"{"first_name":"Evil"}"#),
            ("PATCH", "/contacts/\(id)", #"{"city":"Evil"}"#),
            ("DELETE", "/contacts/\(id)", nil),
        ] {
            #expect(call(client, method, target, body, host: "evil.example:8080").status == 403)
            #expect(
                call(client, method, target, body, headers: ["Sec-Fetch-Site": "cross-site"]).status == 403)
            #expect(
                call(client, method, target, body, headers: ["Origin": "http://evil.example"]).status == 403)
        }
        #expect(
            call(client, "POST", "/contacts", "first_name=x", headers: ["Content-Type": "text/plain"]).status
                == 415)
        #expect(try listState(client) == before)
        #expect(call(client, "GET", "/contacts/\(id)").headers["etag"] == etag)
        #expect(call(client, "GET", "/export.csv", host: "evil.example").status == 403)
    }

    @Test(arguments: TestStore.available)
    func aStarIsOneCellInItsSlotAndInsertsAboveKeepTheFirstContactInPlace(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000)
        let client = live.client()
        let offset = 40_000
        let first = try #require(client.getJSON("/window?offset=\(offset)&height=600")?.json)
        let session = try #require(first["session"] as? String)
        var seq = try #require(first["seq"] as? Int)
        let cells = try #require(first["cells"] as? [[String: Any]]).filter {
            $0["kind"] as? String == "contact"
        }
        let target = cells[cells.count / 2]
        let targetID = (target["contact"] as! [String: Any])["id"] as! Int
        #expect(call(client, "PATCH", "/contacts/\(targetID)", #"{"favorite":true}"#).status == 200)
        let starred = try #require(
            client.getJSON("/window?offset=\(offset)&height=600&session=\(session)&ack=\(seq)")?.json)
        let resent = try #require(starred["cells"] as? [[String: Any]])
        #expect(starred["full"] as? Bool == false && (starred["released"] as? [Int])?.isEmpty == true)
        #expect(resent.count == 1 && resent.first?["slot"] as? Int == target["slot"] as? Int)
        #expect((resent.first?["contact"] as? [String: Any])?["favorite"] as? Bool == true)
        #expect(starred["offset"] as? Int == offset && starred["version"] as! Int > first["version"] as! Int)
        seq = starred["seq"] as! Int

        // Three contacts above (under "A"): the first contact shown stays where it was on screen.
        let shown = cells.first { ($0["top"] as! Int) + 56 > offset }!
        for name in ["Aaa", "Aab", "Aac"] {
            #expect(
                call(client, "POST", "/contacts", "{\"first_name\":\"X\",\"last_name\":\"\(name)\"}").status
                    == 201)
        }
        let moved = try #require(
            client.getJSON("/window?offset=\(offset)&height=600&session=\(session)&ack=\(seq)")?.json)
        #expect(moved["full"] as? Bool == false)
        let newOffset = try #require(moved["offset"] as? Int)
        #expect(newOffset == offset + 3 * 56)
        let again = try #require(moved["cells"] as? [[String: Any]]).first {
            ($0["contact"] as? [String: Any])?["id"] as? Int == (shown["contact"] as! [String: Any])["id"]
                as? Int
        }
        #expect(again?["slot"] as? Int == shown["slot"] as? Int, "it kept its slot")
        #expect(
            (again?["top"] as? Int).map { $0 - newOffset } == (shown["top"] as! Int) - offset, "0 px drift")
        #expect(client.getJSON("/sections")?.json["version"] as? Int == moved["version"] as? Int)
    }

    @Test(arguments: TestStore.available)
    func aStarUndoneWhileAnAnswerWasDroppedSendsNothingAgain(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000)
        let client = live.client()
        let offset = 60_000
        let first = try #require(client.getJSON("/window?offset=\(offset)&height=600")?.json)
        let session = try #require(first["session"] as? String)
        let seq = try #require(first["seq"] as? Int)
        let cells = try #require(first["cells"] as? [[String: Any]]).filter {
            $0["kind"] as? String == "contact"
        }
        let target = cells[cells.count / 2]
        let targetID = (target["contact"] as! [String: Any])["id"] as! Int
        let delta = "/window?offset=\(offset)&height=600&session=\(session)&ack=\(seq)"
        #expect(call(client, "PATCH", "/contacts/\(targetID)", #"{"favorite":true}"#).status == 200)
        // The client drops this answer: its next ack is still `seq`.
        let dropped = try #require(client.getJSON(delta)?.json)
        #expect((dropped["cells"] as? [[String: Any]])?.count == 1, "the star, in its slot")
        #expect(call(client, "PATCH", "/contacts/\(targetID)", #"{"favorite":false}"#).status == 200)
        let undone = try #require(client.getJSON(delta)?.json)
        #expect(undone["full"] as? Bool == false)
        #expect(
            (undone["cells"] as? [[String: Any]])?.isEmpty == true,
            "the slot shows that contact as it is again at the acknowledged state")
        #expect(undone["version"] as! Int > dropped["version"] as! Int)
        // Renamed instead, it is sent again.
        let next = "/window?offset=\(offset)&height=600&session=\(session)&ack=\(undone["seq"] as! Int)"
        let lastName = (target["contact"] as! [String: Any])["last_name"] as! String
        #expect(
            call(client, "PATCH", "/contacts/\(targetID)", "{\"last_name\":\"\(lastName.uppercased())\"}")
                .status
                == 200)
        let renamed = try #require(client.getJSON(next)?.json)
        let resent = try #require(renamed["cells"] as? [[String: Any]])
        #expect(resent.count == 1 && resent.first?["slot"] as? Int == target["slot"] as? Int)
    }
}
