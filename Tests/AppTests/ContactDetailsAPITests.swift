import Foundation
import TestSupport
import Testing

@testable import App

/// A contact's `details` through the API: written, read back, checked, searched,
/// exported and imported again; and contacts listed by a company or an e-mail.
@Suite(.serialized)
struct ContactDetailsAPITests {
    private static let json = ["Content-Type": "application/json"]

    private static var details: [String: Any] {
        [
            "middle_name": "K.", "title": "Head of Research", "birthday": "--09-14", "email_label": "work",
            "emails": [["label": "home", "value": "priya.r@homemail.example"]],
            "phones": [["label": "work", "value": "+44 20 7946 0958"]],
            "addresses": [
                [
                    "label": "work", "po_box": "", "extended": "", "street": "12 Tanner St", "city": "",
                    "region": "", "postcode": "SE1 3LD", "country": "United Kingdom",
                ]
            ],
            "other": [["name": "X-SKYPE", "value": "priya.k"]],
        ]
    }

    /// `details` as a read gives them back: each phone with its E.164 form and that
    /// form shown in the list's region (docs/api.md, "Phone numbers"; `US` here).
    private static var detailsAsRead: [String: Any] {
        var read = details
        read["phones"] = [
            [
                "label": "work", "value": "+44 20 7946 0958", "e164": "+442079460958",
                "display": "+44 20 7946 0958",
            ]
        ]
        return read
    }

    private func create(_ live: LiveApplication, _ body: [String: Any]) throws -> [String: Any] {
        let text = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        let answer = live.client().post("/contacts", text, headers: Self.json)
        #expect(answer.status == 201, "\(answer.json)")
        return answer.json
    }

    @Test(arguments: TestStore.available)
    func detailsAreKeptReadBackAndFoundBy(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 300)
        let made = try create(
            live,
            [
                "first_name": "Priya", "last_name": "Ravindranath", "email": "priya@quill.example",
                "city": "London",
                "phone": "+44 7700 900123",
                "details": Self.details,
            ])
        let id = try #require(made["id"] as? Int)
        let read = try #require(live.client().getJSON("/contacts/\(id)")?.json)
        #expect(
            NSDictionary(dictionary: read["details"] as? [String: Any] ?? [:])
                == NSDictionary(dictionary: Self.detailsAsRead))
        // The second e-mail and phone find the contact, as its own do.
        for q in ["homemail", "7946"] {
            let window = try #require(live.client().getJSON("/window?offset=0&height=400&q=\(q)")?.json)
            let ids = (window["cells"] as? [[String: Any]] ?? []).compactMap {
                ($0["contact"] as? [String: Any])?["id"] as? Int
            }
            #expect(ids == [id], "q=\(q)")
        }
        // A contact without details has an empty object.
        let plain = try create(live, ["first_name": "Ann"])
        #expect((plain["details"] as? [String: Any])?.isEmpty == true)
    }

    @Test(
        arguments: TestStore.each([
            (#"{"first_name": "A", "details": "text"}"#, "details"),
            (#"{"first_name": "A", "details": {"hobby": "x"}}"#, "hobby"),
            (#"{"first_name": "A", "details": {"emails": [{"value": 3}]}}"#, "emails.value"),
        ]))
    func wrongDetailsAre422NamingTheKey(store: TestStore, body: String, key: String) throws {
        let live = try LiveApplication(store, contacts: 300)
        let answer = live.client().post("/contacts", body, headers: Self.json)
        #expect(answer.status == 422 && answer.json["field"] as? String == "details")
        #expect((answer.json["message"] as? String ?? "").contains(key), "\(answer.json)")
    }

    @Test(arguments: TestStore.available)
    func aPrimaryEmailLeftEmptyIsTakenFromTheOthers(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 300)
        let made = try create(
            live,
            [
                "first_name": "Bo", "details": ["emails": [["label": "home", "value": "bo@home.example"]]],
            ])
        #expect(made["email"] as? String == "bo@home.example")
        #expect((made["details"] as? [String: Any])?["email_label"] as? String == "home")
        #expect((made["details"] as? [String: Any])?["emails"] == nil)
    }

    @Test(arguments: TestStore.available)
    func aContactWithoutANameIsListedByItsCompanyOrItsEmail(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 300)
        let company = try create(live, ["company": "Harborview Dental Clinic", "phone": "+1 206-555-0143"])
        #expect(company["section"] as? String == "H")
        let email = try create(live, ["email": "frontdesk@zeta.example"])
        #expect(email["section"] as? String == "F")
        let refused = live.client().post("/contacts", #"{"phone": "555"}"#, headers: Self.json)
        #expect(refused.status == 422 && refused.json["error"] as? String == "name_required")
    }

    @Test(arguments: TestStore.available)
    func detailsGoOutInTheCSVExportAndComeBack(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 300)
        _ = try create(
            live, ["first_name": "Cy", "last_name": "Exporte", "phone": "1", "details": Self.details])
        let exported = try #require(live.client().get("/export.csv")).text
        let target = try LiveApplication(store, contacts: 0)
        #expect(target.client().post("/import", exported).status == 200)
        let window = try #require(target.client().getJSON("/window?offset=0&height=400&q=exporte")?.json)
        let id = try #require(
            ((window["cells"] as? [[String: Any]])?.first { $0["kind"] as? String == "contact" }?["contact"]
                as? [String: Any])?["id"] as? Int)
        let read = try #require(target.client().getJSON("/contacts/\(id)")?.json)
        #expect(
            NSDictionary(dictionary: read["details"] as? [String: Any] ?? [:])
                == NSDictionary(dictionary: Self.detailsAsRead))
    }

    @Test(arguments: TestStore.available)
    func formulasAreExportedAsTextAndImportBackTheSame(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 300)
        let risky = [
            "first_name": #"=HYPERLINK("https://attacker.example","open")"#, "last_name": "+Plusfield",
            "company": "@SUM(A1:A9)", "city": "-2+3", "phone": "+1 555 0100",
        ]
        _ = try create(live, risky)
        let exported = try #require(live.client().get("/export.csv")).text
        let row = try #require(exported.components(separatedBy: "\r\n").first { $0.contains("Plusfield") })
        for cell in row.split(separator: ",", omittingEmptySubsequences: false) {
            let cell = cell.hasPrefix("\"") ? cell.dropFirst() : cell
            #expect(!["=", "+", "-", "@", "\t", "\r"].contains(cell.first.map(String.init) ?? ""), "\(row)")
        }
        let target = try LiveApplication(store, contacts: 0)
        #expect(target.client().post("/import", exported).status == 200)
        let window = try #require(target.client().getJSON("/window?offset=0&height=400&q=plusfield")?.json)
        let contact = try #require(
            (window["cells"] as? [[String: Any]])?.first { $0["kind"] as? String == "contact" }?["contact"]
                as? [String: Any])
        for (key, value) in risky { #expect(contact[key] as? String == value, "\(key)") }
    }

    @Test(arguments: TestStore.available)
    func theVCardExportWritesEveryDetailIn3Or4(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 300)
        _ = try create(
            live,
            [
                "first_name": "Vee", "last_name": "Cardwell", "phone": "1", "favorite": true,
                "details": Self.details,
            ])
        let three = try #require(live.client().get("/export.vcf"))
        #expect(three.status == 200 && three.headers["content-type"]?.hasPrefix("text/vcard") == true)
        let text = three.text
        #expect(text.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\n"))
        for value in [
            "N:Cardwell;Vee;K.;;", "TITLE:Head of Research", "priya.r@homemail.example", "X-SKYPE:priya.k",
            "12 Tanner St",
        ] {
            #expect(text.contains(value), "\(value)")
        }
        #expect(text.components(separatedBy: "BEGIN:VCARD").count - 1 == 300 + 1, "every contact")
        let four = try #require(live.client().get("/export.vcf?version=4.0"))
        #expect(four.text.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"))
        #expect(live.client().get("/export.vcf?version=2.1")?.status == 400)
        #expect(live.client().get("/export.vcf?format=x")?.status == 400)
    }
}
