import Foundation
import PostgresStorage
import PostgresTestSupport
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// The list's order and sections in a locale (docs/api.md, "The list's locale") on both stores,
/// held against what python3-icu says of the same contacts; and a start in another locale
/// making the keys again. The PostgreSQL cases run when `ROSTER_TEST_POSTGRES` names a server.
struct ListLocaleTests {
    /// The stores this run can test.
    static let stores = TestPostgres.server == nil ? ["sqlite"] : ["sqlite", "postgres"]

    /// A contact as the oracle takes it.
    static func person(_ contact: Contact) -> ICUOracle.Person {
        let fields = contact.fields
        let readings = fields.phoneticNames
        return ICUOracle.Person(
            id: contact.id, firstName: fields.firstName, lastName: fields.lastName, company: fields.company,
            email: fields.email, phoneticFirst: readings.first, phoneticLast: readings.last)
    }

    /// Each row's section title.
    static func rowTitles(_ state: ListState) -> [String] {
        state.sections.flatMap { Array(repeating: $0.title, count: $0.rows) }
    }

    /// `state` is the oracle's list: its ids in order, each row under its title, every title.
    static func expect(_ state: ListState, is oracle: ICUOracle.List, _ what: String) {
        #expect(state.order.allEntries.map { Int($0.id) } == oracle.ids, "\(what): order")
        #expect(rowTitles(state) == oracle.titles, "\(what): sections")
        #expect(state.sections.map(\.title) == oracle.allTitles, "\(what): titles")
    }

    /// The world's contacts as fields.
    static var worldFields: [ContactFields] {
        WorldNames.people.map { person in
            ContactFields(
                firstName: person.0, lastName: person.1, email: person.3, company: person.2,
                details: WorldNames.details(person))
        }
    }

    /// The list of `store` after the world's contacts went in one write each, in `tag`.
    static func written(_ store: String, in tag: String) throws -> ListState {
        let fields = worldFields
        if store == "sqlite" {
            let folder = TestFolder()
            let lite = try folder.store(locale: ListLocale.named(tag))
            let editor = SQLiteContactEditor(
                store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
            var state = try lite.listState()
            for contact in fields {
                state = try editor.insert(contact, base: { _ in state }, prepare: { _ in }).state
            }
            #expect(
                try lite.listState().order.allEntries.map(\.id) == state.order.allEntries.map(\.id),
                "the table agrees")
            #expect(try lite.sections() == state.sections)
            return state
        }
        let postgres = try TestPostgres(locale: tag)
        let editor = try PostgresEditor(url: postgres.url) { nil }
        var state = try postgres.pinnedStore().listState()
        for contact in fields {
            state = try editor.insert(contact, base: { _ in state }, prepare: { _ in }).state
        }
        let read = try postgres.pinnedStore().listState()
        #expect(read.order.allEntries.map(\.id) == state.order.allEntries.map(\.id), "a fresh read agrees")
        #expect(read.sections == state.sections)
        return state
    }

    @Test(arguments: stores, ["zh", "ru", "sv"])
    func writtenContactsAreOrderedAndSectionedAsICUSays(store: String, locale: String) throws {
        let oracle = try ICUOracle.list(WorldNames.oraclePeople(), in: locale)
        Self.expect(try Self.written(store, in: locale), is: oracle, "\(store) \(locale)")
    }

    @Test(arguments: stores, ["zh", "ru", "sv"])
    func importedContactsAreOrderedAndSectionedAsICUSays(store: String, locale: String) throws {
        var writer = CSVWriter()
        writer.write(ContactFields.csvHeader)
        for fields in Self.worldFields { writer.write(fields.csvRecord) }
        let csv = String(decoding: writer.take(), as: UTF8.self)
        let list = try ListLocale.named(locale)
        let state: ListState
        if store == "sqlite" {
            let folder = TestFolder()
            _ = try folder.store(locale: list)
            let path = folder.file("roster.sqlite")
            let outcome = StoreParityTests.importing(
                csv, into: { try SQLiteContactStore(writingTo: path) }, mode: .append, errors: .abort,
                locale: list)
            #expect(try outcome.get().inserted == WorldNames.people.count)
            state = try SQLiteContactStore(readingFrom: path).listState()
        } else {
            let postgres = try TestPostgres(locale: locale)
            let url = postgres.url
            let outcome = StoreParityTests.importing(
                csv, into: { try PostgresImporter(url: url, region: .unitedStates) }, mode: .append,
                errors: .abort,
                locale: list)
            #expect(try outcome.get().inserted == WorldNames.people.count)
            state = try postgres.pinnedStore().listState()
        }
        let oracle = try ICUOracle.list(WorldNames.oraclePeople(), in: locale)
        Self.expect(state, is: oracle, "\(store) \(locale)")
    }

    @Test(arguments: ["zh", "ru", "sv"])
    func aSeedIsOrderedAndSectionedAsICUSaysAndAlikeOnBothStores(locale: String) throws {
        let folder = TestFolder()
        let lite = try folder.store(locale: ListLocale.named(locale))
        try lite.seed(count: 1_500, randomSeed: 9)
        let state = try lite.listState()
        let contacts = try lite.contacts(at: 0..<1_500)
        let oracle = try ICUOracle.list(contacts.map(Self.person), in: locale)
        Self.expect(state, is: oracle, "SQLite \(locale)")
        guard TestPostgres.server != nil else { return }
        let postgres = try TestPostgres(locale: locale)
        try PostgresSeeder.seed(url: postgres.url, count: 1_500, randomSeed: 9)
        let read = try postgres.pinnedStore().listState()
        #expect(read.order.allEntries.map(\.id) == state.order.allEntries.map(\.id))
        #expect(read.sections == state.sections)
    }

    @Test(arguments: stores)
    func aStartInAnotherLocaleMakesEveryKeyAgainAndLosesNoContact(store: String) throws {
        let swedish = try ListLocale.named("sv")
        let folder = TestFolder()
        var postgres: TestPostgres?
        // A list made in English: a seed, then the world's contacts by single writes.
        let before: ListState
        if store == "sqlite" {
            let lite = try folder.store()
            try lite.seed(count: 800, randomSeed: 4)
            let editor = SQLiteContactEditor(
                store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
            var state = try lite.listState()
            for contact in Self.worldFields {
                state = try editor.insert(contact, base: { _ in state }, prepare: { _ in }).state
            }
            before = state
        } else {
            let made = try TestPostgres()
            postgres = made
            try PostgresSeeder.seed(url: made.url, count: 800, randomSeed: 4)
            let editor = try PostgresEditor(url: made.url) { nil }
            var state = try made.pinnedStore().listState()
            for contact in Self.worldFields {
                state = try editor.insert(contact, base: { _ in state }, prepare: { _ in }).state
            }
            before = state
        }
        #expect(before.sections.map(\.title) == ListLocale.english.titles)
        // The start in Swedish.
        let after: ListState
        let contacts: [Contact]
        if let postgres {
            let backend = PostgresBackend(
                url: postgres.url, migrations: TestFolder.migrations + "/postgresql", locale: "sv", now: { 0 }
            )
            #expect(try backend.settleLocale() === swedish)
            let reader = try postgres.pinnedStore()
            #expect(reader.locale === swedish)
            after = try reader.listState()
            contacts = try after.order.allEntries.map {
                try #require(try reader.contact(id: Int($0.id), in: after.order))
            }
        } else {
            let lite = try SQLiteContactStore(writingTo: folder.file("roster.sqlite"))
            #expect(try lite.settleLocale(swedish))
            #expect(try !lite.settleLocale(swedish), "made once")
            after = try lite.listState()
            contacts = try lite.contacts(at: 0..<after.total)
            #expect(try lite.storedLocale()?.tag == "sv")
        }
        #expect(after.version == before.version + 1, "sessions start over")
        #expect(
            Set(after.order.allEntries.map(\.id)) == Set(before.order.allEntries.map(\.id)), "no contact lost"
        )
        #expect(after.total == 800 + WorldNames.people.count)
        let oracle = try ICUOracle.list(contacts.map(Self.person), in: "sv")
        Self.expect(after, is: oracle, "\(store) after the start in Swedish")
    }
}
