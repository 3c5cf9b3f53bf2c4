import Contacts
import Testing

/// What a bulk change does to one contact's fields, and when it leaves them as they are.
struct BulkChangeTests {
    @Test func aStarIsGivenOrTakenOnlyWhenItChanges() throws {
        var fields = ContactFields(firstName: "Ada")
        #expect(try BulkChange.favorite(false).applied(to: fields) == nil)
        let starred = try #require(try BulkChange.favorite(true).applied(to: fields))
        #expect(starred.favorite)
        fields.favorite = true
        #expect(try BulkChange.favorite(true).applied(to: fields) == nil)
    }

    @Test func aLabelIsAddedAfterTheOthersOnceInAnyCase() throws {
        var fields = ContactFields(firstName: "Ada")
        fields.labels = ContactLabels.stored(["Family", "work"])
        #expect(try BulkChange.addLabel("Work").applied(to: fields) == nil, "held in another case")
        let added = try #require(try BulkChange.addLabel("Smiths").applied(to: fields))
        #expect(ContactLabels.names(added.labels) == ["Family", "work", "Smiths"])
        let removed = try #require(try BulkChange.removeLabel("WORK").applied(to: fields))
        #expect(ContactLabels.names(removed.labels) == ["Family"])
        #expect(try BulkChange.removeLabel("Gym").applied(to: fields) == nil)
    }

    @Test func aFiftyFirstLabelIsRefused() {
        var fields = ContactFields(firstName: "Ada")
        fields.labels = ContactLabels.stored((1...50).map { "L\($0)" })
        #expect(throws: ContactsError.self) { try BulkChange.addLabel("One more").applied(to: fields) }
    }

    @Test func deletesAndRestoresChangeNoField() throws {
        let fields = ContactFields(firstName: "Ada")
        #expect(try BulkChange.delete.applied(to: fields) == nil)
        #expect(try BulkChange.restore.applied(to: fields) == nil)
        #expect(BulkChange.restore.reversed == .delete)
    }
}
