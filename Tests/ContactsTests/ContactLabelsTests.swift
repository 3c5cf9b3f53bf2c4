import Contacts
import Foundation
import Testing

/// `ContactLabels`: names checked and cleaned, stored one a line, and a card's
/// categories as the contact's `labels` field.
struct ContactLabelsTests {
    @Test func checkedNamesAreTrimmedAndRepeatsInAnyCaseFoldedIntoTheFirst() throws {
        #expect(
            try ContactLabels.checked([" Work ", "family", "WORK", "Family", "Ünïcödé", "ünÏcödé"]) == [
                "Work", "family", "Ünïcödé",
            ])
        #expect(try ContactLabels.checked([]) == [])
    }

    @Test(arguments: [
        ([""], "labels[0] is empty"), (["ok", "  "], "labels[1] is empty"),
        (["a\nb"], "labels[0] holds a line break"), (["tab\there"], "labels[0] holds a line break"),
        ([String(repeating: "x", count: 101)], "labels[0] is 101 characters long"),
        ((0..<51).map { "L\($0)" }, "holds 51 labels"),
        (Array(repeating: "same", count: 51), "holds 51 labels"),
        (["\u{FEFF}"], "labels[0] is empty"),
        ([" " + String(repeating: "x", count: 100)], "labels[0] is 101 characters"),
    ])
    func badNamesAreRefusedSayingWhich(names: [String], problem: String) {
        #expect {
            try ContactLabels.checked(names)
        } throws: { error in
            (error as? ContactLabels.Invalid)?.problem.hasPrefix(problem) == true
        }
    }

    @Test func fiftyNamesOfAHundredCharactersAreTaken() throws {
        let names = (0..<50).map { String(format: "%02d", $0) + String(repeating: "é", count: 98) }
        let stored = ContactLabels.stored(try ContactLabels.checked(names))
        #expect(ContactLabels.names(stored) == names)
        #expect(stored.unicodeScalars.count <= ContactLabels.maxStoredLength)
    }

    @Test func cleanedNamesAreNeverRefused() {
        let long = String(repeating: "y", count: 150)
        let cleaned = ContactLabels.cleaned(["a\tb", "", "  ", "A\tB", long] + (0..<60).map { "n\($0)" })
        #expect(cleaned.prefix(2) == ["a b", String(repeating: "y", count: 100)])
        #expect(cleaned.count == 50)
        #expect(ContactLabels.cleaned(stored: "Work\r\n\nwork\nFriends ") == "Work\nFriends")
    }

    @Test func keysFoldCaseAndSpaces() {
        #expect(ContactLabels.key(" Work ") == "work")
        #expect(ContactLabels.key("ÉTUDES") == ContactLabels.key("études"))
    }

    @Test func aCardsCategoriesAreTheContactsLabelsAndComeBack() {
        var card = ContactCard()
        card.firstName = "Ada"
        card.categories = ["Work", "work", " Golf "]
        let (fields, details) = card.split()
        #expect(fields.labels == "Work\nGolf")
        #expect(details.categories.isEmpty && !details.json.contains("categories"))
        #expect(ContactCard(fields: fields, details: details).categories == ["Work", "Golf"])
    }

    @Test func detailsCategoriesAreReadAsAnAliasAndNeverWrittenBack() throws {
        let details = try ContactDetails(json: #"{"nickname": "Ace", "categories": ["Chess", "Go"]}"#)
        #expect(details.categories == ["Chess", "Go"])
        #expect(details.json == #"{"nickname":"Ace"}"#)
        let (fields, rest) = ContactDetails.normalized(ContactFields(firstName: "A", labels: "Go"), details)
        #expect(fields.labels == "Go\nChess", "the contact's labels, then the alias's new ones")
        #expect(rest.categories.isEmpty)
    }

    @Test func aRevisionKeptBeforeLabelsWereAFieldHasItsCategoriesAsLabels() throws {
        let old =
            #"{"first_name": "Ada", "favorite": true, "details": "{\"categories\":[\"Work\"],\"nickname\":\"A\"}"}"#
        let fields = try ContactFields(storedJSON: old)
        #expect(fields.labels == "Work" && fields.favorite)
        #expect(fields.details == #"{"nickname":"A"}"#)
        #expect(try ContactFields(storedJSON: fields.storedJSON) == fields)
    }
}
