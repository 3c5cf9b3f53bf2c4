import Contacts
import Testing

@testable import App
@testable import HTTP

/// The writer's hand-over to the catalog when a write fails after preparing its
/// snapshot (its commit failed): the version must not keep that snapshot.
struct ContactWriterTests {
    /// An editor whose commit fails: it prepares the next state, then throws.
    final class FailingCommit: ContactEditing {
        func insert(
            _ fields: ContactFields, base: ContactEdit.Base, prepare: ContactEdit.Prepare
        ) throws -> ContactEdit.Outcome {
            let state = try #require(try base(1))
            try prepare(ListState(version: 2, sections: state.sections, order: state.order))
            throw ContactsError.unavailable(reason: "the connection broke at COMMIT")
        }

        func update(
            id: Int, ifRevision: Int?, base: ContactEdit.Base, prepare: ContactEdit.Prepare,
            change: (ContactFields) throws -> ContactFields
        ) throws -> ContactEdit.Outcome { throw ContactsError.contactNotFound(id: id) }

        func merge(
            id: Int, since revision: Int, base: ContactEdit.Base, prepare: ContactEdit.Prepare,
            change: (ContactFields, Contact) throws -> ContactFields
        ) throws -> ContactEdit.Outcome { throw ContactsError.contactNotFound(id: id) }

        func delete(
            id: Int, ifRevision: Int?, base: ContactEdit.Base, prepare: ContactEdit.Prepare
        ) throws -> ContactEdit.Outcome { throw ContactsError.contactNotFound(id: id) }

        func restore(
            id: Int, base: ContactEdit.Base, prepare: ContactEdit.Prepare
        ) throws -> ContactEdit.Outcome { throw ContactsError.contactNotFound(id: id) }

        func bulk(
            _ change: BulkChange, ids: [Int], addedAfter: Int?, base: ContactEdit.Base,
            prepare: ContactEdit.Prepare
        ) throws -> ContactEdit.BulkOutcome {
            let state = try #require(try base(1))
            try prepare(ListState(version: 2, sections: state.sections, order: state.order))
            throw ContactsError.unavailable(reason: "the connection broke at COMMIT")
        }
        func keepPhoto(_ photo: StoredPhoto) throws { throw ContactsError.busy }
    }

    @Test func aWriteThatFailsAfterPreparingLeavesNoSnapshotForItsVersion() throws {
        let sections = SectionInfo.all(
            rows: Array(repeating: 0, count: ListLocale.english.titles.count), in: .english)
        let catalog = Catalog(
            try ListSnapshot(state: ListState(version: 1, sections: sections, order: .empty)))
        let writer = ContactWriter(editor: FailingCommit(), catalog: catalog)
        #expect(throws: ContactsError.unavailable(reason: "the connection broke at COMMIT")) {
            _ = try writer.write { editor, base, prepare in
                try editor.insert(ContactFields(firstName: "Ada"), base: base, prepare: prepare)
            }
        }
        #expect(catalog.snapshot(for: 2) == nil, "version 2 is whatever another writer makes it")
        #expect(catalog.version == 1)
    }

    @Test func aBulkWriteThatFailsAfterPreparingLeavesNoSnapshotForItsVersion() throws {
        let sections = SectionInfo.all(
            rows: Array(repeating: 0, count: ListLocale.english.titles.count), in: .english)
        let catalog = Catalog(
            try ListSnapshot(state: ListState(version: 1, sections: sections, order: .empty)))
        let writer = ContactWriter(editor: FailingCommit(), catalog: catalog)
        #expect(throws: ContactsError.unavailable(reason: "the connection broke at COMMIT")) {
            _ = try writer.writeBulk { editor, base, prepare in
                try editor.bulk(.delete, ids: [1], addedAfter: nil, base: base, prepare: prepare)
            }
        }
        #expect(catalog.snapshot(for: 2) == nil)
        #expect(catalog.version == 1)
    }

    @Test func storageFailuresAnswerWithTheirOwnStatus() throws {
        #expect(ContactsError.unavailable(reason: "down").httpError?.status == 503)
        #expect(ContactsError.busy.httpError?.status == 503)
        #expect(ContactsError.inconsistent("x").httpError == nil)
        #expect(ImportSink.response(.failure(.unavailable(reason: "down"))).status == 503)
        #expect(ImportSink.response(.failure(.busy)).status == 503)
        #expect(
            ImportSink.response(.failure(.invalidContact(index: 3, problem: "holds the character U+0000")))
                .status
                == 422)
    }
}
