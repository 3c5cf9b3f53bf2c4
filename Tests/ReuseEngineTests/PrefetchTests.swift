import Testing

@testable import ReuseEngine

struct PrefetchTests {
    private static let viewport = Viewport(offset: 10_000, height: 800, overscan: 400)

    /// A history of `count` samples 50 ms apart moving at `speed` px/s, ending 50 ms before `now`.
    private static func history(
        speed: Double, count: Int = 4, endingAt offset: Double = 10_000, now: Double = 100
    )
        -> MotionHistory
    {
        MotionHistory(
            (1...count).reversed().map { k in
                MotionHistory.Sample(offset: offset - speed * 0.05 * Double(k), time: now - 0.05 * Double(k))
            })
    }

    @Test func aClientMovingDownGetsTwoRoundTripsOfItsSpeedBelowAndNothingAbove() {
        let plan = Prefetch.plan(
            viewport: Self.viewport, history: MotionHistory(), now: 100, speed: 6000, roundTrip: 0.2,
            previous: nil)
        // 6,000 px/s × (2 × 0.2 s + 0.05 s) = 2,700 px, less the 400 px overscan asked.
        #expect(plan == Prefetch(above: 0, below: 2300))
    }

    @Test func movingUpTheLookaheadIsAbove() {
        let plan = Prefetch.plan(
            viewport: Self.viewport, history: MotionHistory(), now: 100, speed: -3000, roundTrip: 0.08,
            previous: nil)
        #expect(plan.below == 0)
        #expect(abs(plan.above - (3000 * 0.21 - 400)) < 1e-9)
    }

    @Test func atRestThereIsNoLookahead() {
        let still = Prefetch.plan(
            viewport: Self.viewport, history: Self.history(speed: 0), now: 100, speed: 0, roundTrip: 0.2,
            previous: nil)
        #expect(still == .none)
        // The client says it rests although the server saw it move: the client is newer.
        let stopped = Prefetch.plan(
            viewport: Self.viewport, history: Self.history(speed: 5000), now: 100, speed: 0, roundTrip: 0.2,
            previous: nil)
        #expect(stopped == .none)
    }

    @Test func withoutTheClientsSpeedTheHistoryGivesItAndItsDirection() {
        let down = Prefetch.plan(
            viewport: Self.viewport, history: Self.history(speed: 4000), now: 100, speed: nil, roundTrip: 0.2,
            previous: nil)
        #expect(abs(down.below - (4000 * 0.45 - 400)) < 1e-6 && down.above == 0)
        let up = Prefetch.plan(
            viewport: Self.viewport, history: Self.history(speed: -4000), now: 100, speed: nil,
            roundTrip: 0.2,
            previous: nil)
        #expect(up.above > 0 && up.below == 0)
        // A history older than the span is rest.
        let old = Prefetch.plan(
            viewport: Self.viewport, history: Self.history(speed: 4000, now: 99), now: 100, speed: nil,
            roundTrip: 0.2, previous: nil)
        #expect(old == .none)
    }

    @Test func noHistoryAndNoSpeedIsNoLookahead() {
        let plan = Prefetch.plan(
            viewport: Self.viewport, history: MotionHistory(), now: 100, speed: nil, roundTrip: 0.2,
            previous: nil)
        #expect(plan == .none)
    }

    @Test func aDirectionChangeFollowsTheClientAndDropsTheOldEdge() {
        let before = Self.viewport.extended(by: Prefetch(above: 0, below: 2300))
        let plan = Prefetch.plan(
            viewport: Self.viewport, history: Self.history(speed: 6000), now: 100, speed: -2000,
            roundTrip: 0.2,
            previous: before)
        #expect(plan.below == 0)
        #expect(abs(plan.above - (2000 * 0.45 - 400)) < 1e-6)
    }

    @Test func theFarEdgeDoesNotMoveBackWhileTheMotionGoesOn() {
        let before = Viewport(offset: 9_900, height: 800, overscan: 400).extended(
            by: Prefetch(above: 0, below: 2300))
        let slower = Prefetch.plan(
            viewport: Self.viewport, history: MotionHistory(), now: 100, speed: 3000, roundTrip: 0.2,
            previous: before)
        // The edge was at 9,900 + 800 + 400 + 2,300 = 13,400; the window now ends at 11,200.
        #expect(slower.below == 13_400 - 11_200)
        // Faster than before: the edge moves on.
        let faster = Prefetch.plan(
            viewport: Self.viewport, history: MotionHistory(), now: 100, speed: 9000, roundTrip: 0.2,
            previous: before)
        #expect(faster.below == 9000 * 0.45 - 400)
    }

    @Test func theLookaheadStopsAtItsPixelCap() {
        let limits = Prefetch.Limits(pixels: 3000)
        let plan = Prefetch.plan(
            viewport: Self.viewport, history: MotionHistory(), now: 100, speed: 1e6, roundTrip: 10,
            previous: nil, limits: limits)
        #expect(plan == Prefetch(above: 0, below: 2600))
        // A kept edge past the cap is not kept.
        let far = Self.viewport.extended(by: Prefetch(above: 0, below: 50_000))
        let kept = Prefetch.plan(
            viewport: Self.viewport, history: MotionHistory(), now: 100, speed: 100, roundTrip: 0.1,
            previous: far, limits: limits)
        #expect(kept.below < 2600)
    }

    @Test func theLookaheadStopsAtItsItemCap() throws {
        let layout = try ListLayout(sectionCounts: [100_000], heights: .init(contact: 56, header: 32))
        let asked = Self.viewport
        let plan = Prefetch(above: 0, below: 7000).capped(
            for: asked, in: layout, limits: Prefetch.Limits(items: 20))
        let base = layout.items(in: asked)
        let wide = layout.items(in: asked.extended(by: plan))
        #expect(wide.upperBound - base.upperBound == 20)
        #expect(wide.lowerBound == base.lowerBound)
        let up = Prefetch(above: 7000, below: 0).capped(
            for: asked, in: layout, limits: Prefetch.Limits(items: 20))
        let upWide = layout.items(in: asked.extended(by: up))
        #expect(base.lowerBound - upWide.lowerBound == 20)
        // Under the cap the plan stays as it was.
        let small = Prefetch(above: 0, below: 300)
        #expect(small.capped(for: asked, in: layout) == small)
    }

    @Test func hugeAndOddInputsGiveABoundedPlanOrNone() {
        let limits = Prefetch.Limits()
        for speed in [Double.nan, .infinity, -.infinity, 1e300, -1e300, .leastNonzeroMagnitude] {
            for trip in [Double.nan, .infinity, -5, 0, 1e9] {
                let plan = Prefetch.plan(
                    viewport: Self.viewport, history: MotionHistory(), now: 100, speed: speed,
                    roundTrip: trip,
                    previous: nil, limits: limits)
                #expect(plan.above >= 0 && plan.below >= 0 && plan.above.isFinite && plan.below.isFinite)
                #expect(plan.above + 400 <= limits.pixels && plan.below + 400 <= limits.pixels)
            }
        }
        for offset in [Double.nan, .infinity, -1e300] {
            let plan = Prefetch.plan(
                viewport: Viewport(offset: offset, height: 800), history: Self.history(speed: 3000),
                now: .nan,
                speed: nil, roundTrip: 0.2, previous: nil)
            #expect(plan.above.isFinite && plan.below.isFinite && plan.above >= 0 && plan.below >= 0)
        }
    }

    @Test func aJumpInTheHistoryIsNotMotion() {
        var history = MotionHistory()
        history.record(offset: 0, time: 99.8)
        history.record(offset: 100, time: 99.85)
        history.record(offset: 500_000, time: 99.9)
        // From 500,000 at 99.9 to 500,050 now: 1,000 px/s, not 5 million.
        let speed = history.speed(endingAt: 500_050, now: 99.95, span: 0.5, jump: 8_800)
        #expect(abs(speed - 1000) < 1e-6)
    }

    @Test func theHistoryKeepsItsLastSamplesAndStartsAnewWhenTimeGoesBack() {
        var history = MotionHistory()
        for k in 0..<20 { history.record(offset: Double(k), time: Double(k)) }
        #expect(history.samples.count == MotionHistory.capacity)
        #expect(history.samples.first?.offset == 12)
        history.record(offset: 5, time: 3)
        #expect(history.samples == [MotionHistory.Sample(offset: 5, time: 3)])
        history.record(offset: .nan, time: 4)
        #expect(history.samples.count == 1)
    }
}

struct PrefetchLedgerTests {
    private static let layout = try! ListLayout(
        sectionCounts: [10_000], heights: .init(contact: 56, header: 32))

    @Test func prefetchedRowsAreCountedShownWhenTheyComeIntoTheAskedViewport() {
        var session = ReuseSession(layout: Self.layout)
        var ledger = PrefetchLedger()
        let first = Viewport(offset: 0, height: 800).extended(by: Prefetch(above: 0, below: 1120))
        let sent = ledger.record(session.step(to: first), viewport: first)
        #expect(sent.sent == 20, "1,120 px of 56 px rows past the window")
        #expect(ledger.count == 20)
        // Scrolled 560 px: ten of them are in view now.
        let second = Viewport(offset: 560, height: 800).extended(by: Prefetch(above: 0, below: 560))
        let moved = ledger.record(session.step(to: second), viewport: second)
        #expect(moved.shown == 10 && moved.unseen == 0 && moved.sent == 0)
        // The list stops and the window shrinks back: the rest are released unseen.
        let rest = Viewport(offset: 560, height: 800)
        let stopped = ledger.record(session.step(to: rest), viewport: rest)
        #expect(stopped.unseen == 10 && stopped.shown == 0)
        #expect(ledger.count == 0)
    }

    @Test func withoutALookaheadNothingIsCounted() {
        var session = ReuseSession(layout: Self.layout)
        var ledger = PrefetchLedger()
        for offset in stride(from: 0.0, to: 5000, by: 97) {
            let viewport = Viewport(offset: offset, height: 800, overscan: 400)
            #expect(ledger.record(session.step(to: viewport), viewport: viewport) == PrefetchLedger.Outcome())
        }
        #expect(ledger.count == 0)
    }

    @Test func aFullUpdateDropsThePrefetchedRowsItLeavesOut() {
        var session = ReuseSession(layout: Self.layout)
        var ledger = PrefetchLedger()
        let first = Viewport(offset: 0, height: 800).extended(by: Prefetch(above: 0, below: 560))
        _ = ledger.record(session.advance(to: first, ack: nil), viewport: first)
        #expect(ledger.count == 10)
        let far = Viewport(offset: 300_000, height: 800)
        let full = session.advance(to: far, ack: nil)
        #expect(full.isFull)
        #expect(ledger.record(full, viewport: far).unseen == 10)
    }
}
