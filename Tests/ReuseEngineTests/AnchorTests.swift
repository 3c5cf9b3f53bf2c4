import Testing

@testable import ReuseEngine

struct AnchorTests {
    /// Contacts `ids` in one section with a 32 px header, shown 672 px at `offset`.
    private static func session(ids: [Int], offset: Double) throws -> (ReuseSession, WindowUpdate) {
        var session = ReuseSession(layout: try ListLayout(sectionCounts: [ids.count]))
        let update = session.advance(
            to: Viewport(offset: offset, height: 672, overscan: 200), ack: nil,
            identity: { $0.row.map { .contact(id: ids[$0], revision: 0) } ?? .header(section: 0) })
        return (session, update)
    }

    /// Tops of contacts `ids` laid out in one section with a 32 px header.
    private static func tops(_ ids: [Int]) -> (Int) -> Int? {
        { id in ids.firstIndex(of: id).map { 32 + 56 * $0 } }
    }

    @Test func theFirstContactPartlyVisibleStaysPutWhenRowsAreInsertedAbove() throws {
        let ids = Array(1...500)
        // Offset 1000: row 17 (top 984) is cut by 16 px; the overscan above is left out.
        let (session, shown) = try Self.session(ids: ids, offset: 1000)
        let after = Array(1000..<1010) + ids
        let anchor = try #require(session.anchor(at: shown.seq, newTop: Self.tops(after)))
        #expect(anchor == Anchor(id: 18, oldTop: 984, newTop: 984 + 560))
        #expect(anchor.offset(for: 1000) == 1560)
        #expect(anchor.offset(for: 1003.5) == 1563.5, "the client scrolled since: its offset moves as much")
    }

    @Test func aDeletedAnchorGivesWayToTheNextContactThatStillExists() throws {
        let ids = Array(1...500)
        let (session, shown) = try Self.session(ids: ids, offset: 1000)
        // Rows 0...4 and the anchor (18) and the one after it (19) are gone.
        let after = ids.filter { $0 > 5 && $0 != 18 && $0 != 19 }
        let anchor = try #require(session.anchor(at: shown.seq, newTop: Self.tops(after)))
        #expect(anchor.id == 20 && anchor.oldTop == 32 + 56 * 19 && anchor.newTop == 32 + 56 * 12)
        #expect(anchor.shift == -7 * 56)
    }

    @Test func noAnchorWhenTheStateIsForgottenEmptyOrEverythingShownWasDeleted() throws {
        let ids = Array(1...500)
        let (session, shown) = try Self.session(ids: ids, offset: 1000)
        #expect(session.anchor(at: shown.seq, newTop: { _ in nil }) == nil)
        #expect(session.anchor(at: shown.seq + 1, newTop: Self.tops(ids)) == nil)
        var empty = ReuseSession(layout: try ListLayout(sectionCounts: [10]))
        let nothing = empty.step(to: Viewport(offset: 0, height: 0))
        #expect(empty.anchor(at: nothing.seq, newTop: Self.tops(ids)) == nil)
    }

    @Test func unchangedDataGivesAZeroShift() throws {
        let ids = Array(1...500)
        let (session, shown) = try Self.session(ids: ids, offset: 5000.25)
        let anchor = try #require(session.anchor(at: shown.seq, newTop: Self.tops(ids)))
        #expect(anchor.shift == 0 && anchor.offset(for: 5000.25) == 5000.25)
    }
}
