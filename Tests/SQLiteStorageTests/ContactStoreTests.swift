import Foundation
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

struct ContactStoreTests {
    @Test func seedingWritesCountContactsInListOrderWithSections() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 20_000, randomSeed: 7)
        #expect(try store.count() == 20_000)
        let all = try store.contacts(at: 0..<20_000)
        #expect(all.map(\.position) == Array(0..<20_000))
        // The seed orders names by their ranks as integers; each contact's own key must agree,
        // ties by id.
        let locale = store.locale
        let resorted = all.sorted {
            ($0.fields.sortKey(in: locale), $0.id) < ($1.fields.sortKey(in: locale), $1.id)
        }
        #expect(resorted.map(\.id) == all.map(\.id))
        // Sections: counts and first rows match the contacts' own sections.
        let sections = try store.sections()
        #expect(sections.map(\.title) == locale.titles)
        for section in sections {
            let members = all.filter { $0.fields.sortKey(in: locale).section == section.index }
            #expect(section.rows == members.count, "\\(section.title)")
            if let first = members.first { #expect(section.firstRow == first.position) }
        }
        #expect(sections.filter { $0.rows > 0 }.count >= 20, "names spread over most letters")
        #expect(sections[title: "#"].rows > 0, "some names file under #")
        #expect(sections[title: "П"].rows > 0, "Cyrillic names under their own letters")
    }

    @Test func theSameRandomSeedGivesTheSameContactsAndAnotherSeedDoesNot() throws {
        let folder = TestFolder()
        let a = try folder.store("a.sqlite")
        let b = try folder.store("b.sqlite")
        let c = try folder.store("c.sqlite")
        try a.seed(count: 3000, randomSeed: 42)
        try b.seed(count: 3000, randomSeed: 42)
        try c.seed(count: 3000, randomSeed: 43)
        let contactsA = try a.contacts(at: 0..<3000)
        #expect(contactsA == (try b.contacts(at: 0..<3000)))
        #expect(contactsA != (try c.contacts(at: 0..<3000)))
    }

    @Test func seededDataIsVariedAndHoldsTextThatNeedsEscaping() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 5000, randomSeed: 1)
        let fields = try store.contacts(at: 0..<5000).map(\.fields)
        #expect(fields.contains { $0.lastName.isEmpty })
        #expect(fields.contains { $0.lastName.unicodeScalars.contains { $0.value > 0x2E80 } }, "CJK")
        #expect(
            fields.contains { $0.lastName.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } })
        #expect(fields.contains { $0.firstName.contains("é") || $0.lastName.contains("é") })
        let notes = fields.map(\.notes).filter { !$0.isEmpty }
        for special in ["\"", ",", "\n", "<", ">", "&", "'"] {
            #expect(notes.contains { $0.contains(special) }, "a note holds \\(special)")
        }
        #expect(Set(fields.map(\.email)).count > 4000, "e-mails are mostly distinct")
        #expect(fields.allSatisfy { $0.email.utf8.allSatisfy { $0 < 0x80 } && $0.email.contains("@") })
    }

    @Test func windowReadsEqualABruteForceSortedArray() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 5000, randomSeed: 3)
        var added: [ContactFields] = []
        for index in 0..<300 {
            added.append(ContactFields(firstName: "Zoë\(index)", lastName: index % 3 == 0 ? "" : "Ångström"))
        }
        try store.add(added)
        let everything = try store.contacts(at: 0..<6000)
        #expect(everything.count == 5300)
        let locale = store.locale
        let expected = everything.sorted {
            ($0.fields.sortKey(in: locale), $0.id) < ($1.fields.sortKey(in: locale), $1.id)
        }
        #expect(everything.map(\.id) == expected.map(\.id))
        var random = SeededRandom(seed: 99)
        for _ in 0..<200 {
            let start = random.below(5400) - 50
            let length = random.below(500)
            let window = try store.contacts(at: start..<(start + length))
            let clipped = (start..<(start + length)).clamped(to: 0..<5300)
            #expect(window.map(\.id) == expected[clipped].map(\.id))
        }
    }

    @Test func addedHandMadeNamesTakeTheirPlaceInOrderAndSections() throws {
        let folder = TestFolder()
        let store = try folder.store()
        let names: [(String, String)] = [
            ("勇", "小林"), ("Carl", "Østergaard"), ("Émile", "Adams"), ("", "🦊"), ("Adam", ""),
            ("emma", "Adams"), ("Zoë", "3M"), ("anna", "Åberg"), ("Ann", "Żuk"),
        ]
        let ids = try store.add(names.map { ContactFields(firstName: $0.0, lastName: $0.1) })
        #expect(ids == Array(1...9), "new ids follow the order given")
        let order = try store.contacts(at: 0..<100).map { $0.fields.firstName + "|" + $0.fields.lastName }
        #expect(
            order == [
                // ICU's English order: # holds symbols, then digits, then Han.
                "anna|Åberg", "Adam|", "Émile|Adams", "emma|Adams", "Carl|Østergaard", "Ann|Żuk", "|🦊",
                "Zoë|3M", "勇|小林",
            ])
        let sections = try store.sections()
        #expect(sections[title: "A"].rows == 4 && sections[title: "A"].firstRow == 0)
        #expect(sections[title: "O"].rows == 1 && sections[title: "O"].firstRow == 4)
        #expect(sections[title: "Z"].rows == 1 && sections[title: "Z"].firstRow == 5)
        #expect(sections[title: "#"].rows == 3 && sections[title: "#"].firstRow == 6)
        #expect(sections[title: "B"].rows == 0 && sections[title: "B"].firstRow == 4)
        #expect(try store.contact(id: ids[1])?.position == 4)
        #expect(try store.contact(id: 12345) == nil)
        #expect(
            throws: ContactsError.invalidContact(index: 1, problem: "needs a name, a company or an e-mail")
        ) {
            try store.add([ContactFields(firstName: "Ok"), ContactFields(firstName: "  ", phone: "1")])
        }
        #expect(try store.count() == 9, "a refused batch adds nothing")
        // No name but a company or an e-mail: listed by it, in its section.
        let byCompany = try store.add([
            ContactFields(email: "zed@x.example"), ContactFields(company: "Acme Dental"),
        ])
        let titles = store.locale.titles
        #expect(
            try store.contact(id: byCompany[1]).map { titles[$0.fields.sortKey(in: store.locale).section] }
                == "A",
            "Acme Dental: under A")
        #expect(
            try store.contact(id: byCompany[0]).map { titles[$0.fields.sortKey(in: store.locale).section] }
                == "Z",
            "zed@x.example: under Z")
        #expect(try store.count() == 11)
    }

    @Test func seedRefusesADatabaseThatHoldsContacts() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 10, randomSeed: 1)
        #expect(throws: ContactsError.notEmpty(path: folder.file("roster.sqlite"), contacts: 10)) {
            try store.seed(count: 10, randomSeed: 1)
        }
        #expect(try store.count() == 10)
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndLeftAsItWas() throws {
        let folder = TestFolder()
        let path = folder.file("notes.txt")
        let text = String(repeating: "not a database\n", count: 200)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SQLiteError.notADatabase(path: path)) { try folder.store("notes.txt") }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aDatabaseCutShortIsToldApartFromAFileThatIsNoDatabase() throws {
        let folder = TestFolder()
        try folder.store().seed(count: 3_000, randomSeed: 2)
        let path = folder.file("roster.sqlite")
        try SQLiteDatabase(path: path).execute("PRAGMA wal_checkpoint(TRUNCATE)")  // all of it in the file
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        for (name, keep) in [("half", size / 2), ("most", size - 4096)] {
            let copy = folder.file(name + ".sqlite")
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            let file = try #require(FileHandle(forWritingAtPath: copy))
            try file.truncate(atOffset: UInt64(keep))
            try file.close()
            #expect(
                throws: SQLiteError.damaged(
                    path: copy,
                    reason:
                        "it is cut short: its header counts \(size / 4096) pages of 4096 bytes, \(size) bytes, "
                        + "and the file holds \(keep)")
            ) { _ = try SQLiteContactStore(writingTo: copy).listState() }
        }
        let random = folder.file("random.sqlite")
        FileManager.default.createFile(
            atPath: random, contents: Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 * 7919) }))
        #expect(throws: SQLiteError.notADatabase(path: random)) { try SQLiteContactStore(writingTo: random) }
    }

    @Test func aMissingFolderOrAnUnwritablePathNamesThePathAndTheFix() throws {
        let folder = TestFolder()
        #expect {
            try folder.store("no/such/folder/db.sqlite")
        } throws: { error in
            let message = "\(error)"
            return message.contains(folder.file("no/such/folder/db.sqlite"))
                && message.contains("does not exist")
        }
        #expect {
            try SQLiteContactStore(
                path: "/proc/roster.sqlite",
                migrator: SQLiteMigrator(directory: TestFolder.migrations))
        } throws: { "\($0)".contains("/proc/roster.sqlite") }
    }
}
