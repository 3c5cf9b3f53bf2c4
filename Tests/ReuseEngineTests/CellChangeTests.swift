import Testing

@testable import ReuseEngine

/// Why a cell is sent across a data change (`WindowCell.change`) and which released
/// slots left because of it (`WindowUpdate.deleted`): a row that merely scrolls in or
/// out is never marked.
struct CellChangeTests {
    /// One headerless section of 56 px rows, each a contact id with a revision.
    struct Rows {
        var ids: [Int]
        var revisions: [Int: Int] = [:]

        var layout: ListLayout {
            try! ListLayout(sectionCounts: [ids.count], heights: .init(contact: 56, header: 0))
        }

        func identity(_ item: LayoutItem) -> ItemIdentity {
            let id = ids[item.row!]
            return .contact(id: id, revision: revisions[id] ?? 0)
        }
    }

    /// Rows 10 to 19 on screen (no overscan), the session stepped there once.
    static func start(_ rows: Rows) -> (ReuseSession, WindowUpdate) {
        var session = ReuseSession(layout: rows.layout)
        let first = session.advance(to: Viewport(offset: 560, height: 560), ack: nil, identity: rows.identity)
        return (session, first)
    }

    static func slot(of id: Int, in session: ReuseSession, rows: Rows) -> Int? {
        session.fullUpdate().cells.first { rows.identity($0.item).id.value == id }?.slot
    }

    @Test func anInsertInViewIsAnInsertTheRowsBelowMoveAndThePushedOutOneLeaves() {
        var rows = Rows(ids: Array(0..<100))
        var (session, first) = Self.start(rows)
        let lastShown = Self.slot(of: 19, in: session, rows: rows)!
        rows.ids.insert(1_000, at: 15)
        session.apply(layout: rows.layout)
        let update = session.advance(
            to: Viewport(offset: 560, height: 560), ack: first.seq, identity: rows.identity)
        let byID = Dictionary(
            uniqueKeysWithValues: update.cells.map { (rows.identity($0.item).id.value, $0) })
        #expect(byID[1_000]?.change == .insert)
        #expect(byID[1_000]?.refresh == false)
        for id in 15...18 { #expect(byID[id]?.change == .move, "contact \(id)") }
        for id in 10...14 { #expect(byID[id] == nil, "contact \(id) did not move") }
        #expect(update.released == [lastShown])
        #expect(update.deleted == [lastShown])
    }

    @Test func aDeleteInViewIsDeletedAndTheRowPulledUpIsAnInsert() {
        var rows = Rows(ids: Array(0..<100))
        var (session, first) = Self.start(rows)
        let gone = Self.slot(of: 12, in: session, rows: rows)!
        rows.ids.remove(at: 12)
        session.apply(layout: rows.layout)
        let update = session.advance(
            to: Viewport(offset: 560, height: 560), ack: first.seq, identity: rows.identity)
        #expect(update.released == [gone])
        #expect(update.deleted == [gone])
        let byID = Dictionary(
            uniqueKeysWithValues: update.cells.map { (rows.identity($0.item).id.value, $0) })
        #expect(byID[20]?.change == .insert)
        for id in 13...19 { #expect(byID[id]?.change == .move) }
    }

    @Test func aContentChangeIsAnUpdate() {
        var rows = Rows(ids: Array(0..<100))
        var (session, first) = Self.start(rows)
        rows.revisions[14] = 7
        session.apply(layout: rows.layout)
        let update = session.advance(
            to: Viewport(offset: 560, height: 560), ack: first.seq, identity: rows.identity)
        #expect(update.cells.map(\.change) == [.update])
        #expect(update.cells.map { rows.identity($0.item).id.value } == [14])
        #expect(update.released.isEmpty && update.deleted.isEmpty)
    }

    /// Rows inserted above the window: the anchor moves the window by their height,
    /// so the rows shown keep their place on screen; they are re-sent as moves (their
    /// row and top changed), nothing is an insert and nothing left.
    @Test func anInsertAboveMovesTheRowsShownAndInsertsNothing() {
        var rows = Rows(ids: Array(0..<100))
        var (session, first) = Self.start(rows)
        rows.ids.insert(contentsOf: [1_000, 1_001], at: 3)
        session.apply(layout: rows.layout)
        let update = session.advance(
            to: Viewport(offset: 560 + 112, height: 560), ack: first.seq, shift: 112, identity: rows.identity)
        #expect(update.cells.count == 10)
        #expect(update.cells.allSatisfy { $0.change == .move })
        #expect(update.released.isEmpty && update.deleted.isEmpty)
    }

    /// Scrolling away across a data change elsewhere: every row scrolls in, none is marked.
    @Test func rowsThatScrollInOrOutAreNeverMarked() {
        var rows = Rows(ids: Array(0..<200))
        var (session, first) = Self.start(rows)
        rows.ids.insert(1_000, at: 150)
        rows.revisions[3] = 1
        session.apply(layout: rows.layout)
        let update = session.advance(
            to: Viewport(offset: 2_800, height: 560), ack: first.seq, identity: rows.identity)
        #expect(update.cells.count == 10)
        #expect(update.cells.allSatisfy { $0.change == nil })
        #expect(update.released.count == 10)
        #expect(update.deleted.isEmpty)
        // And within one data version nothing is ever marked.
        let next = session.advance(
            to: Viewport(offset: 3_080, height: 560), ack: update.seq, identity: rows.identity)
        #expect(!next.cells.isEmpty && next.cells.allSatisfy { $0.change == nil } && next.deleted.isEmpty)
    }

    /// A delete in view while the client scrolls half a window: the deleted row is
    /// still where the new window is, so it is deleted; rows entering below scrolled in.
    @Test func aDeleteWhileScrollingIsDeletedAndTheRowsBelowScrolledIn() {
        var rows = Rows(ids: Array(0..<100))
        var (session, first) = Self.start(rows)
        let gone = Self.slot(of: 17, in: session, rows: rows)!
        rows.ids.remove(at: 17)
        session.apply(layout: rows.layout)
        let update = session.advance(
            to: Viewport(offset: 560 + 280, height: 560), ack: first.seq, identity: rows.identity)
        #expect(update.deleted == [gone])
        let byID = Dictionary(
            uniqueKeysWithValues: update.cells.map { (rows.identity($0.item).id.value, $0) })
        // Rows 15 to 19 (now 14 to 18 shown at 840..1120+) were on screen: moved up a row.
        for id in 18...19 { #expect(byID[id]?.change == .move) }
        // Rows 20 to 25 come in by the scroll (their place, 1064 px on, was past the window).
        for id in 21...25 { #expect(byID[id]?.change == nil, "contact \(id)") }
        #expect(Set(update.released).isSuperset(of: update.deleted))
    }

    /// A client that dropped the answer after a change gets the marks from the state it applied.
    @Test func aDroppedAnswerKeepsTheMarksOfTheStepFromTheAcknowledgedState() {
        var rows = Rows(ids: Array(0..<100))
        var (session, first) = Self.start(rows)
        let gone = Self.slot(of: 12, in: session, rows: rows)!
        rows.ids.remove(at: 12)
        session.apply(layout: rows.layout)
        _ = session.advance(to: Viewport(offset: 560, height: 560), ack: first.seq, identity: rows.identity)
        let again = session.advance(
            to: Viewport(offset: 560, height: 560), ack: first.seq, identity: rows.identity)
        #expect(again.base == first.seq)
        #expect(again.deleted == [gone])
        #expect(again.cells.contains { $0.change == .insert })
    }
}
