import TestSupport
import Testing

@testable import ReuseEngine

extension ReuseSessionTests {
    /// Seeded random edit scripts (inserts, imports, deletes, renames that move
    /// contacts, content edits, applies of unchanged data) between seeded scrolls,
    /// with dropped responses and stale acks, checked after every step against
    /// `ContactModel`: the window, the deltas, slots, re-sends, creation and anchoring.
    @Test(arguments: [0, 1, 40, 600], [21, 22, 23, 24] as [UInt64])
    func identityDeltasFollowABruteForceModelThroughEditsScrollsAndStaleAcks(
        size: Int, seed: UInt64
    ) throws {
        var random = SeededGenerator(seed: seed &* 1_000_003 &+ UInt64(size))
        var model = ContactModel(sectionCount: 6, count: size, random: &random)
        var session = ReuseSession(layout: model.layout, historyLimit: 6)
        var script = ScrollScript(seed: seed, layout: model.layout)
        // What the client holds after applying each seq, and the data each seq was laid out on.
        var applied: [Int: ClientCells] = [:]
        var models: [Int: ContactModel] = [:]
        var latest: Int?
        var previous = ClientCells()
        var kinds: [Int: ItemKind] = [:]
        var mostVisible = KindCounts()
        var tally = (changes: 0, keptAcrossChanges: 0, refreshes: 0, anchors: 0, shifted: 0)

        for _ in 0..<300 {
            if Int.random(in: 0..<4, using: &random) == 0 {
                // The data changes; now and then an apply finds nothing changed.
                if Int.random(in: 0..<8, using: &random) != 0 {
                    let near = session.fullUpdate().cells.lazy.compactMap(\.item.row).first
                    model.randomEdits(near: near, random: &random)
                }
                session.apply(layout: model.layout)
                tally.changes += 1
            }
            // The newest state the client applied, sometimes an older one it kept, rarely none.
            var ack = latest
            if latest != nil, Int.random(in: 0..<6, using: &random) == 0 {
                ack = applied.keys.sorted().randomElement(using: &random)
            }
            if Int.random(in: 0..<40, using: &random) == 0 { ack = nil }

            var viewport = script.next()
            let requested = viewport.offset
            if let ack {
                let anchor = session.anchor(at: ack, newTop: { model.top(of: $0) })
                if let state = session.state(ack), let old = models[ack] {
                    expectAnchor(anchor, of: state, from: old, to: model)
                }
                if let anchor {
                    viewport.offset = anchor.offset(for: requested)
                    script.viewport.offset = viewport.offset
                    tally.anchors += 1
                    if anchor.shift != 0 { tally.shifted += 1 }
                    // The anchor is as far from the window's top as before: 0 px drift.
                    #expect(Double(anchor.newTop) - viewport.offset == Double(anchor.oldTop) - requested)
                }
            }

            // A step starts from what the client shows at `ack` when the session still
            // knows that state (answers the client dropped are stepped over), else from
            // the session's latest state.
            let startsFromAck = ack.map { session.state($0) != nil && applied[$0] != nil } ?? false
            let update = session.advance(to: viewport, ack: ack, identity: model.identity)
            let full = session.fullUpdate()
            models[full.seq] = model
            let now = ClientCells(full)

            // The window is the model's: every item in display order, with its identity,
            // revision and place.
            let brute = model.bruteForce
            let expected = brute.items(in: viewport).map { brute.entries[$0] }
            #expect(full.cells.map(\.item.entry) == expected)
            #expect(full.cells.map(\.identity) == expected.map(model.identity(of:)))

            // No slot holds two items, and a slot never changes kind.
            #expect(Set(full.cells.map(\.slot)).count == full.cells.count)
            for cell in full.cells {
                if let kind = kinds[cell.slot] {
                    #expect(kind == cell.item.kind)
                } else {
                    kinds[cell.slot] = cell.item.kind
                }
            }

            // An item visible before and after the step kept its slot, across data changes too.
            let before = startsFromAck ? applied[ack!]! : previous
            for (slot, shown) in before.slots {
                if let slotNow = now.slot(of: shown.identity.id) {
                    #expect(slotNow == slot, "\(shown.identity.id) moved from slot \(slot) to \(slotNow)")
                    if shown != now.slots[slotNow] { tally.keptAcrossChanges += 1 }
                }
            }
            previous = now

            if let base = update.base {
                // A delta applied to what the client shows at `ack` gives the full state, and
                // holds exactly the slots whose content changed: nothing unchanged is re-sent.
                #expect(base == ack)
                let before = try #require(applied[base])
                #expect(before.applying(update) == now, "delta from \(base) to \(full.seq)")
                for cell in update.cells {
                    let shown = before.slots[cell.slot]
                    #expect(shown != now.slots[cell.slot], "\(cell.identity) re-sent unchanged")
                    #expect(cell.refresh == (shown?.identity.id == cell.identity.id))
                    if cell.refresh { tally.refreshes += 1 }
                }
                for slot in update.released { #expect(before.slots[slot] != nil) }
                #expect(Set(update.released).count == update.released.count)
            } else {
                #expect(ack == nil || session.state(ack!) == nil || ack! > latest!)
            }

            // Releasing before dequeuing: no kind ever has more slots than it once showed at once.
            for kind in ItemKind.allCases {
                mostVisible[kind] = max(mostVisible[kind], full.cells.count { $0.item.kind == kind })
                #expect(update.stats.created[kind] <= mostVisible[kind])
            }

            // The client gets four answers in five; the rest are lost.
            if Int.random(in: 0..<5, using: &random) != 0 {
                applied[full.seq] =
                    update.isFull ? ClientCells(update) : applied[update.base!]!.applying(update)
                latest = full.seq
                applied = applied.filter { $0.key > full.seq - 10 }
            }
        }

        if size >= 40 {
            #expect(tally.changes > 40)
            #expect(tally.keptAcrossChanges > 10, "items kept through changes: \(tally)")
            #expect(tally.refreshes > 10, "\(tally)")
            #expect(tally.shifted > 5, "\(tally)")
        }
    }

    /// The contract's anchor, found the slow way in the data of state `ack`: the first contact
    /// at least partly inside its viewport, else the next one of that data still present.
    private func expectAnchor(
        _ anchor: Anchor?, of state: ReuseSession.State, from old: ContactModel, to new: ContactModel,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let brute = old.bruteForce
        let onScreen = brute.items(in: Viewport(offset: state.viewport.offset, height: state.viewport.height))
        var expected: (id: Int, top: Int, index: Int)?
        if let first = onScreen.first {
            for index in first..<brute.entries.count {
                guard let row = brute.entries[index].row else { continue }
                let id = old.contacts[row].id
                if new.row(of: id) != nil {
                    expected = (id, brute.entries[index].top, index)
                    break
                }
            }
        }
        guard let expected, expected.index < state.range.upperBound else {
            // None, or only past what the state remembers: the caller keeps its offset.
            #expect(anchor == nil, sourceLocation: sourceLocation)
            return
        }
        let newBrute = new.bruteForce
        let newTop = newBrute.entries.first { $0.row == new.row(of: expected.id) }!.top
        #expect(
            anchor == Anchor(id: expected.id, oldTop: expected.top, newTop: newTop),
            sourceLocation: sourceLocation)
    }

    /// Rows 0..<12 of one section without headers, shown in a 672 px window.
    private static func twelveRows(ids: [Int], revisions: [Int: Int] = [:]) -> (LayoutItem) -> ItemIdentity {
        { item in .contact(id: ids[item.row!], revision: revisions[ids[item.row!]] ?? 0) }
    }

    @Test func anEditedContactIsResentInItsOwnSlotAndNothingElseIs() throws {
        let heights = ListLayout.Heights(contact: 56, header: 0)
        let ids = Array(100..<200)
        var session = ReuseSession(layout: try ListLayout(sectionCounts: [100], heights: heights))
        let window = Viewport(offset: 0, height: 672)
        let first = session.advance(to: window, ack: nil, identity: Self.twelveRows(ids: ids))
        session.apply(layout: try ListLayout(sectionCounts: [100], heights: heights))
        let update = session.advance(
            to: window, ack: first.seq, identity: Self.twelveRows(ids: ids, revisions: [103: 1]))
        #expect(update.base == first.seq && update.released.isEmpty)
        #expect(update.cells.map(\.identity) == [.contact(id: 103, revision: 1)])
        #expect(update.cells.map(\.slot) == first.cells.filter { $0.identity.id.value == 103 }.map(\.slot))
        #expect(update.cells.allSatisfy { $0.refresh })
    }

    @Test func applyingUnchangedDataSendsNothing() throws {
        let layout = try ListLayout(sectionCounts: [40, 0, 70])
        var session = ReuseSession(layout: layout)
        let window = Viewport(offset: 1234, height: 900, overscan: 100)
        let first = session.advance(to: window, ack: nil, identity: ItemIdentity.positional)
        session.apply(layout: layout)
        let update = session.advance(to: window, ack: first.seq, identity: ItemIdentity.positional)
        #expect(update.base == first.seq && update.cells.isEmpty && update.released.isEmpty)
        #expect(update.stats == first.stats)
    }

    @Test func aDeletedContactReleasesItsSlotAndTheOneBelowMovesUpInPlace() throws {
        let heights = ListLayout.Heights(contact: 56, header: 0)
        var ids = Array(100..<200)
        var session = ReuseSession(layout: try ListLayout(sectionCounts: [100], heights: heights))
        let window = Viewport(offset: 0, height: 672)  // rows 0...11
        let first = session.advance(to: window, ack: nil, identity: Self.twelveRows(ids: ids))
        let slots = Dictionary(uniqueKeysWithValues: first.cells.map { ($0.identity.id.value, $0.slot) })
        ids.remove(at: 5)  // contact 105
        session.apply(layout: try ListLayout(sectionCounts: [99], heights: heights))
        let update = session.advance(to: window, ack: first.seq, identity: Self.twelveRows(ids: ids))
        #expect(update.released == [slots[105]!])
        // Rows 5...10 moved up one (refreshes in their own slots); row 11 is new and takes
        // the released slot from the pool.
        #expect(update.cells.map(\.identity.id.value) == Array(106...112))
        #expect(update.cells.dropLast().allSatisfy { $0.refresh && $0.slot == slots[$0.identity.id.value] })
        #expect(update.cells.last?.refresh == false && update.cells.last?.slot == slots[105])
        #expect(update.stats.created == first.stats.created)
    }

    /// Several data versions between two requests (the client asked nothing while
    /// they came) are one diff; layouts no kept state uses are let go.
    @Test func changesBetweenRequestsAreOneDiffAndOldLayoutsAreLetGo() throws {
        var random = SeededGenerator(seed: 77)
        var model = ContactModel(sectionCount: 4, count: 300, random: &random)
        var session = ReuseSession(layout: model.layout, historyLimit: 3)
        let window = Viewport(offset: 4000, height: 900, overscan: 50)
        var shown = session.advance(to: window, ack: nil, identity: model.identity)
        var client = ClientCells(shown)
        for round in 0..<20 {
            for _ in 0..<(round % 3 + 1) {
                model.randomEdits(near: shown.cells.lazy.compactMap(\.item.row).first, random: &random)
                session.apply(layout: model.layout)
            }
            // Exactly the layouts of kept states: the ones applied in between are let go.
            let used = Set((session.history + [session.current]).map(\.epoch)).subtracting([session.epoch])
            #expect(session.pastLayouts.map(\.epoch) == used.sorted())
            #expect(session.pastLayouts.count <= 4)
            shown = session.advance(to: window, ack: shown.seq, identity: model.identity)
            #expect(shown.base != nil)
            client.apply(shown)
            #expect(client == ClientCells(session.fullUpdate()))
        }
        for _ in 0..<3 { _ = session.step(to: window, identity: model.identity) }
        #expect(session.pastLayouts.isEmpty, "every state from before the last change has aged out")
    }
}
