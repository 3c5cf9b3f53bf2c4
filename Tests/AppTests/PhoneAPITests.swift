import Contacts
import Foundation
import Phones
import TestSupport
import Testing

@testable import App

/// Phone numbers in a list served with `--region GB` (docs/api.md, "Phone
/// numbers"), on each store: searched in any format, given in E.164 and as read in
/// the region, and matched by their E.164 forms when an import merges.
@Suite(.serialized)
struct PhoneAPITests {
    /// One number typed four ways, a neighbour of it, and one that is no possible number.
    static let contacts = [
        ContactFields(firstName: "Ann", lastName: "Abroad", phone: "+44 20 7946 0958"),
        ContactFields(firstName: "Bob", lastName: "Home", phone: "(020) 7946 0958"),
        ContactFields(firstName: "Cy", lastName: "Nextdoor", phone: "020 7946 0000"),
        ContactFields(
            firstName: "Dee", lastName: "Details", phone: "0161 496 0000",
            details: #"{"phones":[{"label":"work","value":"020.7946.0958"}]}"#),
        ContactFields(firstName: "Eve", lastName: "Short", phone: "7946 0958"),
    ]

    static func live(_ store: TestStore) throws -> LiveApplication {
        try LiveApplication(store, contacts: 20, adding: contacts) { $0.region = PhoneRegion("GB") }
    }

    /// The ids of the contacts `q` finds, among those added.
    private static func found(_ live: LiveApplication, _ query: String) throws -> Set<Int> {
        let q = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let (status, json) = try #require(live.client().getJSON("/window?height=2000&offset=0&q=\(q)"))
        #expect(status == 200, "\(query): \(json)")
        let cells = json["cells"] as? [[String: Any]] ?? []
        let ids = cells.compactMap { ($0["contact"] as? [String: Any])?["id"] as? Int }
        #expect(json["total"] as? Int == ids.count, "\(query): one window holds every match")
        return Set(ids).intersection(live.addedIDs)
    }

    @Test(arguments: TestStore.available)
    func aNumberIsFoundWhateverFormatItIsTypedIn(store: TestStore) throws {
        let live = try Self.live(store)
        let ids = live.addedIDs
        let london = Set([ids[0], ids[1], ids[3]])
        for query in [
            "020 7946 0958", "+44 20 7946 0958", "(020) 7946-0958", "+442079460958", "0044 20 7946 0958",
        ] {
            #expect(try Self.found(live, query) == london, "\(query)")
        }
        // No E.164 form in GB (too short): words, as before, found in every format that holds them.
        #expect(try Self.found(live, "7946 0958") == Set([ids[0], ids[1], ids[3], ids[4]]))
        #expect(try Self.found(live, "020 7946 0000") == [ids[2]])
        // Words stay words, and a short run of digits any part of the phones.
        #expect(try Self.found(live, "ann abroad") == [ids[0]])
        #expect(try Self.found(live, "0958") == Set([ids[0], ids[1], ids[3], ids[4]]))
        let sections = try #require(live.client().getJSON("/sections?q=%2B44%2020%207946%200958")?.json)
        let rows = (sections["sections"] as? [[String: Any]] ?? []).map { $0["rows"] as? Int ?? 0 }
        #expect(rows.reduce(0, +) == sections["total"] as? Int && (sections["total"] as? Int ?? 0) >= 3)
    }

    /// Without `--region`, a list reads phones in its locale's region: en-GB's is GB, as
    /// `--region GB` would make it; an English list's stays the United States.
    @Test(arguments: TestStore.available)
    func aListWithoutARegionReadsPhonesInItsLocales(store: TestStore) throws {
        let british = try LiveApplication(store, contacts: 20, adding: Self.contacts, locale: "en-GB")
        let ids = british.addedIDs
        #expect(try Self.found(british, "020 7946 0958") == Set([ids[0], ids[1], ids[3]]))
        let bob = try #require(british.client().getJSON("/contacts/\(ids[1])")?.json)
        #expect(bob["phone_e164"] as? String == "+442079460958", "\(bob)")
        let english = try LiveApplication(store, contacts: 20, adding: Self.contacts, locale: "en")
        let plain = try #require(english.client().getJSON("/contacts/\(english.addedIDs[1])")?.json)
        #expect(plain["phone_e164"] is NSNull, "(020) 7946 0958 is no possible number in the US: \(plain)")
    }

    @Test(arguments: TestStore.available)
    func aContactGivesItsPhonesInE164AndAsTheRegionDialsThem(store: TestStore) throws {
        let live = try Self.live(store)
        let ids = live.addedIDs
        let ann = try #require(live.client().getJSON("/contacts/\(ids[0])")?.json)
        #expect(ann["phone"] as? String == "+44 20 7946 0958")
        #expect(ann["phone_e164"] as? String == "+442079460958")
        #expect(ann["phone_display"] as? String == "020 7946 0958")
        let dee = try #require(live.client().getJSON("/contacts/\(ids[3])")?.json)
        #expect(
            dee["phone_e164"] as? String == "+441614960000"
                && dee["phone_display"] as? String == "0161 496 0000")
        let phones = try #require((dee["details"] as? [String: Any])?["phones"] as? [[String: Any]])
        #expect(phones.first?["value"] as? String == "020.7946.0958")
        #expect(phones.first?["e164"] as? String == "+442079460958")
        #expect(phones.first?["display"] as? String == "020 7946 0958")
        let eve = try #require(live.client().getJSON("/contacts/\(ids[4])")?.json)
        #expect(eve["phone_e164"] is NSNull && eve["phone_display"] is NSNull, "\(eve)")
        // A write takes the details back with their forms, and ignores them.
        let details = try #require(dee["details"] as? [String: Any])
        let body = String(
            decoding: try JSONSerialization.data(withJSONObject: ["details": details]), as: UTF8.self)
        let written = live.call("PATCH", "/contacts/\(ids[3])", body)
        #expect(written.status == 200, "\(written.json)")
        let again = (written.json["details"] as? [String: Any])?["phones"] as? [[String: Any]]
        #expect(again?.count == 1 && again?.first?["value"] as? String == "020.7946.0958", "\(written.json)")
    }

    @Test(arguments: TestStore.available)
    func aMergeImportMatchesPhonesByTheirE164Forms(store: TestStore) throws {
        let live = try Self.live(store)
        let ids = live.addedIDs
        // Bob's "(020) 7946 0958" is "+442079460958"; Eve's "7946 0958" has no E.164 form and
        // keeps matching by its digits; Cy's number differs.
        let csv =
            "first_name,last_name,phone,city\r\n" + "Bob,Home,+442079460958,London\r\n"
            + "Eve,Short,7946-0958,Leeds\r\n" + "Cy,Nextdoor,+44 20 7946 0001,York\r\n"
        let answer = live.client().post("/import?mode=merge", csv)
        #expect(answer.status == 200, "\(answer.json)")
        #expect(answer.json["updated"] as? Int == 2 && answer.json["inserted"] as? Int == 1, "\(answer.json)")
        let bob = try #require(live.client().getJSON("/contacts/\(ids[1])")?.json)
        #expect(bob["city"] as? String == "London" && bob["phone"] as? String == "+442079460958")
        let eve = try #require(live.client().getJSON("/contacts/\(ids[4])")?.json)
        #expect(eve["city"] as? String == "Leeds")
        // The merged contact is found by its number in any format still.
        #expect(try Self.found(live, "(020) 7946 0958").contains(ids[1]))
    }
}
