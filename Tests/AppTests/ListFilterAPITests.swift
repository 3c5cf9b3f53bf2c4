import Foundation
import Requests
import TestSupport
import Testing

@testable import App

/// `filter=favorites` and `label=` on a live application: lists of their own, with
/// `q` and with each other, kept live by writes; labels on contacts and `GET /labels`.
@Suite(.serialized)
struct ListFilterAPITests {
    private func window(_ live: LiveApplication, _ query: String) throws -> [String: Any] {
        let answer = live.call("GET", "/window?height=600&\(query)")
        #expect(answer.status == 200, "\(query): \(answer.json)")
        return answer.json
    }

    private static func contactIDs(_ window: [String: Any]) -> [Int] {
        (window["cells"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "contact" }
            .compactMap { ($0["contact"] as? [String: Any])?["id"] as? Int }
    }

    /// Creates a contact; its id.
    private func create(_ live: LiveApplication, _ json: String) throws -> Int {
        let created = live.call("POST", "/contacts", json)
        #expect(created.status == 201, "\(created.json)")
        return try #require(created.json["id"] as? Int)
    }

    @Test(arguments: TestStore.available)
    func favouritesAndLabelsAreListsOfTheirOwnWithSearchAndEachOther(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000)
        let ada = try create(
            live, #"{"first_name":"Ada","last_name":"Qxlabel","favorite":true,"labels":["Work"]}"#)
        let bob = try create(live, #"{"first_name":"Bob","last_name":"Qxlabel","labels":["work","Chess"]}"#)
        let cyd = try create(live, #"{"first_name":"Cyd","last_name":"Qxlabel","favorite":true}"#)
        let dee = try create(
            live, #"{"first_name":"Dee","last_name":"Other","favorite":true,"labels":["WORK"]}"#)

        let favourites = try window(live, "filter=favorites&offset=0")
        #expect(favourites["total"] as? Int == 3)
        #expect(Set(Self.contactIDs(favourites)) == [ada, cyd, dee])
        let rows = (favourites["cells"] as? [[String: Any]] ?? []).compactMap { $0["row"] as? Int }
        #expect(rows.sorted() == [0, 1, 2])
        let work = try window(live, "label=Work&offset=0")
        #expect(Set(Self.contactIDs(work)) == [ada, bob, dee], "a label is matched in any case")
        #expect(Set(Self.contactIDs(try window(live, "label=%20wORK%20&offset=0"))) == [ada, bob, dee])
        #expect(Set(Self.contactIDs(try window(live, "label=work&filter=favorites&offset=0"))) == [ada, dee])
        #expect(Set(Self.contactIDs(try window(live, "label=work&q=qxlabel&offset=0"))) == [ada, bob])
        #expect(Self.contactIDs(try window(live, "label=work&q=qxlabel&filter=favorites&offset=0")) == [ada])
        #expect(Set(Self.contactIDs(try window(live, "filter=favorites&q=qxlabel&offset=0"))) == [ada, cyd])
        #expect(Self.contactIDs(try window(live, "filter=all&q=qxlabel&offset=0")).count == 3)
        let jumped = try window(live, "label=work&row=2")
        #expect(jumped["row"] as? Int == 2 && Self.contactIDs(jumped).contains(dee))

        let unknown = try window(live, "label=Nobody&offset=0")
        #expect(unknown["total"] as? Int == 0 && Self.contactIDs(unknown).isEmpty)

        let sections = live.call("GET", "/sections?filter=favorites&label=work")
        #expect(sections.status == 200 && sections.json["total"] as? Int == 2)
        let counted = (sections.json["sections"] as? [[String: Any]] ?? []).map { $0["rows"] as? Int ?? 0 }
        let shown = live.call("GET", "/sections").json["sections"] as? [Any]
        #expect(counted.count == shown?.count && counted.reduce(0, +) == 2, "the whole list's sections")
        #expect(live.call("GET", "/sections?label=nobody").json["total"] as? Int == 0)
    }

    @Test(
        arguments: TestStore.each([
            ("/window?offset=0&height=600&filter=starred", "filter"),
            ("/window?offset=0&height=600&filter=favorites&filter=favorites", "filter"),
            ("/window?offset=0&height=600&label=", "label"),
            ("/window?offset=0&height=600&label=%20", "label"),
            ("/sections?filter=Favorites", "filter"),
            ("/sections?label=a&label=b", "label"),
        ]))
    func badFiltersAre400sNamingTheParameter(store: TestStore, target: String, parameter: String) throws {
        let live = try LiveApplication(store, contacts: 2_000)
        let answer = live.call("GET", target)
        #expect(answer.status == 400 && answer.json["error"] as? String == "invalid_parameter")
        #expect((answer.json["message"] as? String ?? "").hasPrefix(parameter), "\(answer.json)")
    }

    @Test(arguments: TestStore.available)
    func aStarOrALabelMovesAContactIntoAndOutOfTheListOnTheNextDelta(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000)
        let eve = try create(
            live,
            #"{"first_name":"Eve","last_name":"Aadelta","favorite":true,"labels":["Delta"]}"#)
        let fay = try create(live, #"{"first_name":"Fay","last_name":"Aadelta"}"#)
        let first = try window(live, "filter=favorites&q=aadelta&offset=0")
        #expect(Self.contactIDs(first) == [eve] && first["full"] as? Bool == true)
        let session = try #require(first["session"] as? String)
        var seq = try #require(first["seq"] as? Int)

        #expect(live.call("PATCH", "/contacts/\(fay)", #"{"favorite":true}"#).status == 200)
        let starred = try window(live, "filter=favorites&q=aadelta&offset=0&session=\(session)&ack=\(seq)")
        #expect(starred["full"] as? Bool == false && starred["total"] as? Int == 2)
        #expect(Self.contactIDs(starred) == [fay], "only the newcomer is sent")
        seq = try #require(starred["seq"] as? Int)

        #expect(live.call("PATCH", "/contacts/\(eve)", #"{"favorite":false}"#).status == 200)
        let unstarred = try window(live, "filter=favorites&q=aadelta&offset=0&session=\(session)&ack=\(seq)")
        #expect(unstarred["full"] as? Bool == false && unstarred["total"] as? Int == 1)
        #expect((unstarred["released"] as? [Int] ?? []).count == 1)

        let labelled = try window(live, "label=delta&offset=0")
        #expect(Self.contactIDs(labelled) == [eve])
        let labelSession = try #require(labelled["session"] as? String)
        let labelSeq = try #require(labelled["seq"] as? Int)
        #expect(live.call("PATCH", "/contacts/\(fay)", #"{"labels":["delta"]}"#).status == 200)
        let moved = try window(live, "label=delta&offset=0&session=\(labelSession)&ack=\(labelSeq)")
        #expect(moved["full"] as? Bool == false && moved["total"] as? Int == 2)
        #expect(Self.contactIDs(moved) == [fay])
    }

    @Test(arguments: TestStore.available)
    func labelsAreCheckedStoredReplacedByAPatchAndCounted(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000)
        let id = try create(live, #"{"first_name":"Gil","labels":[" Zeta ","zeta","Alpha"]}"#)
        let read = live.call("GET", "/contacts/\(id)")
        #expect(read.json["labels"] as? [String] == ["Zeta", "Alpha"])
        let patched = live.call("PATCH", "/contacts/\(id)", #"{"labels":["Beta"],"city":"Oslo"}"#)
        #expect(patched.status == 200 && patched.json["labels"] as? [String] == ["Beta"])
        #expect(
            live.call("PATCH", "/contacts/\(id)", #"{"city":"Rome"}"#).json["labels"] as? [String] == ["Beta"]
        )
        let plain = try create(live, #"{"first_name":"Hal"}"#)
        #expect(live.call("GET", "/contacts/\(plain)").json["labels"] as? [String] == [])
        let aliased = try create(
            live, #"{"first_name":"Ivy","details":{"nickname":"I","categories":["Old"]}}"#)
        let alias = live.call("GET", "/contacts/\(aliased)").json
        #expect(alias["labels"] as? [String] == ["Old"])
        #expect((alias["details"] as? [String: Any])?["categories"] == nil)

        for body in [
            #"{"first_name":"X","labels":"Work"}"#, #"{"first_name":"X","labels":[1]}"#,
            #"{"first_name":"X","labels":[""]}"#, #"{"first_name":"X","labels":["a\nb"]}"#,
            #"{"first_name":"X","labels":["\#(String(repeating: "l", count: 101))"]}"#,
            #"{"first_name":"X","labels":[\#((0..<51).map { "\"n\($0)\"" }.joined(separator: ","))]}"#,
        ] {
            let refused = live.call("POST", "/contacts", body)
            #expect(refused.status == 422 && refused.json["field"] as? String == "labels", "\(body)")
        }

        let counts = live.call("GET", "/labels")
        #expect(counts.status == 200)
        let labels = try #require(counts.json["labels"] as? [[String: Any]])
        let names = labels.compactMap { $0["name"] as? String }
        #expect(names == names.sorted { $0.lowercased() < $1.lowercased() })
        let byName = Dictionary(
            uniqueKeysWithValues: labels.map { ($0["name"] as? String ?? "", $0["count"] as? Int ?? 0) })
        #expect(byName["Beta"] == 1 && byName["Old"] == 1 && byName["Alpha"] == nil)
        #expect(live.call("GET", "/labels?x=1").status == 400)

        #expect(live.call("DELETE", "/contacts/\(id)").status == 204)
        let after = live.call("GET", "/labels").json["labels"] as? [[String: Any]] ?? []
        #expect(!after.contains { $0["name"] as? String == "Beta" }, "a deleted contact is not counted")
        let restored = live.call("POST", "/contacts/\(id)/restore")
        #expect(restored.status == 201 && restored.json["labels"] as? [String] == ["Beta"])
        #expect(Self.contactIDs(try window(live, "label=beta&offset=0")) == [id])
    }

    @Test(arguments: TestStore.available)
    func aMergedPatchTreatsLabelsAsAField(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000)
        let id = try create(live, #"{"first_name":"Jo","labels":["One"]}"#)
        let etag = try #require(live.call("GET", "/contacts/\(id)").headers["etag"])
        #expect(live.call("PATCH", "/contacts/\(id)", #"{"labels":["One","Two"]}"#).status == 200)
        let merged = live.call(
            "PATCH", "/contacts/\(id)", #"{"city":"Lima"}"#, headers: ["If-Match": etag, "Prefer": "merge"])
        #expect(merged.status == 200 && merged.json["labels"] as? [String] == ["One", "Two"])
        #expect(merged.json["city"] as? String == "Lima")
        let conflict = live.call(
            "PATCH", "/contacts/\(id)", #"{"labels":["Three"]}"#,
            headers: ["If-Match": etag, "Prefer": "merge"])
        #expect(conflict.status == 409 && conflict.json["field"] as? String == "labels")
        let item = try #require((conflict.json["conflicts"] as? [[String: Any]])?.first)
        #expect(item["base"] as? [String] == ["One"] && item["yours"] as? [String] == ["Three"])
        #expect(item["theirs"] as? [String] == ["One", "Two"])
    }

    @Test(arguments: TestStore.available)
    func bothExportsWriteLabelsBackSoThatAnImportGivesThemAgain(store: TestStore) throws {
        let source = try LiveApplication(store, contacts: 0)
        let client = source.client()
        for body in [
            #"{"first_name":"Kim","labels":["Work","Golf, weekends"]}"#,
            #"{"first_name":"Lou","labels":["work"]}"#,
            #"{"first_name":"Max","favorite":true}"#,
        ] {
            #expect(
                client.post("/contacts", body, headers: ["Content-Type": "application/json"]).status == 201)
        }
        let expected = try #require(client.getJSON("/labels")?.json["labels"] as? [[String: Any]])
        #expect(expected.count == 2)
        for (path, type) in [("/export.csv", "text/csv"), ("/export.vcf", "text/vcard")] {
            let exported = try #require(client.get(path)).text
            #expect(exported.contains("Golf"), "\(path)")
            let target = try LiveApplication(store, contacts: 0)
            let other = target.client()
            #expect(other.post("/import", exported, headers: ["Content-Type": type]).status == 200, "\(path)")
            let labels = try #require(other.getJSON("/labels")?.json["labels"] as? [[String: Any]])
            #expect(labels.map { $0["name"] as? String } == expected.map { $0["name"] as? String }, "\(path)")
            #expect(labels.map { $0["count"] as? Int } == [1, 2], "\(path)")
            #expect(other.getJSON("/window?offset=0&height=600&filter=favorites")?.json["total"] as? Int == 1)
        }
    }
}
