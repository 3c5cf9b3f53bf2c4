import Foundation
import TestSupport
import Testing

@testable import App

@Suite(.serialized)
struct EndpointTests {
    let live = LiveApplication.shared

    @Test func sectionsAreInOrderWithRowsAndTops() throws {
        let sections = try #require(live.client().getJSON("/sections")?.json["sections"] as? [[String: Any]])
        let titles = sections.map { $0["title"] as! String }
        #expect(titles.first == "A" && titles.last == "#")
        #expect(titles == titles.sorted { ($0 == "#" ? "~" : $0) < ($1 == "#" ? "~" : $1) })
        var row = 0
        var top = 0
        for section in sections {
            #expect(section["firstRow"] as? Int == row && section["top"] as? Int == top)
            row += section["rows"] as! Int
            top += 32 + (section["rows"] as! Int) * 56
        }
    }

    @Test func contactsAreFoundByIdAndMissingOnesAre404() throws {
        let client = live.client()
        let (status, contact) = try #require(client.getJSON("/contacts/1"))
        #expect(status == 200)
        for key in [
            "id", "row", "section", "first_name", "last_name", "email", "phone", "company", "city", "notes",
        ] {
            #expect(contact[key] != nil, "missing \(key)")
        }
        #expect(client.getJSON("/contacts/999999999")?.status == 404)
        #expect(client.getJSON("/contacts/abc")?.status == 400)
    }

    @Test func avatarsAreSVGWithEscapedInitialsAndALongCache() throws {
        let client = live.client()
        let avatar = try #require(client.get("/avatar/\(live.hostileIDs[0]).svg"))
        #expect(avatar.status == 200 && avatar.headers["content-type"] == "image/svg+xml")
        #expect(avatar.headers["cache-control"]?.contains("max-age=86400") == true)
        #expect(avatar.text.hasPrefix("<svg") && avatar.text.contains(">SO<"), "\(avatar.text)")
        #expect(client.get("/avatar/999999999.svg")?.status == 404)
    }

    @Test func healthMetricsAndOpenAPIAreServed() throws {
        let client = live.client()
        #expect(client.get("/healthz")?.text == "ok")
        _ = client.get("/window?offset=100&height=400")
        let metrics = try #require(client.get("/metrics"))
        #expect(metrics.headers["content-type"]?.hasPrefix("text/plain") == true)
        for line in [
            "roster_http_requests_total{route=\"/window\",status=\"200\"}",
            "roster_http_request_duration_seconds_bucket{route=\"/window\",le=\"+Inf\"}",
            "roster_sessions ", "roster_slots_created_total{kind=\"contact\"}",
            "roster_slots_reused_total{kind=\"header\"}",
            "roster_contacts 100002",
        ] {
            #expect(metrics.text.contains(line), "metrics lack \(line)")
        }
        let document = try #require(client.getJSON("/openapi.json")?.json)
        #expect(document["openapi"] as? String == "3.0.3")
        let paths = try #require(document["paths"] as? [String: Any])
        for path in [
            "/window", "/sections", "/contacts/{id}", "/avatar/{id}.svg", "/healthz", "/metrics",
            "/openapi.json",
        ] {
            #expect(paths[path] != nil, "OpenAPI lacks \(path)")
        }
        let components = try #require(document["components"] as? [String: Any])
        let schemes = try #require(components["securitySchemes"] as? [String: Any])
        #expect((schemes["adminToken"] as? [String: Any])?["scheme"] as? String == "bearer")
        let post = try #require((paths["/import"] as? [String: Any])?["post"] as? [String: Any])
        #expect(
            post["security"] as? [[String: [String]]] == [["adminToken": []], [:]],
            "a token only when configured")
    }

    @Test func staticFilesAndRoutingErrorsFollowTheContract() throws {
        let client = live.client()
        let page = try #require(client.get("/"))
        #expect(page.status == 200 && page.text.contains("Roster test"))
        let missing = try #require(client.getJSON("/nothing/here"))
        #expect(missing.status == 404 && missing.json["error"] as? String == "not_found")
        client.send("POST /window HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        let wrong = try #require(client.readResponses().first)
        #expect(wrong.status == 405 && wrong.headers["allow"] == "GET, HEAD")
        let gzipped = try #require(
            client.get("/window?offset=0&height=2000", headers: ["Accept-Encoding": "gzip"]))
        #expect(gzipped.headers["content-encoding"] == "gzip")
    }

    @Test func otherMethodsAtAStaticFileGet405WithAllow() throws {
        let client = live.client()
        client.send("POST / HTTP/1.1\r\nHost: x\r\n\r\n")
        let post = try #require(client.readResponses().first)
        #expect(post.status == 405 && post.headers["allow"] == "GET, HEAD")
        #expect(post.text.contains("\"error\":\"method_not_allowed\""))
        client.send("DELETE /nothing/here HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.readResponses().first?.status == 404, "no file there")
    }
}
