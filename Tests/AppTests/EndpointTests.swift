import Contacts
import Foundation
import Requests
import SQLiteStorage
import TestSupport
import Testing

@testable import App

@Suite(.serialized)
struct EndpointTests {
    let live = LiveApplication.shared

    @Test func sectionsListTheLocalesLettersOtherScriptsWithContactsAndHashWithTopsAndHeightsThatAddUp()
        throws
    {
        let client = live.client()
        let answer = try #require(client.getJSON("/sections")?.json)
        let sections = try #require(answer["sections"] as? [[String: Any]])
        #expect(answer["locale"] as? String == "en")
        // English's A-Z and # always; another script's letter while contacts file under it (the
        // seed holds Cyrillic, Greek... names), in the index's order.
        let titles = sections.map { $0["title"] as! String }
        let english = ListLocale.english
        #expect(titles.prefix(26).joined() == "ABCDEFGHIJKLMNOPQRSTUVWXYZ" && titles.last == "#")
        #expect(titles.count > 27, "\(titles)")
        #expect(titles == english.titles.filter { titles.contains($0) }, "in the index's order")
        for section in sections where !english.isOwn(section["title"] as! String) {
            #expect(section["rows"] as! Int > 0, "\(section)")
        }
        let window = try #require(client.getJSON("/window?offset=0&height=1")?.json)
        #expect(answer["total"] as? Int == window["total"] as? Int)
        #expect(answer["contentHeight"] as? Int == window["contentHeight"] as? Int)
        #expect(answer["version"] is Int)
        // A contact is 56 px plus 20 per line of notes it shows (worked out here from
        // each contact's notes, in list order).
        let store = try SQLiteContactStore(readingFrom: live.folder + "/db.sqlite")
        let heights = try store.contacts(at: 0..<store.count(), in: store.listState().order).map {
            56 + 20 * NoteLines.count($0.fields.notes)
        }
        #expect(heights.contains { $0 > 56 } && heights.contains(56))
        var row = 0
        var top = 0
        for section in sections {
            let rows = section["rows"] as! Int
            #expect(section["firstRow"] as? Int == row && section["top"] as? Int == top, "\(section)")
            let height = rows == 0 ? 0 : 32 + heights[row..<(row + rows)].reduce(0, +)
            #expect(section["height"] as? Int == height, "\(section)")
            row += rows
            top += section["height"] as! Int
        }
        #expect(row == answer["total"] as? Int)
        #expect(top == answer["contentHeight"] as? Int)
    }

    @Test func emptySectionsAreListedWithNoRowsAndNoHeight() throws {
        let live = try LiveApplication(contacts: 0)
        let client = live.client()
        #expect(client.post("/import", "first_name,last_name\r\nAnn,Baker\r\nZoe,Zeta\r\n").status == 200)
        let answer = try #require(client.getJSON("/sections")?.json)
        let sections = try #require(answer["sections"] as? [[String: Any]])
        #expect(sections.count == 27, "an all-Latin English list: A-Z and #")
        let byTitle = Dictionary(uniqueKeysWithValues: sections.map { ($0["title"] as! String, $0) })
        #expect(byTitle["B"]?["rows"] as? Int == 1 && byTitle["B"]?["top"] as? Int == 0)
        #expect(byTitle["Z"]?["top"] as? Int == 88 && byTitle["Z"]?["height"] as? Int == 88)
        for title in ["A", "C", "Y", "#"] {
            #expect(
                byTitle[title]?["rows"] as? Int == 0 && byTitle[title]?["height"] as? Int == 0, "\(title)")
        }
        #expect(byTitle["C"]?["top"] as? Int == 88 && byTitle["#"]?["top"] as? Int == 176)
        #expect(answer["contentHeight"] as? Int == 176 && answer["total"] as? Int == 2)
        // A cell's `section` is its index in /sections.
        let window = try #require(client.getJSON("/window?offset=0&height=400")?.json)
        let headers = (window["cells"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "header" }
        #expect(headers.map { $0["section"] as! Int } == [1, 25])
    }

    @Test func theOpenAPIDocumentDescribesRowQAndTheSectionsGeometry() throws {
        let document = try #require(live.client().getJSON("/openapi.json")?.json)
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        let parameters = try #require(paths["/window"]?["get"]?["parameters"] as? [[String: Any]])
        // `offset` and `row` are the two shapes of one exploded object parameter (one of
        // them, never both); the others are plain parameters.
        let names = parameters.flatMap { parameter -> [String] in
            guard parameter["explode"] as? Bool == true,
                let shapes = (parameter["schema"] as? [String: Any])?["oneOf"] as? [[String: Any]]
            else { return [parameter["name"] as! String] }
            return shapes.flatMap { ($0["properties"] as? [String: Any])?.keys.map { $0 } ?? [] }
        }
        #expect(Set(names) == Set(WindowQuery.names))
        #expect(names.count == WindowQuery.names.count)
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let sections = try #require(schemas["Sections"] as? [String: Any])
        #expect(
            Set(sections["required"] as? [String] ?? []) == [
                "version", "locale", "total", "contentHeight", "sections",
            ])
        let items = try #require(
            ((sections["properties"] as? [String: Any])?["sections"] as? [String: Any])?["items"]
                as? [String: Any])
        #expect((items["required"] as? [String])?.contains("height") == true)
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
            post["security"] as? [[String: [String]]] == [["adminToken": []], ["session": []], [:]],
            "a token or its session only when configured")
        #expect((schemes["session"] as? [String: Any])?["in"] as? String == "cookie")
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
