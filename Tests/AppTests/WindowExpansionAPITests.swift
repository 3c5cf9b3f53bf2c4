import Foundation
import TestSupport
import Testing

@testable import App

/// `/window`'s expanded rows (`expand=`, `collapse=`) and the marks of a delta across
/// a data change (`change`, `deleted`), on applications of their own (they write).
@Suite(.serialized)
struct WindowExpansionAPITests {
    static let details = #"""
        {"first_name":"Ida","last_name":"Zzzxpand","email":"ida@example.org","phone":"+1 202 555 0101",
         "city":"Oslo","labels":["Work","Choir"],
         "details":{"emails":[{"label":"home","value":"ida@home.example"}],
                    "phones":[{"label":"mobile","value":"+1 202 555 0199"}],
                    "addresses":[{"label":"work","street":"1 Karl Johans gate","city":"Oslo","country":"Norway"}]}}
        """#

    static func cells(_ window: [String: Any]) -> [[String: Any]] {
        window["cells"] as? [[String: Any]] ?? []
    }

    static func cell(of id: Int, in window: [String: Any]) -> [String: Any]? {
        cells(window).first { ($0["contact"] as? [String: Any])?["id"] as? Int == id }
    }

    @Test(arguments: TestStore.available)
    func anExpandedRowIsTallerByItsLinesAndTheRowsBelowMoveDown(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 300)
        let client = live.client()
        let made = live.call("POST", "/contacts", Self.details)
        #expect(made.status == 201)
        let id = try #require(made.json["id"] as? Int)
        defer { _ = live.call("DELETE", "/contacts/\(id)") }
        let row = try #require(made.json["row"] as? Int)

        let (_, first) = try #require(client.getJSON("/window?row=\(row - 3)&height=600"))
        let session = try #require(first["session"] as? String)
        let offset = try #require(first["offset"] as? Double)
        let plain = try #require(Self.cell(of: id, in: first))
        #expect(plain["expanded"] == nil)
        let plainHeight = try #require(plain["height"] as? Int)
        let contentHeight = try #require(first["contentHeight"] as? Int)
        let tops = Dictionary(
            uniqueKeysWithValues: Self.cells(first).compactMap { cell in
                (cell["row"] as? Int).map { ($0, cell["top"] as! Int) }
            })

        // Six lines: two e-mails, two phones, the address and the labels.
        let (status, expanded) = try #require(
            client.getJSON(
                "/window?offset=\(offset)&height=600&session=\(session)&ack=\(first["seq"]!)&expand=\(id)"))
        #expect(status == 200)
        #expect(expanded["offset"] as? Double == offset, "the rows above stay put")
        #expect(expanded["contentHeight"] as? Int == contentHeight + 6 * 20)
        let open = try #require(Self.cell(of: id, in: expanded))
        #expect(open["expanded"] as? Bool == true)
        #expect(open["height"] as? Int == plainHeight + 6 * 20)
        #expect(open["top"] as? Int == tops[row])
        #expect(open["change"] as? String == "update")
        let html = try #require(open["html"] as? String)
        for text in [
            "ida@home.example", "mobile: +1 202 555 0199", "work: 1 Karl Johans gate, Oslo, Norway",
            "Work, Choir",
        ] {
            #expect(html.contains(text), "\(text) in \(html)")
        }
        for cell in Self.cells(expanded) where cell["row"] as? Int != row {
            // A header below moves down as well.
            #expect(cell["top"] as! Int > tops[row]!)
            guard let cellRow = cell["row"] as? Int else { continue }
            #expect(cellRow > row, "only the rows below are re-sent")
            if let before = tops[cellRow] {
                #expect(cell["top"] as? Int == before + 6 * 20)
                #expect(cell["change"] as? String == "move")
            }
            #expect(cell["expanded"] == nil)
        }

        // Away and back: the contact is still the one expanded row, whatever slot shows it.
        var seq = try #require(expanded["seq"] as? Int)
        let away = try #require(
            client.getJSON("/window?offset=\(offset + 10_000)&height=600&session=\(session)&ack=\(seq)")?.json
        )
        #expect(Self.cells(away).allSatisfy { $0["expanded"] == nil && $0["change"] == nil })
        #expect(away["deleted"] == nil, "rows scrolled out are not deleted")
        seq = try #require(away["seq"] as? Int)
        let back = try #require(
            client.getJSON("/window?offset=\(offset)&height=600&session=\(session)&ack=\(seq)")?.json)
        #expect(Self.cells(back).filter { $0["expanded"] as? Bool == true }.count == 1)
        #expect(Self.cell(of: id, in: back)?["expanded"] as? Bool == true)
        #expect(Self.cell(of: id, in: back)?["height"] as? Int == plainHeight + 120)
        #expect(Self.cells(back).allSatisfy { $0["change"] == nil })
        seq = try #require(back["seq"] as? Int)

        // Collapsed: as before.
        let closed = try #require(
            client.getJSON(
                "/window?offset=\(offset)&height=600&session=\(session)&ack=\(seq)&collapse=\(id)")?.json)
        #expect(closed["contentHeight"] as? Int == contentHeight)
        #expect(Self.cell(of: id, in: closed)?["height"] as? Int == plainHeight)
        #expect(Self.cell(of: id, in: closed)?["expanded"] == nil)

        // A new session may expand from its first window; another session is not affected.
        let fresh = try #require(client.getJSON("/window?row=\(row - 3)&height=600&expand=\(id)")?.json)
        #expect(Self.cell(of: id, in: fresh)?["height"] as? Int == plainHeight + 120)
        #expect(fresh["contentHeight"] as? Int == contentHeight + 120)
        let other = try #require(client.getJSON("/window?row=\(row - 3)&height=600")?.json)
        #expect(Self.cell(of: id, in: other)?["height"] as? Int == plainHeight)
    }

    @Test(arguments: TestStore.available)
    func aDeltaAcrossAWriteMarksInsertsAndDeletesAndNeverAScroll(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 300)
        let client = live.client()
        let names = ["Zzzxmark Ann", "Zzzxmark Bo", "Zzzxmark Cy", "Zzzxmark Di"]
        var ids: [Int] = []
        defer { for id in ids { _ = live.call("DELETE", "/contacts/\(id)") } }
        for name in names {
            let parts = name.split(separator: " ")
            let body = #"{"first_name":"\#(parts[1])","last_name":"\#(parts[0])"}"#
            ids.append(try #require(live.call("POST", "/contacts", body).json["id"] as? Int))
        }
        let row = try #require(live.call("GET", "/contacts/\(ids[0])").json["row"] as? Int)
        let first = try #require(client.getJSON("/window?row=\(row)&height=400")?.json)
        let session = try #require(first["session"] as? String)
        let offset = try #require(first["offset"] as? Double)
        let gone = try #require(Self.cell(of: ids[1], in: first)?["slot"] as? Int)

        // Bo is deleted and "Zzzxmark Bz" sorts in where he was.
        #expect(live.call("DELETE", "/contacts/\(ids[1])").status == 204)
        let added = live.call("POST", "/contacts", #"{"first_name":"Bz","last_name":"Zzzxmark"}"#)
        let newID = try #require(added.json["id"] as? Int)
        ids.append(newID)
        let delta = try #require(
            client.getJSON("/window?offset=\(offset)&height=400&session=\(session)&ack=\(first["seq"]!)")?
                .json)
        #expect(delta["full"] as? Bool == false)
        #expect((delta["deleted"] as? [Int])?.contains(gone) == true)
        #expect(Self.cell(of: newID, in: delta)?["change"] as? String == "insert")
        #expect(Self.cell(of: ids[0], in: delta) == nil, "a row that did not change is not sent")

        // Ann's content changes: an update.
        let seq = try #require(delta["seq"] as? Int)
        _ = live.call(
            "PATCH", "/contacts/\(ids[0])", #"{"city":"Bergen"}"#,
            headers: ["Content-Type": "application/merge-patch+json"])
        let update = try #require(
            client.getJSON("/window?offset=\(offset)&height=400&session=\(session)&ack=\(seq)")?.json)
        #expect(Self.cell(of: ids[0], in: update)?["change"] as? String == "update")
    }

    @Test(arguments: TestStore.available)
    func expandAndCollapseTakeContactIds(store: TestStore) throws {
        let client = LiveApplication.shared(store).client()
        for bad in ["expand=abc", "collapse=-1", "expand="] {
            let (status, json) = try #require(client.getJSON("/window?offset=0&height=100&\(bad)"))
            #expect(status == 400)
            #expect(
                (json["message"] as? String)?.hasPrefix(String(bad.prefix { $0 != "=" })) == true, "\(json)")
        }
        let many = (0...Expansion.limit).map { "expand=\($0)" }.joined(separator: "&")
        #expect(client.getJSON("/window?offset=0&height=100&\(many)")?.status == 400)
        #expect(client.getJSON("/window?offset=0&height=100&expand=1&expand=2&collapse=1")?.status == 200)
    }
}
