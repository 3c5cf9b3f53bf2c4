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
    let live: LiveApplication

    /// Stored before the rules: an e-mail that is none, a phone without a digit.
    static let legacy = ContactFields(firstName: "Legacy", email: "legacy at nowhere", phone: "n/a")

    init() throws { live = try LiveApplication(contacts: 2_000, adding: [Self.legacy]) }

    private func call(
        _ method: String, _ target: String, _ body: String? = nil, headers: [String: String] = [:]
    ) -> (status: Int, headers: [String: String], json: [String: Any]) {
        live.client().call(method, target, body, headers: headers)
    }

    private var version: Int { call("GET", "/sections").json["version"] as? Int ?? -1 }

    @Test(
        arguments: [
            (#"{"first_name":"Val","email":"not an email"}"#, "email"),
            (#"{"first_name":"Val","email":"two@@x.org"}"#, "email"),
            (#"{"first_name":"Val","phone":"n/a"}"#, "phone"),
            (#"{"first_name":"Val","details":{"phones":[{"label":"","value":"none"}]}}"#, "details"),
        ])
    func aWriteWithAnEmailThatIsNoneOrAPhoneWithoutADigitIs422(body: String, field: String) {
        let before = version
        let created = call("POST", "/contacts", body)
        #expect(created.status == 422 && created.json["error"] as? String == "invalid_field")
        #expect(created.json["field"] as? String == field)
        let patched = call(
            "PATCH", "/contacts/5", body.replacingOccurrences(of: #""first_name":"Val","#, with: ""))
        #expect(patched.status == 422 && patched.json["field"] as? String == field)
        #expect(version == before, "nothing written")
    }

    @Test func aStoredValueFromBeforeTheRulesIsReadAndAWriteThatLeavesItKeepsIt() throws {
        let id = try #require(live.addedIDs.first)
        let read = call("GET", "/contacts/\(id)")
        #expect(read.status == 200 && read.json["email"] as? String == "legacy at nowhere")
        let patched = call("PATCH", "/contacts/\(id)", #"{"city":"Ghent"}"#)
        #expect(patched.status == 200 && patched.json["email"] as? String == "legacy at nowhere")
        #expect(patched.json["phone"] as? String == "n/a")
        let csv = try #require(live.client().get("/export.csv"))
        #expect(String(decoding: csv.body, as: UTF8.self).contains("legacy at nowhere"), "exported as it is")
    }

    @Test func aPatchFromAnOlderRevisionWithPreferMergeKeepsBothChanges() throws {
        let read = call("GET", "/contacts/40")
        let etag = try #require(read.headers["etag"])
        #expect(call("PATCH", "/contacts/40", #"{"company":"Other Writer Ltd"}"#).status == 200)
        let plain = call("PATCH", "/contacts/40", #"{"city":"Typed City"}"#, headers: ["If-Match": etag])
        #expect(plain.status == 412, "without Prefer: merge, as before")
        let merged = call(
            "PATCH", "/contacts/40", #"{"city":"Typed City"}"#,
            headers: ["If-Match": etag, "Prefer": "merge"])
        #expect(merged.status == 200 && merged.headers["preference-applied"] == "merge")
        #expect(merged.json["city"] as? String == "Typed City")
        #expect(merged.json["company"] as? String == "Other Writer Ltd")
        #expect(merged.json["first_name"] as? String == read.json["first_name"] as? String)
        let current = call("GET", "/contacts/40")
        #expect(current.headers["etag"] == merged.headers["etag"])
        #expect(
            call(
                "PATCH", "/contacts/40", #"{"city":"Mine"}"#,
                headers: ["If-Match": #""r999999""#, "Prefer": "respond-async, merge"]
            ).status == 412, "a revision the history does not keep")
    }

    @Test func fieldsBothChangedDifferentlyAre409WithBothValuesAndNothingWritten() throws {
        let read = call("GET", "/contacts/41")
        let etag = try #require(read.headers["etag"])
        #expect(
            call("PATCH", "/contacts/41", #"{"city":"Rome","details":{"nickname":"Theirs"}}"#).status == 200)
        let before = version
        let refused = call(
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
        #expect(refused.headers["etag"] == call("GET", "/contacts/41").headers["etag"])
        #expect(version == before && call("GET", "/contacts/41").json["company"] as? String != "Mine Ltd")
    }

    @Test func aDeletedContactIsRestoredWithItsIdFieldsAndStarOnce() throws {
        let created = call(
            "POST", "/contacts", #"{"first_name":"Undo","last_name":"Me","city":"Reykjavík","favorite":true}"#
        )
        let id = try #require(created.json["id"] as? Int)
        #expect(call("POST", "/contacts/\(id)/restore").status == 409, "it is in the list")
        #expect(call("DELETE", "/contacts/\(id)").status == 204)
        let gone = version
        let restored = call("POST", "/contacts/\(id)/restore")
        #expect(restored.status == 201 && restored.headers["location"] == "/contacts/\(id)")
        #expect(restored.json["row"] as? Int == created.json["row"] as? Int)
        #expect(restored.json["version"] as? Int == gone + 1)
        let read = call("GET", "/contacts/\(id)")
        for key in ["first_name", "last_name", "city"] {
            #expect(read.json[key] as? String == created.json[key] as? String, "\(key)")
        }
        #expect(read.json["favorite"] as? Bool == true && read.headers["etag"] == restored.headers["etag"])
        #expect(call("POST", "/contacts/\(id)/restore").json["error"] as? String == "contact_exists")
        let never = call("POST", "/contacts/123456/restore")
        #expect(never.status == 404 && (never.json["message"] as? String)?.contains("10 minutes") == true)
    }

    @Test func aRestoreIsAuthorizedLikeAnyWrite() throws {
        let id = try #require(call("POST", "/contacts", #"{"first_name":"Guarded"}"#).json["id"] as? Int)
        #expect(call("DELETE", "/contacts/\(id)").status == 204)
        #expect(
            call("POST", "/contacts/\(id)/restore", headers: ["Sec-Fetch-Site": "cross-site"]).status == 403)
        #expect(
            call("POST", "/contacts/\(id)/restore", headers: ["Origin": "http://evil.example"]).status == 403)
        #expect(call("GET", "/contacts/\(id)").status == 404)
        #expect(call("POST", "/contacts/\(id)/restore").status == 201)
    }
}
