import Testing

@testable import Contacts

/// The e-mail and phone rules of writes and imports
/// (docs/api.md, "POST /contacts, PATCH /contacts/{id} and DELETE /contacts/{id}").
struct ContactValidationTests {
    @Test(arguments: ["", "a@b", "ada@example.org", "名前@例え.jp", "o'brien+tag@x.co.uk", "a.b@[192.0.2.1]"])
    func anEmailThatLooksLikeOnePasses(_ text: String) {
        #expect(ContactValidation.isEmail(text))
    }

    @Test(arguments: [
        "not an email", "ada", "@example.org", "ada@", "@", "a@b@c", "a @b", "a@b ", " a@b", "a\tb@c",
        "a@b\u{00A0}c", "a@b\u{3000}", "a\u{2028}@b", "a\u{85}@b",
    ])
    func anEmailThatDoesNotIsRefused(_ text: String) {
        #expect(!ContactValidation.isEmail(text))
    }

    @Test func theWhiteSpaceListedIsUnicodesWhiteSpace() {
        // The OpenAPI pattern names the same list: it must be exactly White_Space.
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let listed = ContactValidation.whiteSpace.contains { $0.contains(value) }
            #expect(listed == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
    }

    @Test func aPhoneNeedsADigitOfAnyScript() {
        for good in ["", "+1 555-0100", "(0)1", "ext. 7", "٣٣", "１２３"] {
            #expect(ContactValidation.isPhone(good), "\(good)")
        }
        for bad in ["n/a", "abc", "+", "😀 𝔸", " "] { #expect(!ContactValidation.isPhone(bad), "\(bad)") }
    }

    @Test func onlyTheFieldsCheckedAreJudgedAndTheDetailsOthersToo() throws {
        let legacy = ContactFields(firstName: "Old", email: "not an email", phone: "n/a")
        #expect(ContactValidation.problem(in: legacy, checking: [.firstName, .city]) == nil)
        #expect(ContactValidation.problem(in: legacy, checking: ContactField.allCases)?.field == .email)
        #expect(ContactValidation.problem(in: legacy, checking: [.phone])?.place == "phone")
        var details = ContactDetails()
        details.emails = [.init("ok@x.org", label: "home"), .init("a b@x", label: "")]
        details.phones = [.init("none", label: "")]
        var fields = ContactFields(firstName: "New")
        fields.details = details.json
        let problem = try #require(ContactValidation.problem(in: fields, checking: [.details]))
        #expect(problem.field == .details && problem.place == "details: emails[1].value")
        #expect(problem.description.contains("'a b@x'"))
        details.emails.removeLast()
        #expect(ContactValidation.problem(in: details)?.place == "details: phones[0].value")
    }
}
