import Foundation
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// Labels and favourites beside an import that single writes go between
/// (`SQLiteImport`): its contacts' `contact_labels` rows move in with them, a
/// `merge` relabels what it updates, and neither the counts nor a label's or the
/// favourites' ids hold a contact readers leave out (`HiddenIDs`) until the cleanup
/// deletes it with its rows.
struct ImportLabelsTests {
    let folder = TestFolder()
    var path: String { folder.file("roster.sqlite") }

    /// Every contact's labels as `contact_labels` should hold them, and as it does.
    private func expectLabelRowsMatchTheContacts(_ context: String) throws {
        let reader = try SQLiteContactStore(readingFrom: path)
        var wanted = Set<String>()
        try reader.database.withStatement("SELECT id, labels FROM contacts") { all in
            while try all.step() {
                let id = all.int(at: 0)
                for name in ContactLabels.names(all.string(at: 1)) {
                    wanted.insert("\(ContactLabels.key(name)) \(id)")
                }
            }
        }
        var held = Set<String>()
        try reader.database.withStatement("SELECT label_key, contact_id FROM contact_labels") { all in
            while try all.step() { held.insert("\(all.string(at: 0)) \(all.int(at: 1))") }
        }
        #expect(
            held == wanted,
            "\(context): \(held.subtracting(wanted)) too many, \(wanted.subtracting(held)) missing")
    }

    private func rows(in table: String) throws -> Int {
        try SQLiteContactStore(readingFrom: path).database.integer("SELECT count(*) FROM \(table)") ?? -1
    }

    private static func row(_ index: Int) -> ContactFields {
        ContactFields(
            firstName: "Quill\(index)", email: "quill\(index)@x.example", favorite: index % 3 == 0,
            labels: index % 2 == 0 ? "Work\nQuill" : "Quill")
    }

    @Test func anImportNotShownYetIsNotCountedAndAFailedOnesRowsGoWithTheCleanup() throws {
        let store = try folder.store()
        let ada = try store.add([ContactFields(firstName: "Ada", favorite: true, labels: "Work")])[0]
        let batch = try SQLiteImport(store: try SQLiteContactStore(writingTo: path), mode: .append)
        for index in 0..<600 { try batch.add(Self.row(index), line: index + 2) }
        try batch.slices.commit()
        try batch.moveContacts()
        // In `contacts` with their label rows, and hidden: not counted, not found.
        #expect(try rows(in: "contact_labels") == 1 + 600 + 300)
        try expectLabelRowsMatchTheContacts("moved")
        let reader = try SQLiteContactStore(readingFrom: path)
        #expect(try reader.labelCounts() == [LabelCount(name: "Work", count: 1)])
        #expect(Array(try reader.labelled("work")) == [Int32(ada)])
        #expect(try reader.labelled("quill").count == 0)
        #expect(Array(try reader.favorites()) == [Int32(ada)])
        let largest = try reader.largestID()
        #expect(try reader.labelled("work", ids: (ada + 1)...largest).count == 0, "nor in part of the ids")
        batch.rollback()
        #expect(try store.collectImportLeftovers() == 600)
        #expect(try rows(in: "contact_labels") == 1)
        try expectLabelRowsMatchTheContacts("cleaned up")
    }

    @Test func aShownImportCountsItsLabelsAndAReplacedListsGoWithItsCleanup() throws {
        let store = try folder.store()
        let old = try store.add([
            ContactFields(firstName: "Ada", favorite: true, labels: "Work\nChess"),
            ContactFields(firstName: "Bob", labels: "Chess"),
        ])
        let append = try SQLiteImport(store: try SQLiteContactStore(writingTo: path), mode: .append)
        for index in 0..<300 { try append.add(Self.row(index), line: index + 2) }
        _ = try append.commit()
        #expect(
            try store.labelCounts() == [
                LabelCount(name: "Chess", count: 2), LabelCount(name: "Quill", count: 300),
                LabelCount(name: "Work", count: 151),
            ])
        #expect(try store.favorites().count == 1 + 100)
        try expectLabelRowsMatchTheContacts("appended")

        let replace = try SQLiteImport(store: try SQLiteContactStore(writingTo: path), mode: .replace)
        let dee = ContactFields(firstName: "Dee", favorite: true, labels: "golf\nwork")
        try replace.add(dee, line: 2)
        _ = try replace.commit()
        // The old list is taken out, its rows still there until the cleanup.
        #expect(
            try store.labelCounts() == [
                LabelCount(name: "golf", count: 1), LabelCount(name: "work", count: 1),
            ])
        #expect(try store.labelled("chess").count == 0 && store.favorites().count == 1)
        #expect(try !store.labelled("Work").contains(old[0]))
        #expect(try rows(in: "contact_labels") > 2)
        #expect(try store.collectImportLeftovers() == 302)
        #expect(try rows(in: "contact_labels") == 2)
        try expectLabelRowsMatchTheContacts("replaced")
    }

    @Test func aMergeRelabelsTheContactsItUpdatesAndTheFilesRepeats() throws {
        let store = try folder.store()
        let ann = try store.add([
            ContactFields(firstName: "Ann", email: "ann@x.example", labels: "Work"),
            ContactFields(firstName: "Bea", email: "bea@x.example", labels: "Chess"),
        ])
        let merge = try SQLiteImport(store: try SQLiteContactStore(writingTo: path), mode: .merge)
        try merge.add(
            ContactFields(firstName: "Ann", email: "ANN@x.example", labels: "Golf\nTennis"), line: 2)
        // No labels: Bea keeps hers.
        try merge.add(ContactFields(firstName: "Bea", email: "bea@x.example", city: "Oslo"), line: 3)
        try merge.add(ContactFields(firstName: "Cy", email: "cy@x.example", labels: "Work"), line: 4)
        // The file's repeat of its own new contact, with other labels.
        try merge.add(ContactFields(firstName: "Cy", email: "cy@x.example", labels: "Chess"), line: 5)
        _ = try merge.commit()
        #expect(merge.updated == 2 && merge.staged == 1)
        #expect(
            try store.labelCounts() == [
                LabelCount(name: "Chess", count: 2), LabelCount(name: "Golf", count: 1),
                LabelCount(name: "Tennis", count: 1),
            ])
        #expect(Array(try store.labelled("golf")) == [Int32(ann[0])])
        try expectLabelRowsMatchTheContacts("merged")
    }
}
