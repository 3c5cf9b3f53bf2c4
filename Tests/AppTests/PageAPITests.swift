import Contacts
import Foundation
import TestSupport
import Testing

@testable import App

/// `GET /` with its first window (docs/api.md, "GET / and the files of Public/"): rows as
/// HTML, escaped; the JSON block the page starts from; its session carried on by a delta
/// `/window`; the caching of the page and of its versioned scripts; the read gate.
struct PageAPITests {
    static let token = "t0ken-0123456789abcdef"
    /// A contact that sorts first, with text that must be escaped.
    static let hostile = ContactFields(
        firstName: "<img src=x>", lastName: "Aaaa </script><script>x()</script>", email: "a&b@x.org",
        phone: "1")

    /// An application over 200 contacts serving a Public/ of its own: a page with the
    /// rows' marker, a module graph two levels deep and a stylesheet.
    private func live(configure: (inout ServeOptions) -> Void = { _ in }) throws -> LiveApplication {
        let folder = NSTemporaryDirectory() + "roster-page-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: folder + "/list/model", withIntermediateDirectories: true)
        let files = [
            "index.html": """
            <!doctype html><html><head><title>Roster test</title>
            <link rel="stylesheet" href="/app.css"><link rel="icon" href="/favicon.svg">
            <script type="module" src="/boot.js"></script></head>
            <body><a href="/export.csv">csv</a><div id="stage"><!-- first rows --></div></body></html>
            """,
            "boot.js": "import { start } from \"./list/list.js\";\nstart();\n",
            "list/list.js": "import { a } from \"./model/a.js\";\nexport const start = () => a;\n",
            "list/model/a.js": "export { b as a } from \"../../b.js\";\n",
            "b.js": "// import \"./nowhere.js\" is a comment\nexport const b = 1;\n",
            "app.css": "body{}", "favicon.svg": "<svg/>",
        ]
        for (name, text) in files {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        return try LiveApplication(contacts: 200, adding: [Self.hostile]) {
            $0.publicDirectory = folder
            configure(&$0)
        }
    }

    /// The JSON block of `page`, parsed.
    private func block(_ page: String) throws -> [String: Any] {
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"first-window\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let text = page[start.upperBound..<end.lowerBound]
        #expect(!text.contains("<"), "nothing in the block can end it")
        return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func thePageHoldsTheFirstRowsEscapedAndTheStateItStartsFrom() throws {
        let live = try live()
        let page = try #require(live.client().get("/"))
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers["cache-control"] == "private, no-cache")
        #expect(page.headers["content-security-policy"] == Routes.contentSecurityPolicy)
        #expect(page.headers["accept-ch"] == "Sec-CH-Viewport-Height")
        let html = page.text
        #expect(
            html.contains("data-slot=") && html.contains("data-row=\"0\" data-id=\"\(live.addedIDs[0])\""))
        #expect(!html.contains("<script>x()") && !html.contains("<img src=x>"))
        #expect(html.contains("&lt;img src=x&gt;"), "the fragment's escaping is kept")
        #expect(html.contains("aria-label=\"&lt;img src=x&gt; Aaaa &lt;/script&gt;"))
        let state = try block(html)
        let window = try #require(state["window"] as? [String: Any])
        let sections = try #require(state["sections"] as? [String: Any])
        let shown = live.client().getJSON("/sections")?.json["sections"] as? [Any]
        #expect((sections["sections"] as? [Any])?.count == shown?.count, "the sections /sections shows")
        #expect(window["full"] as? Bool == true && window["offset"] as? Int == 0)
        #expect(window["session"] is String && window["seq"] is Int)
        let cells = try #require(window["cells"] as? [[String: Any]])
        #expect(cells.count > 10, "a 1000 px viewport and its overscan")
        let first = cells.first { $0["row"] as? Int == 0 }
        #expect((first?["contact"] as? [String: Any])?["last_name"] as? String == Self.hostile.lastName)
        #expect(html.components(separatedBy: "class=\"slot\"").count - 1 == cells.count, "a slot per cell")
    }

    @Test func theFirstWindowRequestIsADeltaOnThePagesSession() throws {
        let live = try live()
        let client = live.client()
        let page = try #require(client.get("/"))
        let window = try #require(try block(page.text)["window"] as? [String: Any])
        let session = try #require(window["session"] as? String)
        let seq = try #require(window["seq"] as? Int)
        let (status, delta) = try #require(
            client.getJSON("/window?offset=0&height=700&overscan=350&session=\(session)&ack=\(seq)"))
        #expect(status == 200)
        #expect(delta["session"] as? String == session)
        #expect(delta["full"] as? Bool == false && delta["base"] as? Int == seq)
        #expect((delta["released"] as? [Int])?.isEmpty == false, "the rows past a 700 px viewport go")
    }

    /// The page's ETag names what it shows, not its session: the same page again is a 304 (no
    /// session started), another height or data version is another page (the language too:
    /// PageLanguageTests, where the folder has catalogs).
    @Test func thePageIsTaggedByWhatItShowsAndA304StartsNoSession() throws {
        let live = try live()
        let client = live.client()
        let page = try #require(client.get("/"))
        let etag = try #require(page.headers["etag"])
        let again = try #require(client.get("/"))
        #expect(again.headers["etag"] == etag, "another session, the same page")
        let held = try #require(client.get("/", headers: ["If-None-Match": etag]))
        #expect(held.status == 304 && held.body.isEmpty && held.headers["etag"] == etag)
        #expect(held.headers["cache-control"] == "private, no-cache" && held.headers["vary"] != nil)
        #expect(client.get("/", headers: ["If-None-Match": "W/" + etag])?.status == 304)
        let taller = try #require(
            client.get("/", headers: ["Sec-CH-Viewport-Height": "300", "If-None-Match": etag]))
        #expect(taller.status == 200 && taller.headers["etag"] != etag, "another height is another page")
        #expect(live.call("PATCH", "/contacts/1", #"{"city": "Oslo"}"#).status == 200)
        let moved = try #require(client.get("/", headers: ["If-None-Match": etag]))
        #expect(moved.status == 200 && moved.headers["etag"] != etag, "a write is another page")
    }

    @Test func offLoopbackWithoutTheTokenThePageIsTaggedToo() throws {
        let live = try live {
            $0.host = "0.0.0.0"
            $0.adminToken = Self.token
        }
        let refused = try #require(live.client().get("/"))
        let etag = try #require(refused.headers["etag"])
        #expect(live.client().get("/", headers: ["If-None-Match": etag])?.status == 304)
        let taken = try #require(
            live.client().get("/", headers: ["Authorization": "Bearer \(Self.token)", "If-None-Match": etag]))
        #expect(taken.status == 200 && taken.headers["etag"] != etag, "the page with rows is another")
    }

    @Test func theViewportHintSizesTheFirstWindow() throws {
        let live = try live()
        let cells = { (headers: [String: String]) throws -> Int in
            let page = try #require(live.client().get("/", headers: headers))
            return (try self.block(page.text)["window"] as? [String: Any])?["cells"].flatMap { $0 as? [Any] }?
                .count ?? 0
        }
        let short = try cells(["Sec-CH-Viewport-Height": "300"])
        let tall = try cells([:])
        #expect(short > 0 && short < tall)
        #expect(try cells(["Sec-CH-Viewport-Height": "x"]) == tall, "a hint that is no number is not taken")
        #expect(PageHandler.height(["Sec-CH-Viewport-Height": "90000"]) == PageHandler.heights.upperBound)
    }

    @Test func offLoopbackWithoutTheTokenThePageHasNoRows() throws {
        let live = try live {
            $0.host = "0.0.0.0"
            $0.adminToken = Self.token
        }
        let refused = try #require(live.client().get("/"))
        #expect(refused.status == 200 && refused.text.contains("Roster test"))
        #expect(!refused.text.contains("data-slot=") && !refused.text.contains("first-window"))
        #expect(refused.headers["vary"]?.contains("Authorization, Cookie") == true)
        let taken = try #require(live.client().get("/", headers: ["Authorization": "Bearer \(Self.token)"]))
        #expect(taken.text.contains("data-row=\"0\"") && taken.text.contains("first-window"))
        #expect(taken.headers["cache-control"] == "private, no-cache")
    }

    @Test func scriptsAndStylesAreUnderTheVersionOfTheirContentImmutable() throws {
        let live = try live()
        let client = live.client()
        let html = try #require(client.get("/")).text
        let version = try #require(html.firstMatch(of: /src="\/v\/([0-9a-f]{16})\/boot\.js"/)).1
        #expect(
            html.contains("href=\"/v/\(version)/app.css\"")
                && html.contains("href=\"/v/\(version)/favicon.svg\""))
        #expect(html.contains("href=\"/export.csv\""), "a route is no file: left as it is")
        let preloads = html.matches(of: /<link rel="modulepreload" href="\/v\/[0-9a-f]+(\/[^"]+)"/).map {
            String($0.1)
        }
        #expect(preloads == ["/list/list.js", "/list/model/a.js", "/b.js"], "the whole graph, breadth first")
        let script = try #require(client.get("/v/\(version)/list/model/a.js"))
        #expect(
            script.status == 200 && script.headers["cache-control"] == "public, max-age=31536000, immutable")
        #expect(script.text.contains("export { b as a }"))
        let old = try #require(client.get("/v/0123456789abcdef/b.js"))
        #expect(
            old.status == 200 && old.headers["cache-control"] == "no-cache", "an old page gets today's file")
        #expect(client.get("/v/\(version)/nowhere.js")?.status == 404)
        #expect(client.get("/b.js")?.headers["cache-control"] == "no-cache")
    }
}
