import Phones
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// The region a file's search index read phones in (docs/api.md, "Phone
/// numbers"): recorded, followed by every connection that writes, and the index
/// built again when the list is served in another.
struct PhoneRegionIndexTests {
    static let london = ContactFields(firstName: "Ann", lastName: "Home", phone: "(020) 7946 0958")

    @Test func aFileIsIndexedAgainForAnotherRegionAndItsWritersFollowIt() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 50, randomSeed: 3)
        #expect(try store.indexedRegion() == .unitedStates, "a seed records the region it read phones in")
        let id = try #require(try store.add([Self.london]).first)
        // Read in the United States, "(020) 7946 0958" has no E.164 form: only its digits find it.
        #expect(try !store.matches(["442079460958"]).contains(id))
        #expect(try store.matches(["02079460958"]).contains(id))

        let gb = try #require(PhoneRegion("GB"))
        try store.buildSearchIndexIfNeeded(region: gb)
        #expect(try store.indexedRegion() == gb && store.phoneRegion == gb)
        #expect(try store.matches(["442079460958"]).contains(id))
        // Another connection's writes read phones in the file's region: taking the
        // contact's text out and putting the new one in leaves no trace of the old.
        let writer = try SQLiteContactStore(writingTo: folder.file("roster.sqlite"))
        #expect(writer.phoneRegion == gb)
        let editor = SQLiteContactEditor(store: writer)
        let state = try store.listState()
        _ = try editor.update(
            id: id, base: { _ in state }, prepare: { _ in },
            change: {
                var fields = $0
                fields.phone = "+44 161 496 0000"
                return fields
            })
        #expect(try !store.matches(["442079460958"]).contains(id))
        #expect(try store.matches(["441614960000"]).contains(id))
        // The same region again builds nothing; no region recorded (a file indexed
        // before phones had E.164 forms) builds it again.
        try store.buildSearchIndexIfNeeded(region: gb)
        try store.database.execute("DELETE FROM roster_meta WHERE key = 'search_region'")
        #expect(try store.indexedRegion() == nil)
        try store.buildSearchIndexIfNeeded(region: .unitedStates)
        #expect(try store.indexedRegion() == .unitedStates)
        #expect(try store.matches(["441614960000"]).contains(id), "an E.164 number is the same in any region")
        try store.database.execute("INSERT INTO contact_search (contact_search) VALUES ('integrity-check')")
    }

    /// A served list without `--region` keeps the region it has when it starts in another locale
    /// (its phones are not read again), and a new list takes its locale's.
    @Test func aStartInAnotherLocaleKeepsTheRegionAndANewListTakesItsLocales() throws {
        let folder = TestFolder()
        try folder.store().seed(count: 20, randomSeed: 3)
        let swedish = SQLiteBackend(
            path: folder.file("roster.sqlite"), migrations: TestFolder.migrations, locale: "sv")
        _ = try swedish.prepareToServe(seed: 0, progress: { _ in }, loading: {})
        #expect(swedish.locale.tag == "sv" && swedish.phoneRegion == .unitedStates)
        #expect(
            try SQLiteContactStore(writingTo: folder.file("roster.sqlite")).indexedRegion() == .unitedStates)

        let british = SQLiteBackend(
            path: folder.file("new.sqlite"), migrations: TestFolder.migrations, locale: "en-GB")
        try british.seed(count: 20, randomSeed: 3, notesPercent: 0, progress: { _ in })
        _ = try british.prepareToServe(seed: 0, progress: { _ in }, loading: {})
        #expect(try british.phoneRegion == #require(PhoneRegion("GB")))
    }
}
