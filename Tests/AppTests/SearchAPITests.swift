import Contacts
import Foundation
import TestSupport
import Testing

@testable import App

/// `q=` on a live application: the results are a list of their own.
@Suite(.serialized)
struct SearchAPITests {
    private func window(_ client: RawClient, _ query: String) throws -> [String: Any] {
        let (status, json) = try #require(client.getJSON("/window?height=600&\(query)"))
        #expect(status == 200, "\(query): \(json)")
        return json
    }

    private static func contacts(_ window: [String: Any]) -> [[String: Any]] {
        (window["cells"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "contact" }
    }

    @Test(arguments: TestStore.available)
    func rowsSectionsDeepWindowsAndRowJumpsAreAmongTheMatches(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let client = live.client()
        let first = try window(client, "q=an&offset=0")
        let total = try #require(first["total"] as? Int)
        #expect(total > 100 && total < 100_002)
        #expect(Self.contacts(first).map { $0["row"] as! Int } == Array(0..<Self.contacts(first).count))
        let sections = try #require(client.getJSON("/sections?q=an")?.json["sections"] as? [[String: Any]])
        // The sections the whole list shows, holding the matches.
        let shown = try #require(client.getJSON("/sections")?.json["sections"] as? [[String: Any]])
        #expect(sections.map { $0["title"] as! String } == shown.map { $0["title"] as! String })
        #expect(sections.map { $0["rows"] as! Int }.reduce(0, +) == total)
        let content = try #require(first["contentHeight"] as? Int)
        let last = try window(client, "q=an&offset=\(content - 600)")
        #expect(Self.contacts(last).last?["row"] as? Int == total - 1)
        let jump = try window(client, "q=an&row=\(total / 2)")
        #expect(Self.contacts(jump).contains { $0["row"] as? Int == total / 2 })
        for cell in Self.contacts(jump) {
            let contact = try #require(cell["contact"] as? [String: Any])
            let words = ["first_name", "last_name", "company", "city", "email", "phone"].flatMap {
                SearchText.words(contact[$0] as? String ?? "")
            }
            #expect(words.contains { $0.hasPrefix("an") }, "\(contact)")
        }
    }

    @Test(arguments: TestStore.available)
    func aSessionBelongsToItsQueryAndMarksWhatMatched(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let client = live.client()
        let first = try window(client, "q=anna&offset=0")
        let session = try #require(first["session"] as? String)
        let seq = try #require(first["seq"] as? Int)
        let next = try window(client, "q=anna&offset=56&session=\(session)&ack=\(seq)")
        #expect(next["full"] as? Bool == false && next["total"] as? Int == first["total"] as? Int)
        let other = try window(client, "q=zurich&offset=0&session=\(session)&ack=\(next["seq"] as! Int)")
        #expect(other["full"] as? Bool == true && other["session"] as? String == session)
        let html = Self.contacts(first).compactMap { $0["html"] as? String }
        #expect(!html.isEmpty && html.allSatisfy { $0.contains("<mark>") })
        let none = try window(client, "q=zzqxw&offset=0")
        #expect(none["total"] as? Int == 0 && Self.contacts(none).isEmpty)
        let whole = try window(client, "q=%20-%20&offset=0")
        #expect(whole["total"] as? Int == 100_002)
    }

    @Test(arguments: TestStore.available)
    func aHostileQueryLeavesEveryFragmentEscaped(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let client = live.client()
        for q in ["%3Cscript%3E", "r%26d", "%22o%27brien%22", "%3Cb%3Ealert"] {
            let found = try window(client, "q=\(q)&offset=0")
            for html in Self.contacts(found).compactMap({ $0["html"] as? String }) {
                #expect(!html.contains("<script") && !html.contains("<b>alert"), "\(q): \(html)")
            }
        }
        let metrics = try #require(client.get("/metrics")).body
        #expect(String(decoding: metrics, as: UTF8.self).contains("roster_search_cache_bytes"))
    }
}
