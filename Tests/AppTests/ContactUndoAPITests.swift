import Contacts
import Foundation
import TestSupport
import Testing

@testable import App

/// The writes that lose nothing, on a live application: e-mails and phones checked
/// on writes (not on reads), a PATCH with `Prefer: merge` from an older revision
/// merged three ways (docs/api.md, "Merging an older revision's write"), and a deleted
/// contact restored with the same id and fields (docs/api.md, "Undo").
@Suite(.serialized)
struct ContactUndoAPITests {
    /// Stored before the rules: an e-mail that is none, a phone without a digit.
    static let legacy = ContactFields(firstName: "Legacy", email: "legacy at nowhere", phone: "n/a")

    private func version(_ live: LiveApplication) -> Int {
        live.call("GET", "/sections").json["version"] as? Int ?? -1
    }

    @Test(
        arguments: TestStore.each([
            (#"{"first_name":"Val","email":"not an email"}"#, "email"),
            (#"{"first_name":"Val","email":"two@@x.org"}"#, "email"),
            (#"{"first_name":"Val","phone":"n/a"}"#, "phone"),
            (#"{"first_name":"Val","details":{"phones":[{"label":"","value":"none"}]}}"#, "details"),
        ]))
    func aWriteWithAnEmailThatIsNoneOrAPhoneWithoutADigitIs422(store: TestStore, body: String, field: String)
        throws
    {
        let live = try LiveApplication(store, contacts: 2_000, adding: [Self.legacy])
        let before = version(live)
        let created = live.call("POST", "/contacts", body)
        #expect(created.status == 422 && created.json["error"] as? String == "invalid_field")
        #expect(created.json["field"] as? String == field)
        let patched = live.call(
            "PATCH", "/contacts/5", body.replacingOccurrences(of: #""first_name":"Val","#, with: ""))
        #expect(patched.status == 422 && patched.json["field"] as? String == field)
        #expect(version(live) == before, "nothing written")
    }

    @Test(arguments: TestStore.available)
    func aStoredValueFromBeforeTheRulesIsReadAndAWriteThatLeavesItKeepsIt(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000, adding: [Self.legacy])
        let id = try #require(live.addedIDs.first)
        let read = live.call("GET", "/contacts/\(id)")
        #expect(read.status == 200 && read.json["email"] as? String == "legacy at nowhere")
        let patched = live.call("PATCH", "/contacts/\(id)", #"{"city":"Ghent"}"#)
        #expect(patched.status == 200 && patched.json["email"] as? String == "legacy at nowhere")
        #expect(patched.json["phone"] as? String == "n/a")
        let csv = try #require(live.client().get("/export.csv"))
        #expect(String(decoding: csv.body, as: UTF8.self).contains("legacy at nowhere"), "exported as it is")
    }

    @Test(arguments: TestStore.available)
    func aPatchFromAnOlderRevisionWithPreferMergeKeepsBothChanges(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000, adding: [Self.legacy])
        let read = live.call("GET", "/contacts/40")
        let etag = try #require(read.headers["etag"])
        #expect(live.call("PATCH", "/contacts/40", #"{"company":"Other Writer Ltd"}"#).status == 200)
        let plain = live.call("PATCH", "/contacts/40", #"{"city":"Typed City"}"#, headers: ["If-Match": etag])
        #expect(plain.status == 412, "without Prefer: merge, as before")
        let merged = live.call(
            "PATCH", "/contacts/40", #"{"city":"Typed City"}"#,
            headers: ["If-Match": etag, "Prefer": "merge"])
        #expect(merged.status == 200 && merged.headers["preference-applied"] == "merge")
        #expect(merged.json["city"] as? String == "Typed City")
        #expect(merged.json["company"] as? String == "Other Writer Ltd")
        #expect(merged.json["first_name"] as? String == read.json["first_name"] as? String)
        let current = live.call("GET", "/contacts/40")
        #expect(current.headers["etag"] == merged.headers["etag"])
        #expect(
            live.call(
                "PATCH", "/contacts/40", #"{"city":"Mine"}"#,
                headers: ["If-Match": #""r999999""#, "Prefer": "respond-async, merge"]
            ).status == 412, "a revision the history does not keep")
    }

    @Test(arguments: TestStore.available)
    func fieldsBothChangedDifferentlyAre409WithBothValuesAndNothingWritten(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000, adding: [Self.legacy])
        let read = live.call("GET", "/contacts/41")
        let etag = try #require(read.headers["etag"])
        #expect(
            live.call("PATCH", "/contacts/41", #"{"city":"Rome","details":{"nickname":"Theirs"}}"#).status
                == 200)
        let before = version(live)
        let refused = live.call(
            "PATCH", "/contacts/41", #"{"city":"Paris","company":"Mine Ltd","details":{"nickname":"Mine"}}"#,
            headers: ["If-Match": etag, "Prefer": "merge"])
        #expect(refused.status == 409 && refused.json["error"] as? String == "merge_conflict")
        #expect(refused.json["field"] as? String == "city")
        let conflicts = try #require(refused.json["conflicts"] as? [[String: Any]])
        #expect(conflicts.count == 2)
        #expect(conflicts[0]["field"] as? String == "city" && conflicts[0]["key"] == nil)
        #expect(conflicts[0]["base"] as? String == read.json["city"] as? String)
        #expect(conflicts[0]["yours"] as? String == "Paris" && conflicts[0]["theirs"] as? String == "Rome")
        #expect(conflicts[1]["field"] as? String == "details" && conflicts[1]["key"] as? String == "nickname")
        #expect((conflicts[1]["theirs"] as? [String: Any])?["nickname"] as? String == "Theirs")
        #expect(refused.headers["etag"] == live.call("GET", "/contacts/41").headers["etag"])
        #expect(
            version(live) == before
                && live.call("GET", "/contacts/41").json["company"] as? String != "Mine Ltd")
    }

    @Test(arguments: TestStore.available)
    func aDeletedContactIsRestoredWithItsIdFieldsAndStarOnce(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000, adding: [Self.legacy])
        let created = live.call(
            "POST", "/contacts", #"{"first_name":"Undo","last_name":"Me","city":"Reykjavík","favorite":true}"#
        )
        let id = try #require(created.json["id"] as? Int)
        #expect(live.call("POST", "/contacts/\(id)/restore").status == 409, "it is in the list")
        #expect(live.call("DELETE", "/contacts/\(id)").status == 204)
        let gone = version(live)
        let restored = live.call("POST", "/contacts/\(id)/restore")
        #expect(restored.status == 201 && restored.headers["location"] == "/contacts/\(id)")
        #expect(restored.json["row"] as? Int == created.json["row"] as? Int)
        #expect(restored.json["version"] as? Int == gone + 1)
        let read = live.call("GET", "/contacts/\(id)")
        for key in ["first_name", "last_name", "city"] {
            #expect(read.json[key] as? String == created.json[key] as? String, "\(key)")
        }
        #expect(read.json["favorite"] as? Bool == true && read.headers["etag"] == restored.headers["etag"])
        #expect(live.call("POST", "/contacts/\(id)/restore").json["error"] as? String == "contact_exists")
        let never = live.call("POST", "/contacts/123456/restore")
        #expect(never.status == 404 && (never.json["message"] as? String)?.contains("10 minutes") == true)
    }

    @Test(arguments: TestStore.available)
    func aRestoreIsAuthorizedLikeAnyWrite(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2_000, adding: [Self.legacy])
        let id = try #require(live.call("POST", "/contacts", #"{"first_name":"Guarded"}"#).json["id"] as? Int)
        #expect(live.call("DELETE", "/contacts/\(id)").status == 204)
        #expect(
            live.call("POST", "/contacts/\(id)/restore", headers: ["Sec-Fetch-Site": "cross-site"]).status
                == 403)
        #expect(
            live.call("POST", "/contacts/\(id)/restore", headers: ["Origin": "http://evil.example"]).status
                == 403)
        #expect(live.call("GET", "/contacts/\(id)").status == 404)
        #expect(live.call("POST", "/contacts/\(id)/restore").status == 201)
    }
}
