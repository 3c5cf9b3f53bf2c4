import Foundation
import TestSupport
import Testing

@testable import App

/// `POST /import/preview`: what an import would do, nothing written.
@Suite(.serialized)
struct ImportPreviewAPITests {
    let live: LiveApplication

    init() throws { live = try LiveApplication(contacts: 10) }

    @Test func aGoogleFileShowsItsLayoutColumnsAndFirstContactsAndWritesNothing() throws {
        let file =
            "First Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Mood\r\n"
            + "Priya,Ravindran,* Work,priya@q.example,Mobile,+44 7700 900123,calm\r\n"
            + "Tomasz,Wójcik,Home,tomek@p.example,,,\r\n"
        let (status, preview) = live.client().post("/import/preview?whole=1", file)
        #expect(status == 200, "\(preview)")
        #expect(preview["kind"] as? String == "csv" && preview["delimiter"] as? String == "comma")
        #expect((preview["layout"] as? String)?.contains("Google") == true, "\(preview["layout"] ?? "")")
        let columns = try #require(preview["columns"] as? [[String: Any]])
        #expect(columns.count == 7)
        #expect(columns.last?["header"] as? String == "Mood" && columns.last?["extra"] as? Bool == true)
        let rows = try #require(preview["rows"] as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(
            rows[0]["email"] as? String == "priya@q.example"
                && rows[0]["phone"] as? String == "+44 7700 900123")
        #expect(
            (rows[0]["details"] as? [String: Any])?["other"] as? [[String: String]] == [
                ["name": "Mood", "value": "calm"]
            ])
        #expect(
            live.client().getJSON("/window?offset=0&height=1")?.json["total"] as? Int == 10, "nothing written"
        )
    }

    @Test func aVCardIsPreviewedAndASpreadsheetIsRefusedNamingTheFix() throws {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Brennan;Siobhan;;;\r\nEMAIL:s@b.example\r\nEND:VCARD\r\n"
        let (status, preview) = live.client().post(
            "/import/preview?whole=1", card, headers: ["Content-Type": "text/vcard"])
        #expect(status == 200 && preview["kind"] as? String == "vcard")
        #expect((preview["rows"] as? [[String: Any]])?.first?["last_name"] as? String == "Brennan")
        let zip = "PK\u{3}\u{4}" + String(repeating: "x", count: 40)
        let refused = live.client().post("/import/preview", zip)
        #expect(refused.status == 422)
        #expect((refused.json["message"] as? String ?? "").lowercased().contains("csv"), "\(refused.json)")
        #expect(live.client().post("/import/preview?mode=x", card).status == 400)
    }

    @Test func aVCardImportedTwiceWithMergeMakesEachContactOnce() throws {
        let card =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:urn:uuid:7e1b\r\nN:Brennan;Siobhan;;;\r\nTEL:+353 87 555 0161\r\nEND:VCARD\r\n"
        let headers = ["Content-Type": "text/vcard"]
        let first = live.client().post("/import?mode=merge", card, headers: headers)
        #expect(first.status == 200 && first.json["inserted"] as? Int == 1)
        let changed = card.replacingOccurrences(
            of: "END:VCARD", with: "EMAIL:s@bluedoor.example\r\nEND:VCARD")
        let again = live.client().post("/import?mode=merge", changed, headers: headers)
        #expect(again.json["inserted"] as? Int == 0 && again.json["updated"] as? Int == 1, "\(again.json)")
        #expect(again.json["total"] as? Int == 11)
        let same = live.client().post("/import?mode=merge", changed, headers: headers)
        #expect(same.json["unchanged"] as? Int == 1 && same.json["total"] as? Int == 11)
    }
}
