import Contacts
import HTTP
import Testing

@testable import App

/// `ContactInput` and `ContactPatch` on their own: bodies in, fields or errors out.
struct ContactInputTests {
    private func request(_ body: String, contentType: String? = "application/json") -> Request {
        var headers: HTTPHeaders = ["Host": "localhost"]
        if let contentType { headers.add("Content-Type", contentType) }
        return Request(
            head: RequestHead(method: "POST", target: "/contacts", headers: headers), body: Array(body.utf8))
    }

    private func fields(_ body: String) throws(HTTPError) -> ContactFields {
        try ContactInput.fields(fromJSON: Array(body.utf8))
    }

    private func patch(_ body: String) throws(HTTPError) -> ContactPatch {
        try ContactInput.patch(fromJSON: Array(body.utf8))
    }

    /// The error `body` gives, as POST (`post`) or PATCH.
    private func refusal(_ body: String, post: Bool = true) -> HTTPError? {
        do {
            if post { _ = try fields(body) } else { _ = try patch(body) }
            return nil
        } catch {
            return error
        }
    }

    /// The error reading `request` gives, as POST (`post`) or PATCH.
    private func refusal(_ request: Request, post: Bool) -> HTTPError? {
        do {
            if post {
                _ = try ContactInput.fields(from: request)
            } else {
                _ = try ContactInput.patch(from: request)
            }
            return nil
        } catch {
            return error
        }
    }

    // MARK: - POST

    @Test func everyFieldIsReadAndAbsentOnesAreEmpty() throws {
        let all = try fields(
            #"{"first_name": "Ada", "last_name": "Lovelace", "email": "ada@x.org", "phone": "+44 1", "#
                + #""company": "Engines", "city": "London", "notes": "two\nlines", "favorite": true}"#)
        #expect(
            all
                == ContactFields(
                    firstName: "Ada", lastName: "Lovelace", email: "ada@x.org", phone: "+44 1",
                    company: "Engines",
                    city: "London", notes: "two\nlines", favorite: true))
        #expect(try fields(#"{"last_name": "Hopper"}"#) == ContactFields(lastName: "Hopper"))
    }

    @Test func nullIsTheEmptyValue() throws {
        let read = try fields(#"{"first_name": "Ada", "email": null, "favorite": null}"#)
        #expect(read == ContactFields(firstName: "Ada"))
    }

    @Test func textIsStoredAsSentSpacesIncluded() throws {
        let read = try fields(#"{"first_name": "  Ada ", "notes": " \u00e9\t", "city": "e\u0301"}"#)
        #expect(read.firstName == "  Ada " && read.notes == " é\t")
        #expect(Array(read.city.unicodeScalars) == ["e", "\u{301}"], "not normalized")
    }

    @Test(arguments: [
        #"{}"#, #"{"first_name": "   "}"#, #"{"first_name": "", "last_name": "\t\n"}"#,
        #"{"first_name": null, "phone": "12"}"#, #"{"first_name": "\u0301", "email": " "}"#,
    ])
    func aContactWithoutANameIsRefused(body: String) throws {
        let error = try #require(refusal(body))
        #expect(error.status == 422 && error.code == "name_required" && error.field == "first_name")
        #expect(error.message.contains("first_name") && error.message.contains("company"))
    }

    // MARK: - Errors

    @Test(arguments: [
        "", "   ", "{", "{\"first_name\": \"Ada\",}", "{'first_name': 'Ada'}", "nul", "\u{FEFF}{}",
    ])
    func aBodyThatIsNotJSONIs400InvalidJSON(body: String) throws {
        for post in [true, false] {
            let error = try #require(refusal(body, post: post))
            #expect(error.status == 400 && error.code == "invalid_json" && error.field == nil, "\(body)")
        }
        #expect(refusal("{\"first_name\": \"Ada\",}")?.message.contains("at byte 20") == true)
        #expect(refusal("")?.message.contains("the body is empty") == true)
    }

    @Test(arguments: [("[]", "an array"), ("\"Ada\"", "a string"), ("null", "null"), ("1", "a number")])
    func aBodyThatIsNotAnObjectIs400(body: String, kind: String) throws {
        for post in [true, false] {
            let error = try #require(refusal(body, post: post))
            #expect(error.status == 400 && error.code == "invalid_json")
            #expect(error.message.contains("JSON object") && error.message.hasSuffix("not \(kind)"))
        }
    }

    @Test func aFieldGivenTwiceIsNamed() throws {
        let error = try #require(refusal(#"{"first_name": "A", "first_name": "B"}"#))
        #expect(error.status == 400 && error.code == "invalid_json" && error.field == "first_name")
    }

    @Test(arguments: ["name", "First_Name", "first_name ", "id", "row", "\u{0066}irst"])
    func anUnknownKeyIsNamedAndTheFieldsAreListed(key: String) throws {
        for post in [true, false] {
            let error = try #require(refusal("{\"first_name\": \"A\", \"\(key)\": \"x\"}", post: post))
            #expect(error.status == 400 && error.code == "unknown_field" && error.field == key)
            #expect(
                error.message.contains(
                    "first_name, last_name, email, phone, company, city, notes, favorite, details and labels")
            )
        }
    }

    @Test(arguments: [
        ("first_name", "1", "a number"), ("email", "true", "a boolean"), ("notes", "[]", "an array"),
        ("city", "{}", "an object"), ("favorite", "\"true\"", "a string"), ("favorite", "1", "a number"),
        ("favorite", "{}", "an object"),
    ])
    func aValueOfTheWrongTypeIs422NamingTheFieldAndTheType(field: String, value: String, kind: String) throws
    {
        for post in [true, false] {
            let error = try #require(refusal("{\"last_name\": \"L\", \"\(field)\": \(value)}", post: post))
            #expect(error.status == 422 && error.code == "invalid_field" && error.field == field)
            let expected = field == "favorite" ? "must be true or false" : "must be a string"
            #expect(
                error.message.contains(expected) && error.message.hasSuffix("not \(kind)"), "\(error.message)"
            )
        }
    }

    @Test(arguments: ContactField.writableFields.filter { !$0.spec.isDocument && !$0.spec.isList })
    func textOverItsLimitInCharactersIs422(field: ContactField) throws {
        guard case .text(let limit) = field.kind else { return }
        let name = field == .lastName ? "first_name" : "last_name"  // the contact's name, another field
        // An e-mail and a phone keep their rules too (ContactValidation): the same length, ending so.
        func kept(_ text: String) -> String {
            let ending = field == .email ? "a@b" : field == .phone ? "1" : ""
            return String(String.UnicodeScalarView(text.unicodeScalars.dropLast(ending.unicodeScalars.count)))
                + ending
        }
        // "é" is two UTF-8 bytes but one character: the limit counts characters, not bytes.
        let atLimit = kept(String(repeating: "é", count: limit))
        #expect(refusal("{\"\(name)\": \"L\", \"\(field.name)\": \"\(atLimit)\"}") == nil)
        // Characters are Unicode scalars, as JSON Schema's maxLength counts them: a family
        // emoji is one grapheme but five scalars.
        let family = kept(String(repeating: "👨‍👩‍👧", count: limit / 5))
        #expect(refusal("{\"\(name)\": \"L\", \"\(field.name)\": \"\(family)\"}") == nil)
        let families = String(repeating: "👨‍👩‍👧", count: limit / 5 + 1)
        #expect(refusal("{\"\(name)\": \"L\", \"\(field.name)\": \"\(families)\"}")?.code == "too_long")
        let over = String(repeating: "a", count: limit + 1)
        for post in [true, false] {
            let error = try #require(
                refusal("{\"\(name)\": \"L\", \"\(field.name)\": \"\(over)\"}", post: post))
            #expect(error.status == 422 && error.code == "too_long" && error.field == field.name)
            #expect(
                error.message.contains("\(limit + 1) characters")
                    && error.message.contains("at most \(limit)"))
        }
    }

    @Test func theFirstFaultInTheBodyIsTheOneNamed() {
        let error = refusal(#"{"email": 5, "nickname": "x"}"#)
        #expect(error?.field == "email")
        #expect(refusal(#"{"nickname": "x", "email": 5}"#)?.field == "nickname")
    }

    // MARK: - Media type and size

    @Test(arguments: [
        "application/json", "application/merge-patch+json", "Application/JSON",
        "application/json; charset=utf-8",
        "application/json;charset=\"UTF-8\"", "application/merge-patch+json ; charset=utf8",
        "application/json; x=y",
    ])
    func jsonAndMergePatchMediaTypesAreTaken(contentType: String) throws {
        #expect(
            try ContactInput.fields(from: request(#"{"first_name": "Ada"}"#, contentType: contentType))
                .firstName == "Ada")
        #expect(
            try ContactInput.patch(from: request(#"{"favorite": true}"#, contentType: contentType)).fields
                == [.favorite])
    }

    @Test(
        arguments: [
            nil, "", "text/plain", "application/x-www-form-urlencoded", "application/jsonx", "text/json",
            "application/json; charset=latin1", "multipart/form-data; boundary=x",
        ] as [String?])
    func anotherMediaTypeIs415(contentType: String?) throws {
        for post in [true, false] {
            let error = try #require(
                refusal(request(#"{"first_name": "Ada"}"#, contentType: contentType), post: post))
            #expect(error.status == 415 && error.code == "unsupported_media_type")
            #expect(error.message.contains("application/json"))
        }
    }

    @Test func aBodyOverTheLimitIs413() {
        #expect(ContactInput.maxBodyBytes == 65536)
        let notes = String(repeating: "a", count: ContactInput.maxBodyBytes)
        #expect {
            try ContactInput.fields(from: request("{\"first_name\": \"A\", \"notes\": \"\(notes)\"}"))
        } throws: { error in
            (error as? HTTPError)?.status == 413
        }
    }

    // MARK: - PATCH

    @Test func aPatchHoldsOnlyTheFieldsToChange() throws {
        #expect(try patch("{}").isEmpty)
        let change = try patch(#"{"favorite": true, "city": "Oslo"}"#)
        #expect(change.fields == [.city, .favorite])
        #expect(change == ContactPatch([.favorite: .boolean(true), .city: .text("Oslo")]))
        let before = ContactFields(firstName: "Ada", city: "London", notes: "n")
        #expect(
            change.applied(to: before)
                == ContactFields(firstName: "Ada", city: "Oslo", notes: "n", favorite: true))
    }

    @Test func nullInAPatchClearsTheField() throws {
        let clear = try patch(#"{"notes": null, "favorite": null}"#)
        let before = ContactFields(firstName: "Ada", notes: "n", favorite: true)
        #expect(clear.applied(to: before) == ContactFields(firstName: "Ada"))
    }

    @Test func aPatchNeedNotNameButItsResultMust() throws {
        let clear = try patch(#"{"first_name": null}"#)
        #expect(throws: Never.self) {
            try ContactInput.checkNamed(clear.applied(to: ContactFields(firstName: "A", lastName: "B")))
        }
        #expect {
            try ContactInput.checkNamed(clear.applied(to: ContactFields(firstName: "A")))
        } throws: { error in
            let error = error as? HTTPError
            return error?.status == 422 && error?.code == "name_required" && error?.field == "first_name"
        }
        let blank = try patch(#"{"last_name": "  "}"#)
        #expect(throws: HTTPError.self) {
            try ContactInput.checkNamed(blank.applied(to: ContactFields(lastName: "L")))
        }
    }
}
