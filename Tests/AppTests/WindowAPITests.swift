import Contacts
import Foundation
import ReuseEngine
import TestSupport
import Testing

@testable import App

/// What a browser keeps: the item each slot shows, applied from window responses.
struct SlotView: Equatable {
    var items: [Int: String] = [:]

    mutating func apply(_ window: [String: Any]) {
        if window["full"] as? Bool == true { items = [:] }
        for slot in window["released"] as? [Int] ?? [] { items[slot] = nil }
        for cell in window["cells"] as? [[String: Any]] ?? [] {
            items[cell["slot"] as! Int] = Self.describe(cell)
        }
    }

    static func describe(_ cell: [String: Any]) -> String {
        "\(cell["kind"]!) \(cell["row"] ?? "-") \(cell["section"]!) \(cell["top"]!) \(cell["html"]!)"
    }

    static func full(_ window: [String: Any]) -> [String] {
        (window["cells"] as? [[String: Any]] ?? []).map(describe).sorted()
    }
}

@Suite(.serialized)
struct WindowAPITests {
    @Test(arguments: TestStore.available)
    func aWindowHasEveryFieldOfTheContract(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let client = live.client()
        let (status, window) = try #require(client.getJSON("/window?offset=0&height=800"))
        #expect(status == 200)
        for key in [
            "session", "seq", "offset", "row", "base", "full", "total", "contentHeight", "first", "last",
            "cells",
            "released",
            "stats",
        ] {
            #expect(window[key] != nil, "missing \(key)")
        }
        #expect(window["total"] as? Int == 100_002)
        #expect(window["full"] as? Bool == true && window["base"] is NSNull)
        let sections = try #require(client.getJSON("/sections")?.json["sections"] as? [[String: Any]])
        let nonEmpty = sections.filter { $0["rows"] as! Int > 0 }.count
        // Rows with notes are taller than 56 px: the content is the sections' heights.
        let sectionHeights = sections.map { $0["height"] as! Int }.reduce(0, +)
        #expect(window["contentHeight"] as? Int == sectionHeights)
        #expect(sectionHeights > 100_002 * 56 + nonEmpty * 32)
        #expect(window["offset"] as? Int == 0)
        let version = try #require(window["version"] as? Int)
        #expect(client.getJSON("/sections")?.json["version"] as? Int == version)
        #expect(sections.map { $0["rows"] as! Int }.reduce(0, +) == 100_002)
        let cells = try #require(window["cells"] as? [[String: Any]])
        #expect(Set(cells.map { $0["slot"] as! Int }).count == cells.count)
        #expect(cells.first?["kind"] as? String == "header")
        #expect((cells.first?["header"] as? [String: Any])?["title"] as? String == "A")
        let contact = try #require(cells.dropFirst().first)
        for key in ["slot", "kind", "row", "section", "item", "top", "height", "reused", "contact", "html"] {
            #expect(contact[key] != nil, "cell misses \(key)")
        }
        #expect(window["first"] as? Int == 0)
        let stats = try #require(window["stats"] as? [String: Any])
        #expect((stats["created"] as? [String: Int])?["contact"] == cells.count - 1)
    }

    @Test(arguments: TestStore.available)
    func everyDatabaseValueIsEscapedInFragmentsAndExactInJSON(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let client = live.client()
        let contact = try #require(client.getJSON("/contacts/\(live.hostileIDs[0])")?.json)
        let row = try #require(contact["row"] as? Int)
        #expect(contact["first_name"] as? String == LiveApplication.hostile[0].firstName)
        #expect(contact["phone"] as? String == LiveApplication.hostile[0].phone)
        let window = try #require(client.getJSON("/window?row=\(row)&height=56")?.json)
        let cell = try #require((window["cells"] as? [[String: Any]])?.first { $0["row"] as? Int == row })
        let html = try #require(cell["html"] as? String)
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("O&#39;Brien &amp; &quot;Sons&quot;"))
        #expect(html.contains("a&amp;b@x.org") && html.contains("😀 𝔸"))
        // Two lines of notes: one block each, escaped, and 20 px each on the row.
        #expect(
            html.hasSuffix(
                "<div dir=auto>line</div><div dir=auto>&lt;i&gt;break&lt;/i&gt; &amp; &quot;more&quot;</div>"),
            "\(html)")
        #expect(cell["height"] as? Int == 56 + 2 * 20)
        // The avatar is CSS initials on a palette class, never an image the browser must load.
        #expect(!html.contains("<img") && !html.contains("/avatar/"))
        let palette = CellRenderer.paletteIndex(id: live.hostileIDs[0])
        #expect(html.hasPrefix("<span class=a\(palette) aria-hidden=true dir=auto>SO</span>"), "\(html)")
        #expect((0..<CellRenderer.paletteSize).contains(palette))
        let fields = try #require(cell["contact"] as? [String: Any])
        #expect(fields["last_name"] as? String == "O'Brien & \"Sons\"")
        #expect(fields["company"] as? String == "<b>Co</b>")
        let raw = try #require(client.get("/window?row=\(row)&height=56"))
        #expect(!raw.text.contains("\u{2028}"), "U+2028 is escaped in JSON")
    }

    /// A session walked in seeded random steps, some responses dropped: the client's
    /// slots always equal a fresh full window.
    @Test(arguments: TestStore.available)
    func deltasAppliedByAClientThatDropsResponsesMatchFullWindows(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let client = live.client()
        var random = SeededGenerator(seed: 42)
        let first = try #require(client.getJSON("/window?offset=0&height=800")?.json)
        var view = SlotView()
        view.apply(first)
        let session = first["session"] as! String
        var applied = first["seq"] as! Int
        let content = first["contentHeight"] as! Int
        var offset = 0.0
        var height = 800.0
        var deltas = 0
        for step in 0..<250 {
            switch random.next() % 10 {
            case 0: offset = Double(random.next() % UInt64(content))
            case 1: height = Double(200 + random.next() % 2000)
            default:
                offset = max(
                    0, min(Double(content) - height, offset + Double(Int(random.next() % 1200) - 600)))
            }
            let query = "offset=\(offset)&height=\(height)"
            let (status, delta) = try #require(
                client.getJSON("/window?\(query)&session=\(session)&ack=\(applied)"))
            #expect(status == 200)
            #expect(delta["session"] as? String == session)
            if random.next() % 10 == 0 { continue }  // dropped by the client
            #expect(delta["full"] as? Bool == true || delta["base"] as? Int == applied)
            if delta["full"] as? Bool == false { deltas += 1 }
            view.apply(delta)
            applied = delta["seq"] as! Int
            let full = try #require(client.getJSON("/window?\(query)")?.json)
            #expect(view.items.values.sorted() == SlotView.full(full), "step \(step)")
        }
        #expect(deltas > 150)
    }

    @Test(arguments: TestStore.available)
    func createdSlotsPlateauWhileScrollingFarOverHTTP(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let client = live.client()
        let first = try #require(client.getJSON("/window?offset=0&height=800")?.json)
        let session = first["session"] as! String
        var applied = first["seq"] as! Int
        var created = 0
        for step in 1...600 {
            let window = try #require(
                client.getJSON("/window?offset=\(step * 97)&height=800&session=\(session)&ack=\(applied)")?
                    .json)
            applied = window["seq"] as! Int
            created = ((window["stats"] as! [String: Any])["created"] as! [String: Int])["contact"]!
        }
        #expect(created <= 16, "800 px shows at most 15 contacts and part of one more")
    }

    @Test(
        arguments: TestStore.each([
            ("offset=-1&height=800", "offset"), ("offset=abc&height=800", "offset"),
            ("offset=nan&height=800", "offset"),
            ("offset=inf&height=800", "offset"), ("offset=1e400&height=800", "offset"),
            ("offset=0&height=0", "height"),
            ("offset=0&height=1e9", "height"), ("offset=0&height=20001", "height"), ("height=800", "offset"),
            ("offset=0", "height"), ("offset=0&height=800&offset=5", "offset"),
            ("offset=0&height=800&ack=x", "ack"),
            ("offset=0&height=800&ack=-1", "ack"), ("offset=0&height=800&overscan=-5", "overscan"),
            ("offset=0&height=800&overscan=NaN", "overscan"),
            ("offset=0&height=800&session=a%20b", "session"),
            ("offset=0&height=800&ack=1&ack=2", "ack"), ("offset=0x10&height=800", "offset"),
            ("offset=+5&height=800", "offset"), ("offset=0&height=800&height=800", "height"),
            ("offset=0&height=800&overscan=1&overscan=1", "overscan"),
            ("offset=0&height=800&session=a&session=b", "session"),
            ("offset=%FF&height=800", "query"),
        ]))
    func badParametersAre400NamingTheParameter(store: TestStore, query: String, parameter: String) throws {
        let live = LiveApplication.shared(store)
        let (status, json) = try #require(live.client().getJSON("/window?\(query)"))
        #expect(status == 400)
        let message = json["message"] as? String ?? ""
        #expect(json["error"] != nil && message.contains(parameter), "\(query): \(message)")
    }

    @Test(arguments: TestStore.available)
    func anUnknownSessionStartsANewOneInFull(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let (status, window) = try #require(
            live.client().getJSON("/window?offset=0&height=300&session=nosuchsession&ack=4"))
        #expect(
            status == 200 && window["full"] as? Bool == true
                && window["session"] as? String != "nosuchsession")
    }

    @Test(arguments: TestStore.available)
    func heightsUpToTheLimitAndOffsetsPastTheEndAreAnswered(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let client = live.client()
        #expect(client.getJSON("/window?offset=0&height=20000&overscan=5000")?.status == 200)
        let past = try #require(client.getJSON("/window?offset=999999999&height=800")?.json)
        #expect((past["cells"] as? [Any])?.isEmpty == true && past["first"] is NSNull)
    }

    @Test(arguments: TestStore.available)
    func anOffsetWindowAnswersTheOffsetItWasLaidOutFor(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let window = try #require(live.client().getJSON("/window?offset=1234.5&height=300")?.json)
        #expect(window["offset"] as? Double == 1234.5)
        let cells = try #require(window["cells"] as? [[String: Any]])
        #expect(
            cells.contains {
                ($0["top"] as! Int) <= 1234 && ($0["top"] as! Int) + ($0["height"] as! Int) > 1234
            })
    }

    /// `row=N`: the window starts at row N's top, the answer says so, and row N's
    /// cell sits there; near the end the window is the list's last `height` px.
    @Test(arguments: TestStore.available, [0, 1, 50_000, 99_990, 100_001])
    func aRowWindowStartsAtTheRowsTopOrTheEndOfTheList(store: TestStore, row: Int) throws {
        let live = LiveApplication.shared(store)
        let client = live.client()
        let window = try #require(client.getJSON("/window?row=\(row)&height=800")?.json)
        let total = try #require(window["total"] as? Int)
        let contentHeight = try #require(window["contentHeight"] as? Int)
        let offset = try #require(window["offset"] as? Int)
        let cells = try #require(window["cells"] as? [[String: Any]])
        let cell = try #require(cells.first { $0["row"] as? Int == row }, "row \(row) is in its own window")
        let top = try #require(cell["top"] as? Int)
        #expect(window["row"] as? Int == row)
        if top + 800 <= contentHeight {
            #expect(offset == top)
            #expect(window["first"] as? Int == row)
        } else {
            #expect(offset == contentHeight - 800)
            #expect(window["last"] as? Int == total - 1)
        }
        // The same window asked for by offset lays out the same cells.
        let byOffset = try #require(client.getJSON("/window?offset=\(offset)&height=800")?.json)
        #expect(SlotView.full(byOffset) == SlotView.full(window))
        #expect(byOffset["offset"] as? Int == offset)
    }

    /// Every row's top worked out from the contacts one by one, read in list order
    /// beside the server: a header of 32 px opens each non-empty section, a contact is
    /// 56 px plus 20 per notes line.
    static func bruteForceTops(_ live: LiveApplication) throws -> [Int] {
        let sections = try #require(live.client().getJSON("/sections")?.json["sections"] as? [[String: Any]])
        let scan = try live.backend().openScan()
        defer { scan.close() }
        var contacts: [ContactFields] = []
        while case let batch = try scan.next(limit: 10_000), !batch.isEmpty { contacts += batch }
        var tops: [Int] = []
        var top = 0
        var row = 0
        for rows in sections.map({ $0["rows"] as? Int ?? 0 }) where rows > 0 {
            top += 32
            for fields in contacts[row..<(row + rows)] {
                tops.append(top)
                top += 56 + 20 * NoteLines.count(fields.notes)
            }
            row += rows
        }
        #expect(row == contacts.count, "the sections hold every contact")
        return tops
    }

    @Test(arguments: TestStore.available)
    func rowWindowsPutTheFirstLastAndRandomRowsWhereTheirHeightsAddUpTo(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let tops = try Self.bruteForceTops(live)
        let client = live.client()
        var random = SeededGenerator(seed: 5)
        let rows = [0, tops.count - 1] + (0..<30).map { _ in Int.random(in: 0..<tops.count, using: &random) }
        for row in rows {
            let window = try #require(client.getJSON("/window?row=\(row)&height=400")?.json)
            let cells = try #require(window["cells"] as? [[String: Any]])
            let cell = try #require(cells.first { $0["row"] as? Int == row }, "row \(row)")
            #expect(cell["top"] as? Int == tops[row], "row \(row)")
            let contentHeight = try #require(window["contentHeight"] as? Int)
            #expect(window["offset"] as? Int == min(tops[row], contentHeight - 400), "row \(row)")
        }
    }

    @Test(arguments: TestStore.available, [100_002, 999_999_999])
    func aRowPastTheEndGivesTheLastWindow(store: TestStore, row: Int) throws {
        let live = LiveApplication.shared(store)
        let window = try #require(live.client().getJSON("/window?row=\(row)&height=800")?.json)
        let contentHeight = try #require(window["contentHeight"] as? Int)
        #expect(window["offset"] as? Int == contentHeight - 800)
        #expect(window["last"] as? Int == 100_001)
        #expect(window["row"] as? Int == 100_001, "the row it was placed by: the last")
    }

    @Test(arguments: TestStore.available)
    func theFirstRowOpensBelowItsSectionsHeader(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let window = try #require(live.client().getJSON("/window?row=0&height=400")?.json)
        #expect(window["offset"] as? Int == 32)
        #expect(window["first"] as? Int == 0)
    }

    @Test(arguments: TestStore.available)
    func aRowWindowContinuesASessionAsDeltas(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let client = live.client()
        let first = try #require(client.getJSON("/window?offset=0&height=800")?.json)
        let session = first["session"] as! String
        let next = try #require(
            client.getJSON("/window?row=3&height=800&session=\(session)&ack=\(first["seq"] as! Int)")?.json)
        #expect(next["full"] as? Bool == false && next["session"] as? String == session)
        let fresh = try #require(client.getJSON("/window?row=3&height=800")?.json)
        #expect(next["offset"] as? Int == fresh["offset"] as? Int)
    }

    @Test(
        arguments: TestStore.each([
            ("row=5&offset=0&height=800", "row"), ("offset=0&row=5&height=800", "row"),
            ("row=-1&height=800", "row"), ("row=1.5&height=800", "row"), ("row=&height=800", "row"),
            ("row=1&row=2&height=800", "row"), ("row=1", "height"),
            ("offset=0&height=800&foo=1", "foo"), ("offset=0&height=800&Offset=3", "Offset"),
            ("offset=0&height=800&callback=x", "callback"), ("offset=0&height=800&q=a&q=b", "q"),
        ]))
    func badRowsAndUnknownParametersAre400NamingThem(store: TestStore, query: String, parameter: String)
        throws
    {
        let live = LiveApplication.shared(store)
        let (status, json) = try #require(live.client().getJSON("/window?\(query)"))
        #expect(status == 400)
        #expect(json["error"] as? String == "invalid_parameter")
        let message = json["message"] as? String ?? ""
        #expect(message.contains(parameter), "\(query): \(message)")
    }

    @Test(arguments: TestStore.available, ["q=", "q=%20%20", "q=-%2F.", "q=+"])
    func aQueryWithoutAWordIsTheWholeList(store: TestStore, q: String) throws {
        let live = LiveApplication.shared(store)
        let (status, window) = try #require(live.client().getJSON("/window?offset=0&height=300&\(q)"))
        #expect(status == 200 && window["total"] as? Int == 100_002)
    }

    @Test(arguments: TestStore.available, ["q=smith", "q=%20o%27brien", "q=5551"])
    func aQueryWithWordsIsASearchOfItsOwn(store: TestStore, q: String) throws {
        let live = LiveApplication.shared(store)
        let (status, window) = try #require(live.client().getJSON("/window?offset=0&height=300&\(q)"))
        #expect(status == 200)
        let total = try #require(window["total"] as? Int)
        #expect(total < 100_002)
        let sections = try #require(
            live.client().getJSON("/sections?\(q)")?.json["sections"] as? [[String: Any]])
        #expect(sections.map { $0["rows"] as! Int }.reduce(0, +) == total)
    }
}
