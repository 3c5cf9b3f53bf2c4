import Contacts
import ReuseEngine
import Testing

@testable import App

/// The order as row heights answers as the same heights summed in an array.
struct OrderRowHeightsTests {
    @Test func everyQueryMatchesAnArrayOfTheSameHeights() {
        var random = SeededRandom(seed: 9)
        func below(_ n: Int) -> Int { Int.random(in: 0..<n, using: &random) }
        let entries = (0..<5_000).map { OrderEntry(id: $0, lines: below(7) < 5 ? 0 : below(4)) }
        let order = OrderRowHeights(order: ListOrder(entries))
        let array = ArrayRowHeights(entries.map { 56 + 20 * Int($0.lines) })
        #expect(order.count == array.count)
        for _ in 0..<2_000 {
            let row = below(entries.count)
            #expect(order.height(before: row) == array.height(before: row))
            #expect(order.height(ofRow: row) == array.height(ofRow: row))
            #expect(order.place(ofRow: row) == array.place(ofRow: row))
            let y = below(array.height(before: entries.count))
            #expect(order.row(atPixel: y) == array.row(atPixel: y), "pixel \(y)")
            // A run of rows (across leaves: a leaf holds 512) in one walk.
            let run = row..<min(entries.count, row + below(1_200))
            #expect(order.places(ofRows: run).elementsEqual(run.map(array.place(ofRow:))) { $0 == $1 })
        }
        #expect(order.height(before: entries.count) == array.height(before: entries.count))
    }
}
