import Contacts
import Foundation
import TestSupport
import Testing

/// `ContactDetails`: its JSON text, and a card taken apart and put back together.
struct ContactDetailsTests {
    private static let texts = [
        "", "a", "Ünïcödé ✓", "quote \" back\\slash", "line\nbreak\ttab", "\u{1}\u{1F}", "😀", "/",
    ]

    private static func text(_ random: inout SeededGenerator) -> String {
        texts[Int(random.next() % UInt64(texts.count))]
    }

    private static func labeled(_ random: inout SeededGenerator) -> [ContactCard.Labeled] {
        (0..<Int(random.next() % 3)).map { _ in ContactCard.Labeled(text(&random) + "x", label: text(&random))
        }
    }

    static func details(_ random: inout SeededGenerator) -> ContactDetails {
        var details = ContactDetails()
        details.prefix = text(&random)
        details.middleName = text(&random)
        details.suffix = text(&random)
        details.nickname = text(&random)
        details.title = text(&random)
        details.department = text(&random)
        details.birthday = random.next() % 2 == 0 ? "" : "--03-07"
        details.emailLabel = text(&random)
        details.phoneLabel = text(&random)
        details.emails = labeled(&random)
        details.phones = labeled(&random)
        details.urls = labeled(&random)
        details.addresses = (0..<Int(random.next() % 3)).map { _ in
            ContactCard.Address(
                label: text(&random), poBox: text(&random), street: text(&random), city: text(&random),
                postcode: text(&random), country: text(&random))
        }
        details.uid = text(&random)
        switch random.next() % 3 {
        case 0: details.photo = .data(mediaType: "image/jpeg", bytes: [0xFF, 0xD8, 0, 1, 2])
        case 1: details.photo = .url("https://example.org/p.jpg")
        default: break
        }
        details.other = (0..<Int(random.next() % 3)).map { _ in
            ContactCard.Property(name: "X-" + text(&random), value: text(&random))
        }
        return details
    }

    @Test func randomDetailsReadBackFromTheirJSONTheSame() throws {
        var random = SeededGenerator(seed: 25)
        for _ in 0..<500 {
            let details = Self.details(&random)
            let json = details.json
            #expect(json.isEmpty == details.isEmpty)
            #expect(try ContactDetails(json: json) == details, "\(json)")
            if !json.isEmpty {
                #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
            }
            #expect(details.json == json, "the same details are the same text")
        }
    }

    @Test func emptyDetailsAreNoText() throws {
        #expect(ContactDetails().json == "")
        #expect(try ContactDetails(json: "") == ContactDetails())
        #expect(try ContactDetails(json: "{}") == ContactDetails())
    }

    @Test(arguments: [
        (#"[1]"#, "details"), (#"{"colour": "red"}"#, "colour"), (#"{"title": 3}"#, "title"),
        (#"{"emails": [{"value": "a", "kind": "x"}]}"#, "emails.kind"), (#"{"emails": ["a"]}"#, "emails"),
        (#"{"categories": [1]}"#, "categories"), (#"{"photo": {"data": "!!"}}"#, "photo"), ("{", "details"),
    ])
    func wrongDetailsNameTheirKey(json: String, key: String) {
        #expect {
            try ContactDetails(json: json)
        } throws: { error in
            (error as? ContactDetails.Invalid)?.key == key
        }
    }

    @Test func aCardSplitAndPutTogetherIsTheSameCard() {
        var card = ContactCard()
        card.firstName = "Priya"
        card.middleName = "K."
        card.lastName = "Ravindran"
        card.emails = [.init("priya@quill.example", label: "work"), .init("p@home.example", label: "home")]
        card.phones = [.init("+44 7700 900123", label: "mobile")]
        card.addresses = [.init(label: "work", street: "12 Tanner St", city: "London", postcode: "SE1 3LD")]
        card.company = "Quillfeather Labs"
        card.title = "Head of Research"
        card.notes = "Prefers Signal"
        let (fields, details) = card.split()
        #expect(
            fields.email == "priya@quill.example" && fields.phone == "+44 7700 900123"
                && fields.city == "London")
        #expect(details.emails == [.init("p@home.example", label: "home")] && details.emailLabel == "work")
        #expect(details.addresses[0].city == "", "the city is the field's, not held twice")
        #expect(ContactCard(fields: fields, details: details) == card)
    }

    @Test func storedFieldsAndDetailsSurviveACardUnchangedOnceNormalized() {
        var random = SeededGenerator(seed: 8)
        for _ in 0..<500 {
            var fields = ContactFields(firstName: "A")
            fields.email = random.next() % 2 == 0 ? "" : "e@x.example"
            fields.phone = random.next() % 2 == 0 ? "" : "+1 555"
            fields.city = random.next() % 2 == 0 ? "" : "Oslo"
            let (f, d) = ContactDetails.normalized(fields, Self.details(&random))
            let again = ContactCard(fields: f, details: d).split()
            #expect(again.fields == f && again.details == d)
        }
        // A missing primary e-mail is the next one; a city alone is no address.
        var details = ContactDetails()
        details.emails = [.init("b@x.example", label: "home")]
        let promoted = ContactDetails.normalized(ContactFields(firstName: "A", city: "Oslo"), details)
        #expect(promoted.fields.email == "b@x.example" && promoted.details.emailLabel == "home")
        #expect(promoted.details.emails.isEmpty && promoted.details.addresses.isEmpty)
    }
}
