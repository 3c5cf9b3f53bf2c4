import Testing

@testable import Contacts

/// A bulk write's next list made in one pass: entries revised in place, contacts taken out
/// with their sections counted again, as the same writes one at a time would leave it.
struct ListStateBulkTests {
    /// Ids 1...`count` in order, the first sections of the English index holding `rows`.
    private static func state(_ rows: [Int]) -> ListState {
        var all = Array(repeating: 0, count: ListLocale.english.titles.count)
        for (index, count) in rows.enumerated() { all[index] = count }
        let total = rows.reduce(0, +)
        return ListState(
            version: 4, sections: SectionInfo.all(rows: all, in: .english),
            order: ListOrder((1...total).map { OrderEntry(id: $0, lines: $0 % 3) }))
    }

    @Test func rowsAreFoundForTheIdsTheOrderHolds() {
        let state = Self.state([3, 2, 4])
        #expect(state.rows(of: [1, 5, 9, 42]) == [1: 0, 5: 4, 9: 8])
    }

    @Test func aRebuiltListIsTheOneSingleWritesMake() {
        let state = Self.state([3, 2, 4])
        let revised = OrderEntry(id: 7, version: 5, lines: 2)
        let rebuilt = state.rebuilt(version: 5, revised: [7: revised], removed: [2, 4, 5])
        var oneByOne = state
        for id in [5, 4, 2] {
            let row = oneByOne.rows(of: [id])[id]!
            let section = id <= 3 ? 0 : id <= 5 ? 1 : 2
            oneByOne = oneByOne.removing(at: row, section: section, version: 5)
        }
        oneByOne = oneByOne.replacing(at: oneByOne.rows(of: [7])[7]!, with: revised, version: 5)
        #expect(rebuilt.version == 5)
        #expect(rebuilt.order.allEntries == oneByOne.order.allEntries)
        #expect(rebuilt.sections == oneByOne.sections)
        #expect(rebuilt.sections.prefix(3).map(\.rows) == [2, 0, 4])
        #expect(
            rebuilt.order.lines(before: rebuilt.order.count)
                == oneByOne.order.lines(before: oneByOne.order.count))
    }

    @Test func nothingChangedIsTheSameListAtTheNewVersion() {
        let state = Self.state([3, 2, 4])
        let same = state.rebuilt(version: 9, revised: [:], removed: [])
        #expect(same.version == 9 && same.order.allEntries == state.order.allEntries)
    }
}
