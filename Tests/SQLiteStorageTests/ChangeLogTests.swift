import Foundation
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// `ChangeLog` and `ListState.applying`: a list read before some single writes,
/// brought up to date with the changes they logged, is the list read after them.
struct ChangeLogTests {
    static func same(_ a: ListState, _ b: ListState) -> Bool {
        a.sections == b.sections
            && a.order.allEntries.map { [$0.id, Int32($0.lines)] }
                == b.order.allEntries.map { [$0.id, Int32($0.lines)] }
    }

    @Test func aListReadBeforeWritesAndBroughtUpToDateIsTheListReadAfter() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 500, randomSeed: 4)
        let path = folder.file("roster.sqlite")
        let editor = SQLiteContactEditor(store: try SQLiteContactStore(writingTo: path))
        var random = SeededRandom(seed: 5)
        for round in 0..<20 {
            let before = try store.listState()
            var state = before
            var touched: [Int] = []
            for _ in 0..<(1 + random.below(12)) {
                let ids = state.order.allEntries.map { Int($0.id) }
                // Often the same contact again: its key changes more than once in a run.
                let id =
                    touched.isEmpty || random.below(2) == 0 ? ids[random.below(ids.count)] : touched.last!
                switch random.below(4) {
                case 0:
                    state = try editor.insert(
                        ContactFields(
                            firstName: "N\(random.below(100))", notes: random.below(2) == 0 ? "" : "a\nb"),
                        base: { _ in state }, prepare: { _ in }
                    ).state
                case 1:
                    state = try editor.delete(id: id, base: { _ in state }, prepare: { _ in }).state
                    touched.removeAll { $0 == id }
                default:
                    let name = ["Aa", "Mm", "Zz", "Bo", "Émile"][random.below(5)]
                    state = try editor.update(
                        id: id, base: { _ in state }, prepare: { _ in },
                        change: { fields in
                            var fields = fields
                            fields.lastName = name
                            fields.notes = random.below(2) == 0 ? "" : "one line"
                            return fields
                        }
                    ).state
                    touched.append(id)
                }
            }
            let changes = try #require(
                ChangeLog.changes(for: path, after: before.version, upTo: state.version), "round \(round)")
            #expect(changes.count == state.version - before.version)
            let brought = try before.applying(changes, keyOf: store.sortKey(of:))
            let read = try store.listState()
            #expect(Self.same(brought, read) && brought.version == read.version, "round \(round)")
        }
        #expect(ChangeLog.changes(for: path, after: 0, upTo: 10_000) == nil, "versions it never saw")
    }
}
