import Testing

@testable import Contacts

/// The three-way merge of a write made to an older revision
/// (docs/api.md, "Merging an older revision's write"), and the JSON the history keeps fields in.
struct ContactMergeTests {
    private static let base = ContactFields(
        firstName: "Ada", lastName: "Lovelace", email: "ada@x.org", company: "Analytical", city: "London")

    private static func merge(_ changes: [ContactField: ContactValue], theirs: ContactFields)
        -> Result<ContactFields, ContactMerge.Conflicts>
    {
        var mine = base
        for (field, value) in changes { mine[field] = value }
        return ContactMerge.merge(base: base, mine: mine, changing: changes.keys, theirs: theirs)
    }

    @Test func onlyMineIsKeptOnlyTheirsIsTakenAndBothAlikeIsThatValue() throws {
        var theirs = Self.base
        theirs.company = "Other Writer Ltd"
        theirs.notes = "same"
        let merged = try Self.merge([.city: .text("Typed City"), .notes: .text("same")], theirs: theirs).get()
        #expect(merged.city == "Typed City", "only mine")
        #expect(merged.company == "Other Writer Ltd", "only theirs")
        #expect(merged.notes == "same", "both alike")
        #expect(merged.firstName == "Ada")
    }

    @Test func aChangeThatLeavesTheBaseValueTakesTheirs() throws {
        var theirs = Self.base
        theirs.city = "Rome"
        #expect(try Self.merge([.city: .text("London")], theirs: theirs).get().city == "Rome")
    }

    @Test func bothChangedDifferentlyIsAConflictWithTheThreeValues() {
        var theirs = Self.base
        theirs.city = "Rome"
        theirs.favorite = true
        let result = Self.merge(
            [.city: .text("Paris"), .favorite: .boolean(false), .phone: .text("1")], theirs: theirs)
        guard case .failure(let failed) = result else {
            Issue.record("merged: \(result)")
            return
        }
        #expect(
            failed.conflicts == [
                ContactMerge.Conflict(
                    field: .city, key: nil, base: .text("London"), yours: .text("Paris"),
                    theirs: .text("Rome"))
            ], "favorite: mine is the base's, so theirs stands")
    }

    @Test func detailsMergeKeyByKeyAndConflictByKey() throws {
        func details(_ change: (inout ContactDetails) -> Void) -> String {
            var details = ContactDetails()
            details.title = "Countess"
            change(&details)
            return details.json
        }
        var theirs = Self.base
        theirs.details = details { $0.nickname = "Ada" }
        let merged = try Self.merge([.details: .text(details { $0.department = "Maths" })], theirs: theirs)
            .get()
        let both = try ContactDetails(json: merged.details)
        #expect((both.nickname, both.department, both.title) == ("Ada", "Maths", "Countess"))

        let clash = Self.merge([.details: .text(details { $0.nickname = "Augusta" })], theirs: theirs)
        guard case .failure(let failed) = clash else {
            Issue.record("merged: \(clash)")
            return
        }
        #expect(failed.conflicts.map(\.key) == ["nickname"])
        #expect(failed.conflicts.first?.yours == .text(#"{"nickname":"Augusta"}"#))
        #expect(failed.conflicts.first?.base == .text(""))
    }

    @Test func storedJSONKeepsEveryFieldAsItWas() throws {
        var fields = ContactFields(
            firstName: "Zoë \"Z\"", lastName: "\\o/", email: "z@x", phone: "+1\n2", company: "", city: "東京",
            notes: "a\r\nb\u{2028}", favorite: true)
        fields.details = #"{"nickname":"Z"}"#
        #expect(try ContactFields(storedJSON: fields.storedJSON) == fields)
        #expect(try ContactFields(storedJSON: #"{"first_name":"Old"}"#) == ContactFields(firstName: "Old"))
        #expect(throws: ContactsError.self) { try ContactFields(storedJSON: "[1]") }
    }
}
