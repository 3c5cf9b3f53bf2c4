import Contacts
import Testing

@testable import App

/// A session's expanded contacts and an expanded row's lines.
struct ExpansionTests {
    @Test func expandingAndCollapsingCountsGenerationsOnlyWhenSomethingChanges() {
        var expansion = Expansion()
        expansion.change(expand: [3, 5, 3], collapse: [])
        #expect(expansion.ids == [3, 5] && expansion.generation == 1)
        expansion.change(expand: [5], collapse: [9])
        #expect(expansion.generation == 1, "nothing changed")
        expansion.change(expand: [7], collapse: [3])
        #expect(expansion.ids == [5, 7] && expansion.generation == 2)
        #expect(expansion.contains(7) && !expansion.contains(3))
        // Collapse then expand: an id in both stays expanded.
        expansion.change(expand: [5], collapse: [5])
        #expect(expansion.ids == [7, 5])
    }

    @Test func atMostTwoHundredTheOldestGoingFirst() {
        var expansion = Expansion()
        expansion.change(expand: Array(0..<Expansion.limit), collapse: [])
        expansion.change(expand: [1_000, 1_001], collapse: [])
        #expect(expansion.ids.count == Expansion.limit)
        #expect(!expansion.contains(0) && !expansion.contains(1) && expansion.contains(2))
        #expect(expansion.ids.suffix(2) == [1_000, 1_001])
    }

    @Test func theLinesAreEveryEmailPhoneAddressAndTheLabels() throws {
        var details = ContactDetails()
        details.emailLabel = "work"
        details.emails = [
            ContactCard.Labeled("b@home.example", label: "home"), ContactCard.Labeled("c@x.example"),
        ]
        details.phones = [ContactCard.Labeled("+1 202 555 0199", label: "mobile")]
        details.addresses = [
            ContactCard.Address(
                label: "home", street: "1 Main St\nFlat 2", postcode: "0150", country: "Norway"),
            ContactCard.Address(city: "Bergen"),
        ]
        let fields = ContactFields(
            firstName: "Ida", email: "ida@work.example", phone: "555 0101", city: "Oslo",
            details: details.json, labels: ContactLabels.stored(["Work", "Choir"]))
        let lines = ExpandedLines.lines(of: Contact(id: 1, position: 0, revision: 0, fields: fields))
        #expect(
            lines == [
                "work: ida@work.example", "home: b@home.example", "c@x.example", "555 0101",
                "mobile: +1 202 555 0199", "home: 1 Main St Flat 2, Oslo, 0150, Norway", "Bergen",
                "Work, Choir",
            ])
        // Nothing but a city: one line; nothing at all: none.
        let city = ContactFields(firstName: "Al", city: "Oslo")
        #expect(ExpandedLines.lines(of: Contact(id: 2, position: 0, revision: 0, fields: city)) == ["Oslo"])
        let bare = ContactFields(firstName: "Al")
        #expect(ExpandedLines.lines(of: Contact(id: 3, position: 0, revision: 0, fields: bare)).isEmpty)
    }
}
