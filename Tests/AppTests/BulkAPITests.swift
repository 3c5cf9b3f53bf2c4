import Contacts
import Foundation
import TestSupport
import Testing

@testable import App

/// Bulk actions on a live application (docs/api.md, "Bulk actions"): ids, a range of a view
/// and all of a view but some, at the version the client saw; one version for each; undo;
/// errors naming the field; exports of a selection.
@Suite(.serialized)
struct BulkAPITests {
    private func window(_ live: LiveApplication, _ query: String = "", offset: Int = 0) -> [String: Any] {
        live.call("GET", "/window?offset=\(offset)&height=20000&\(query)").json
    }

    /// The ids of the list (or view) in row order, a window of 20,000 px at a time.
    private func ids(_ live: LiveApplication, _ query: String = "") -> [Int] {
        var byRow: [Int: Int] = [:]
        var offset = 0
        while true {
            let answer = window(live, query, offset: offset)
            for cell in answer["cells"] as? [[String: Any]] ?? [] where cell["kind"] as? String == "contact" {
                if let row = cell["row"] as? Int, let id = (cell["contact"] as? [String: Any])?["id"] as? Int
                {
                    byRow[row] = id
                }
            }
            let total = answer["total"] as? Int ?? 0
            if byRow.count >= total || offset > 10_000_000 { break }
            offset += 19_000
        }
        return byRow.keys.sorted().compactMap { byRow[$0] }
    }

    private func bulk(_ live: LiveApplication, _ body: String) -> (status: Int, json: [String: Any]) {
        let answer = live.call("POST", "/contacts/bulk", body)
        return (answer.status, answer.json)
    }

    @Test(arguments: TestStore.available)
    func favouritingIdsStarsThemInOneVersionAndUndoUnstarsThem(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 300)
        for id in [11, 22, 33] { _ = live.call("PATCH", "/contacts/\(id)", #"{"favorite":false}"#) }
        let before = window(live, "filter=favorites")
        let (status, json) = bulk(live, #"{"action":"favorite","select":{"ids":[11,22,33,99999]}}"#)
        #expect(status == 200 && json["affected"] as? Int == 3, "the unknown id is skipped")
        let version = try #require(json["version"] as? Int)
        #expect(version == (before["version"] as? Int ?? -2) + 1, "one version for the three")
        let after = window(live, "filter=favorites")
        #expect(after["total"] as? Int == (before["total"] as? Int ?? -1) + 3)
        let undo = try #require(json["undo"] as? String)
        let undone = live.call("POST", "/contacts/bulk/undo", #"{"undo":"\#(undo)"}"#)
        #expect(undone.status == 200 && undone.json["affected"] as? Int == 3)
        #expect(window(live, "filter=favorites")["total"] as? Int == before["total"] as? Int)
        let again = live.call("POST", "/contacts/bulk/undo", #"{"undo":"\#(undo)"}"#)
        #expect(again.status == 410 && again.json["field"] as? String == "undo", "a token undoes once")
    }

    @Test(arguments: TestStore.available)
    func labellingAllOfASearchButSomeLeavesOutContactsAddedAfterTheVersion(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000)
        let query = "q=smith"
        let found = ids(live, query)
        try #require(found.count > 3)
        let version = try #require(window(live, query)["version"] as? Int)
        let added = live.call("POST", "/contacts", #"{"first_name":"Zed","last_name":"Smith"}"#)
        let newcomer = try #require(added.json["id"] as? Int)
        let except = Array(found.prefix(2))
        let (status, json) = bulk(
            live,
            #"{"action":"add_label","label":"Smiths","select":{"all":true,"view":{"q":"smith"},"except":\#(except),"version":\#(version)}}"#
        )
        #expect(status == 200 && json["affected"] as? Int == found.count - 2)
        let labelled = Set(ids(live, "label=Smiths"))
        #expect(labelled == Set(found).subtracting(except))
        #expect(!labelled.contains(newcomer), "added after the version the client saw")
        let removed = bulk(
            live,
            #"{"action":"remove_label","label":"smiths","select":{"ids":\#(Array(labelled).prefix(5))}}"#)
        #expect(removed.status == 200 && removed.json["affected"] as? Int == 5)
        #expect(ids(live, "label=Smiths").count == labelled.count - 5)
    }

    @Test(arguments: TestStore.available)
    func deletingARangeTakesItOutAndUndoPutsEveryContactBackAtItsRow(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 500)
        let all = ids(live)
        let version = try #require(window(live)["version"] as? Int)
        _ = live.call("PATCH", "/contacts/\(all[120])", #"{"labels":["Keep"],"favorite":true}"#)
        let kept = live.call("GET", "/contacts/\(all[120])").json
        let (status, json) = bulk(
            live,
            #"{"action":"delete","select":{"between":[\#(all[199]),\#(all[100])],"version":\#(version)}}"#)
        #expect(status == 200 && json["affected"] as? Int == 100, "both ends, whichever comes first")
        let after = ids(live)
        #expect(after.count == all.count - 100 && after[100] == all[200])
        #expect(live.call("GET", "/contacts/\(all[150])").status == 404)
        let undo = try #require(json["undo"] as? String)
        let undone = live.call("POST", "/contacts/bulk/undo", #"{"undo":"\#(undo)"}"#)
        #expect(undone.status == 200 && undone.json["affected"] as? Int == 100)
        #expect(ids(live) == all, "every id back at its row")
        let back = live.call("GET", "/contacts/\(all[120])").json
        #expect(back["labels"] as? [String] == ["Keep"] && back["favorite"] as? Bool == true)
        #expect(back["first_name"] as? String == kept["first_name"] as? String)
    }

    @Test(arguments: TestStore.available)
    func aBulkActionIsOneEventAndOneVersion(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 300)
        #expect(bulk(live, #"{"action":"favorite","select":{"ids":[3,4,5,6]}}"#).status == 200)
        let before = try #require(window(live)["version"] as? Int)
        let favorites = try #require(window(live, "filter=favorites")["total"] as? Int)
        try #require(favorites >= 4)
        let events = EventsAPITests.stream(live)
        #expect(EventsAPITests.announced(events.next())?.version == before)
        let (status, json) = bulk(
            live,
            #"{"action":"delete","select":{"all":true,"view":{"filter":"favorites"},"version":\#(before)}}"#)
        #expect(status == 200 && json["version"] as? Int == before + 1)
        #expect(json["affected"] as? Int == favorites)
        #expect(EventsAPITests.announced(events.next())?.version == before + 1, "one event for all of them")
        #expect(events.next(timeout: 0.5).map { EventsAPITests.announced($0) } == nil, "and no other")
        #expect(window(live, "filter=favorites")["total"] as? Int == 0)
        #expect(window(live)["version"] as? Int == before + 1)
    }

    @Test(
        arguments: TestStore.each([
            (#"{"action":"explode","select":{"ids":[1]}}"#, "action"),
            (#"{"select":{"ids":[1]}}"#, "action"),
            (#"{"action":"add_label","select":{"ids":[1]}}"#, "label"),
            (#"{"action":"remove_label","label":"No Such Label","select":{"ids":[1]}}"#, "label"),
            (#"{"action":"favorite","select":{"between":[1,2]}}"#, "version"),
            (#"{"action":"favorite","select":{"all":true}}"#, "version"),
            (#"{"action":"favorite","select":{"between":[1,987654],"version":1}}"#, "between"),
            (#"{"action":"favorite","select":{"ids":[]}}"#, "ids"),
            (#"{"action":"favorite","select":{"ids":[1],"all":true}}"#, "select"),
            (#"{"action":"favorite"}"#, "select"),
        ]))
    func aBadRequestIsRefusedNamingItsFieldAndWritesNothing(store: TestStore, body: String, field: String)
        throws
    {
        let live = try LiveApplication(store, contacts: 300)
        let before = window(live)["version"] as? Int
        let (status, json) = bulk(live, body)
        #expect(status == 422 && json["field"] as? String == field)
        #expect(window(live)["version"] as? Int == before)
    }

    @Test func tenThousandAndOneIdsAreRefused() throws {
        let live = try LiveApplication(.sqlite, contacts: 10)
        let ids = (1...10_001).map(String.init).joined(separator: ",")
        let (status, json) = bulk(live, #"{"action":"favorite","select":{"ids":[\#(ids)]}}"#)
        #expect(status == 422 && json["field"] as? String == "ids")
    }

    @Test(arguments: TestStore.available)
    func anExportOfASelectionHoldsItsContactsInListOrder(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 300)
        let all = ids(live)
        let version = try #require(window(live)["version"] as? Int)
        let names = [all[10], all[11], all[12]].map {
            live.call("GET", "/contacts/\($0)").json["email"] as? String ?? ""
        }
        let client = live.client()
        let body = #"{"select":{"between":[\#(all[10]),\#(all[12])],"version":\#(version)}}"#
        client.send(
            "POST /export.csv HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        )
        let answer = try #require(client.readResponses().first)
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(answer.status == 200 && answer.headers["content-type"]?.hasPrefix("text/csv") == true)
        let places = names.map { text.range(of: $0)?.lowerBound }
        #expect(
            places.allSatisfy { $0 != nil }
                && places == places.sorted { ($0 ?? text.endIndex) < ($1 ?? text.endIndex) })
        let other = live.call("GET", "/contacts/\(all[13])").json["email"] as? String ?? "-"
        #expect(!text.contains(other), "only the selection")
        let cards = live.call("POST", "/export.vcf", #"{"select":{"ids":[\#(all[5])]}}"#)
        #expect(cards.status == 200)
    }
}
