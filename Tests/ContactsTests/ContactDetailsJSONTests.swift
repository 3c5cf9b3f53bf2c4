import Contacts
import Testing

/// The exact text of the details and of a stored revision, and how odd texts read:
/// what the store holds was written so, and the same value must stay the same text.
struct ContactDetailsJSONTests {
    /// Details with every key, and text that needs each kind of escape.
    private static var everything: ContactDetails {
        var details = ContactDetails()
        details.prefix = "Dr."
        details.middleName = "quote \" back\\slash /"
        details.suffix = "line\nbreak\r\ttab"
        details.nickname = "\u{0}\u{8}\u{C}\u{1F}\u{7F}"
        details.title = "\u{2028}\u{2029}"
        details.department = "é 😀 e\u{301} €"
        details.birthday = "--03-07"
        details.emailLabel = "work"
        details.phoneLabel = "mobile"
        details.emails = [.init("a@x.example", label: "home")]
        details.phones = [.init("+1 555", label: "")]
        details.urls = [.init("https://x.example/", label: "blog")]
        details.addresses = [
            .init(label: "work", poBox: "1", street: "12 Tanner St", city: "", postcode: "SE1", country: "UK")
        ]
        details.uid = "urn:uuid:1"
        details.photo = .data(mediaType: "image/jpeg", bytes: [0xFF, 0xD8, 0, 1, 2])
        details.other = [.init(name: "X-SKYPE", value: "s")]
        return details
    }

    private static let everythingJSON =
        #"{"prefix":"Dr.","middle_name":"quote \" back\\slash /","suffix":"line\nbreak\r\ttab","#
        + #""nickname":"\u0000\u0008\u000c\u001f"# + "\u{7F}" + #"","title":"\u2028\u2029","#
        + #""department":"é 😀 e"# + "\u{301}" + #" €","birthday":"--03-07","email_label":"work","#
        + #""phone_label":"mobile","emails":[{"label":"home","value":"a@x.example"}],"#
        + #""phones":[{"label":"","value":"+1 555"}],"urls":[{"label":"blog","value":"https://x.example/"}],"#
        + #""addresses":[{"label":"work","po_box":"1","extended":"","street":"12 Tanner St","city":"","#
        + #""region":"","postcode":"SE1","country":"UK"}],"uid":"urn:uuid:1","#
        + #""photo":{"type":"image/jpeg","data":"/9gAAQI="},"other":[{"name":"X-SKYPE","value":"s"}]}"#

    @Test func detailsAreWrittenByteForByteAsTheStoreKeepsThem() throws {
        let json = Self.everything.json
        #expect(Array(json.utf8) == Array(Self.everythingJSON.utf8))
        #expect(try ContactDetails(json: json) == Self.everything)
        var url = ContactDetails()
        url.photo = .url("https://x.example/p.jpg")
        #expect(url.json == #"{"photo":{"url":"https://x.example/p.jpg"}}"#)
        var labelsOnly = ContactDetails()
        labelsOnly.categories = ["Work"]
        #expect(labelsOnly.json == "{}", "categories are read, never written")
    }

    @Test func aRevisionIsWrittenByteForByteInColumnOrder() throws {
        let fields = ContactFields(
            firstName: "A\u{7F}\"", lastName: "\u{2028}", email: "a@x.example", notes: "n\n",
            favorite: true)
        let expected =
            #"{"first_name":"A"# + "\u{7F}" + #"\"","last_name":"\u2028","email":"a@x.example","#
            + #""phone":"","company":"","city":"","notes":"n\n","favorite":true,"details":"","labels":"","photo":""}"#
        #expect(Array(fields.storedJSON.utf8) == Array(expected.utf8))
        #expect(try ContactFields(storedJSON: expected) == fields)
    }

    @Test(arguments: [
        (#"{"uid": "caf\u00e9"}"#, "café"), (#"{"uid": "\ud83d\ude00"}"#, "😀"), (#"{"uid": "a\/b"}"#, "a/b"),
        (#"{"uid": "\b\f\n\r\t\"\\"}"#, "\u{8}\u{C}\n\r\t\"\\"), (#"{"uid": "\u0000"}"#, "\u{0}"),
        ("{\"uid\": \"e\u{301}\"}", "e\u{301}"), (" \n{ \"uid\" :\t\"x\" }\r\n", "x"),
    ])
    func escapesAndWhiteSpaceReadAsWritten(json: String, uid: String) throws {
        let details = try ContactDetails(json: json)
        #expect(
            details.uid.unicodeScalars.elementsEqual(uid.unicodeScalars), "kept as written, not normalized")
    }

    @Test func nestedObjectsReadKeyByKey() throws {
        let details = try ContactDetails(
            json: #"""
                {"addresses": [{"street": "1 A St", "city": "Oslo"}, {}],
                 "photo": {"data": "AAEC", "type": "image/png"}, "categories": ["Work", "Home"],
                 "other": [{"value": "v", "name": "X-A"}], "emails": []}
                """#)
        #expect(details.addresses == [.init(street: "1 A St", city: "Oslo"), .init()])
        #expect(details.photo == .data(mediaType: "image/png", bytes: [0, 1, 2]))
        #expect(details.categories == ["Work", "Home"])
        #expect(details.other == [.init(name: "X-A", value: "v")])
        #expect(details.emails.isEmpty)
    }

    @Test(
        arguments: [
            ("{", "details", "is not a JSON object"), ("", nil, nil),
            ("5", "details", "is not a JSON object"),
            (#""x""#, "details", "is not a JSON object"), ("null", "details", "is not a JSON object"),
            ("[1]", "details", "must be a JSON object"), (#"{"a": 1} x"#, "details", "is not a JSON object"),
            (#"{"uid": "\x"}"#, "details", "is not a JSON object"),
            (#"{"uid": "\ud800"}"#, "details", "is not a JSON object"),
            (#"{"uid": 01}"#, "details", "is not a JSON object"),
            (#"{"uid": 1e400}"#, "details", "is not a JSON object"),
            ("{\"uid\": \"a\tb\"}", "details", "is not a JSON object"),
            (#"{'uid': ""}"#, "details", "is not a JSON object"),
            (#"{"title": 3}"#, "title", "must be text"), (#"{"title": -1.5e3}"#, "title", "must be text"),
            (#"{"title": true}"#, "title", "must be text"), (#"{"uid": null}"#, "uid", "must be text"),
            (#"{"emails": null}"#, "emails", "must be a list of objects"),
            (#"{"emails": [{"value": 1}]}"#, "emails.value", "must be text"),
            (#"{"phones": [{"label": []}]}"#, "phones.label", "must be text"),
            (#"{"phones": [{"value": "1", "display": {}}]}"#, "phones.display", "must be text"),
            (#"{"phones": [{"value": "1", "e164": 5}]}"#, "phones.e164", "must be text"),
            (#"{"addresses": [{"street": {}}]}"#, "addresses.street", "must be text"),
            (
                #"{"addresses": [{"town": ""}]}"#, "addresses.town",
                "is not known (an item has label, po_box, extended, street, city, region, postcode, country)"
            ),
            (
                #"{"other": [{"name": "X", "value": "v", "type": ""}]}"#, "other.type",
                "is not known (an item has name, value)"
            ),
            (#"{"categories": null}"#, "categories", "must be a list of names"),
            (#"{"categories": "Work"}"#, "categories", "must be a list of names"),
            (#"{"photo": null}"#, "photo", "must be an object"),
            (#"{"photo": {"url": 1}}"#, "photo", #"must be {"url": ...} or {"type": ..., "data": base64}"#),
            (
                #"{"photo": {"url": "u", "type": "t"}}"#, "photo",
                #"must be {"url": ...} or {"type": ..., "data": base64}"#
            ),
            (
                #"{"photo": {"type": "t", "data": "AAEC", "url": "u"}}"#, "photo",
                #"must be {"url": ...} or {"type": ..., "data": base64}"#
            ),
            (#"{"zeta": "", "title": 1, "alpha": ""}"#, "alpha", nil),
            (#"{"uid": 1, "title": 1}"#, "title", "must be text"),
            // RFC 8259 as `JSONReader` reads it: what a lenient reader let through is refused.
            (#"{"uid": "a",}"#, "details", "is not a JSON object"),
            (#"{"emails": [{"value": "a"},]}"#, "details", "is not a JSON object"),
            (#"{"uid": "a", "uid": "b"}"#, "details", "is not a JSON object"),
            ("\u{FEFF}{}", "details", "is not a JSON object"),
        ] as [(String, String?, String?)])
    func wrongDetailsSayWhichKeyAndWhatIsWrong(json: String, key: String?, problem: String?) {
        do {
            _ = try ContactDetails(json: json)
            #expect(key == nil, "\(json) reads")
        } catch {
            #expect(error.key == key, "\(json)")
            if let problem { #expect(error.problem == problem, "\(json)") }
        }
    }

    @Test func anUnknownKeyIsNamedWithTheKnownOnes() {
        #expect(throws: ContactDetails.Invalid.self) { try ContactDetails(json: #"{"colour": ""}"#) }
        do {
            _ = try ContactDetails(json: #"{"colour": ""}"#)
        } catch {
            #expect(
                error.problem
                    == "is not a detail (known: addresses, birthday, categories, department, email_label, emails, middle_name, nickname, other, phone_label, phones, phonetic_first_name, phonetic_last_name, photo, prefix, suffix, title, uid, urls)"
            )
        }
    }

    @Test(arguments: [
        ("true", true), ("false", false), ("1", true), ("0", false), ("2", true), ("1.0", true),
        ("-0.0", false),
        (#""true""#, false), ("null", false), ("[]", false),
    ])
    func aStoredFlagReadsAsItsTruth(value: String, flag: Bool) throws {
        let fields = try ContactFields(storedJSON: #"{"first_name": "A", "favorite": \#(value)}"#)
        #expect(fields.favorite == flag, "\(value)")
        #expect(fields.firstName == "A")
    }

    @Test(arguments: ["1", "true", "null", "[]", "{}"])
    func aStoredTextThatIsNoStringReadsEmpty(value: String) throws {
        let fields = try ContactFields(storedJSON: #"{"first_name": \#(value), "last_name": "B"}"#)
        #expect(fields.firstName == "" && fields.lastName == "B")
    }

    @Test(arguments: [
        "[1]", "5", "null", #""x""#, "{", "", #"{"a": "\ud800"}"#, #"{"first_name": "a",}"#,
        #"{"first_name": "a", "first_name": "b"}"#,
    ])
    func aStoredRevisionThatIsNoObjectIsInconsistent(text: String) {
        #expect(throws: ContactsError.self) { try ContactFields(storedJSON: text) }
    }
}
