import TestSupport
import Testing

@testable import ReuseEngine

struct ReuseSessionTests {
    /// The seed's MiniTableView experiment: 1,000 rows of 56 px in a 667 px viewport,
    /// scrolled top to bottom; creation stops at the first screen plus at most one.
    @Test func creationPlateausForEveryStepSizeUpToAViewport() throws {
        let layout = try ListLayout(sectionCounts: [1000], heights: .init(contact: 56, header: 0))
        for stepSize in 1...667 {
            var session = ReuseSession(layout: layout)
            let firstScreen = session.step(to: Viewport(offset: 0, height: 667)).stats.created.contact
            var offset = 0.0
            var most = firstScreen
            var lastRowShown = false
            while offset + 667 < Double(layout.contentHeight) {
                offset += Double(stepSize)
                let update = session.step(to: Viewport(offset: offset, height: 667))
                most = max(most, update.stats.created.contact)
                lastRowShown = lastRowShown || update.cells.contains { $0.item.row == 999 }
            }
            #expect(firstScreen == 12)
            #expect(most <= firstScreen + 1, "step \(stepSize) px created \(most)")
            #expect(lastRowShown, "step \(stepSize) px")
        }
    }

    @Test func creationPlateausPerKindWithSectionsAndHeaders() throws {
        let layout = try ListLayout(sectionCounts: [300, 0, 150, 250, 299, 1])
        for stepSize in [1, 7, 10, 56, 100, 333, 667] {
            var session = ReuseSession(layout: layout)
            let first = session.step(to: Viewport(offset: 0, height: 667)).stats.created
            var offset = 0.0
            var created = first
            while offset < Double(layout.contentHeight) {
                offset += Double(stepSize)
                created = session.step(to: Viewport(offset: offset, height: 667)).stats.created
            }
            #expect(first == KindCounts(header: 1, contact: 12))
            #expect(created.contact <= first.contact + 1, "step \(stepSize)")
            #expect(created.header <= first.header + 1, "step \(stepSize)")
        }
    }

    @Test func scrollingAnHourOverTenMillionRowsCreatesNothingNew() throws {
        let layout = try ListLayout(sectionCounts: Array(repeating: 10_000_000 / 25, count: 25))
        var session = ReuseSession(layout: layout)
        _ = session.step(to: Viewport(offset: 0, height: 800))
        var offset = 0.0
        var created = session.pool.created
        for _ in 0..<20_000 {
            offset += 37
            created = session.step(to: Viewport(offset: offset, height: 800)).stats.created
        }
        // 800 px shows at most 16 contacts (15 + a partial) and 2 headers at once.
        #expect(created.contact <= 16)
        #expect(created.header <= 2)
    }

    static let propertyLayouts: [[Int]] = [
        [],
        [1],
        [0, 1, 0],
        [0, 0, 4, 0, 0, 3, 0],
        [1000],
        [40, 3, 0, 17, 1, 1, 25, 0, 6, 11, 2, 30, 5, 9, 1, 0, 3, 14, 21, 8, 1, 1, 4, 0, 2, 1, 12],
        [400_000, 2_500_000, 0, 1, 7_099_999],  // 10,000,000 rows
    ]

    /// Seeded random scroll sequences, checking after every step each rule the
    /// client relies on.
    @Test(arguments: propertyLayouts, [1, 2, 3] as [UInt64])
    func everyStepKeepsTheReuseInvariants(counts: [Int], seed: UInt64) throws {
        let rows = counts.reduce(0, +)
        // Seed 3 with rows of random heights (56 + 20 per notes line), when that is not 10M of them.
        var random = SeededGenerator(seed: seed)
        let rowHeights =
            seed == 3 && rows <= 100_000
            ? ArrayRowHeights((0..<rows).map { _ in 56 + 20 * Int.random(in: 0...3, using: &random) }) : nil
        let layout = try ListLayout(sectionCounts: counts, rowHeights: rowHeights)
        var session = ReuseSession(layout: layout, historyLimit: 6)
        var script = ScrollScript(seed: seed, layout: layout)
        var kinds: [Int: ItemKind] = [:]
        var mostVisible = KindCounts()
        var states: [Int: ClientSlots] = [0: ClientSlots()]
        var previous = session.fullUpdate()

        for _ in 0..<400 {
            let viewport = script.next()
            let update = session.step(to: viewport)
            let full = session.fullUpdate()
            let now = Set(full.cells.map(\.item.index))
            let before = Set(previous.cells.map(\.item.index))

            // Every visible item has exactly one slot, and no slot holds two items.
            #expect(full.cells.map(\.item.index) == Array(layout.items(in: viewport)))
            #expect(Set(full.cells.map(\.slot)).count == full.cells.count)
            #expect(update.visible == full.visible && full.isFull && update.base == previous.seq)

            // Released = previously visible minus now visible (by their slots).
            let leaving = previous.cells.filter { !now.contains($0.item.index) }.map(\.slot)
            #expect(Set(update.released) == Set(leaving) && update.released.count == leaving.count)

            // Entering plus staying = visible; those staying keep their slot.
            let entering = update.cells.map(\.item.index)
            #expect(Set(entering).isDisjoint(with: before))
            #expect(Set(entering).union(before.intersection(now)) == now)
            let previousSlots = Dictionary(
                uniqueKeysWithValues: previous.cells.map { ($0.item.index, $0.slot) })
            for cell in full.cells where before.contains(cell.item.index) {
                #expect(previousSlots[cell.item.index] == cell.slot)
            }

            // A slot never changes kind; `reused` is false exactly for a new slot.
            for cell in update.cells {
                #expect(cell.reused == (kinds[cell.slot] != nil))
            }
            for cell in full.cells {
                if let kind = kinds[cell.slot] {
                    #expect(kind == cell.item.kind)
                } else {
                    kinds[cell.slot] = cell.item.kind
                }
            }

            // Creations per kind stay within the most of that kind ever visible, plus one.
            for kind in ItemKind.allCases {
                mostVisible[kind] = max(mostVisible[kind], full.cells.filter { $0.item.kind == kind }.count)
                #expect(update.stats.created[kind] <= mostVisible[kind] + 1)
            }
            #expect(update.stats.visible == full.cells.count)
            #expect(update.stats.created.total == kinds.count)
            #expect(update.stats.pooled == kinds.count - full.cells.count)

            // A delta applied to the earlier state gives exactly the full state, from the
            // previous state and from every one still remembered; older ones are refused.
            let fullSlots = ClientSlots(full)
            #expect(states[previous.seq]!.applying(update) == fullSlots)
            for (seq, slots) in states {
                if let delta = session.update(since: seq) {
                    #expect(seq >= full.seq - 6)
                    #expect(delta.base == seq && delta.seq == full.seq)
                    #expect(slots.applying(delta) == fullSlots, "delta from \(seq) to \(full.seq)")
                    #expect(Set(delta.released).isDisjoint(with: delta.cells.map(\.slot)))
                } else {
                    #expect(seq < full.seq - 6)
                }
            }
            states[full.seq] = fullSlots
            states[full.seq - 10] = nil
            previous = full
        }
    }

    /// A client that drops responses and receives some late still ends every
    /// applied response with exactly the server's slots.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func ackRuleKeepsAClientThatDropsResponsesInStep(seed: UInt64) throws {
        let layout = try ListLayout(sectionCounts: [120, 0, 3000, 45, 800])
        var session = ReuseSession(layout: layout, historyLimit: 4)
        var script = ScrollScript(seed: seed, layout: layout)
        var random = SeededGenerator(seed: seed ^ 0xFF)
        var client = ClientSlots()
        var applied: Int?
        var late: WindowUpdate?
        var deltas = 0
        for _ in 0..<600 {
            let update = session.advance(to: script.next(), ack: applied)
            if let held = late, Bool.random(using: &random) {
                // A response older than what the client applied is discarded by seq.
                #expect(held.seq <= (applied ?? -1) || held.isFull || held.base == applied)
                late = nil
            }
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<2: continue  // dropped
            case 2:
                late = update
                continue  // arrives after a newer one
            default: break
            }
            #expect(update.isFull || update.base == applied, "a delta is always from what the client has")
            if !update.isFull { deltas += 1 }
            client.apply(update)
            applied = update.seq
            #expect(client == ClientSlots(session.fullUpdate()))
        }
        #expect(deltas > 300, "most answers are deltas")
    }

    @Test func anAckTheSessionNeverSentOrHasForgottenGetsAFullUpdate() throws {
        let layout = try ListLayout(sectionCounts: [500])
        var session = ReuseSession(layout: layout, historyLimit: 2)
        let first = session.advance(to: Viewport(offset: 0, height: 600), ack: nil)
        #expect(first.isFull && first.seq == 1)
        #expect(session.advance(to: Viewport(offset: 10, height: 600), ack: 1).base == 1)
        #expect(session.advance(to: Viewport(offset: 20, height: 600), ack: 99).isFull)
        #expect(session.advance(to: Viewport(offset: 30, height: 600), ack: 4).isFull, "not sent yet")
        #expect(session.advance(to: Viewport(offset: 40, height: 600), ack: -5).isFull)
        #expect(session.advance(to: Viewport(offset: 50, height: 600), ack: 1).isFull, "forgotten")
        #expect(session.advance(to: Viewport(offset: 60, height: 600), ack: 5).base == 5, "remembered")
        #expect(session.seq == 8, "stepping from state 5 copied it as state 7 first")
        #expect(session.update(since: 7)?.cells.isEmpty == false, "the copy of 5 is kept")
        #expect(session.update(since: session.seq)?.cells.isEmpty == true)
    }

    @Test func reloadPoolsEverySlotAndAnswersTheNextRequestInFull() throws {
        var session = ReuseSession(layout: try ListLayout(sectionCounts: [500, 500]))
        let before = session.advance(to: Viewport(offset: 0, height: 800), ack: nil)
        let created = before.stats.created
        session.reload(layout: try ListLayout(sectionCounts: [900, 0, 200]))
        #expect(session.visible.isEmpty)
        #expect(session.pool.pooledCount == created.total)
        let after = session.advance(to: Viewport(offset: 0, height: 800), ack: before.seq)
        #expect(after.isFull)
        #expect(after.cells.allSatisfy { $0.reused }, "the same slots serve the new data")
        #expect(after.stats.created.contact == created.contact)
        #expect(
            after.cells.map(\.item.index) == Array(session.layout.items(in: Viewport(offset: 0, height: 800)))
        )
    }

    @Test func stepsThatMoveWithinTheSameItemsSendNothing() throws {
        var session = ReuseSession(layout: try ListLayout(sectionCounts: [100], heights: .init(header: 0)))
        _ = session.step(to: Viewport(offset: 0, height: 560))
        let update = session.step(to: Viewport(offset: 0.5, height: 559))
        #expect(update.cells.isEmpty && update.released.isEmpty)
        #expect(update.seq == 2 && update.base == 1)
    }

    @Test func zeroRowListsNeverCreateASlot() throws {
        var session = ReuseSession(layout: .empty)
        var script = ScrollScript(seed: 5, layout: .empty)
        for _ in 0..<100 {
            let update = session.step(to: script.next())
            #expect(update.cells.isEmpty && update.released.isEmpty && update.visible.isEmpty)
        }
        #expect(session.pool.slotCount == 0)
    }
}
