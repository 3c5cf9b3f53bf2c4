import Contacts
import Platform
import ReuseEngine

/// Steps one session over 1,000,000 contacts in 27 sections (an all-Latin English list) with an 800 px
/// viewport in 10 px steps, top to bottom, and reports steps per second on one core.
enum EngineBenchmark {
    /// Contacts per section A-Z and #, shaped like surname initials, summing to 1,000,000.
    static let sectionCounts: [Int] = {
        let weights = [
            35, 90, 75, 45, 20, 35, 55, 75, 5, 25, 40, 50, 95, 20, 15, 55, 3, 55, 100, 35, 5, 25,
            45, 1, 5, 5, 6,
        ]
        let total = 1_000_000
        let sum = weights.reduce(0, +)
        var counts = weights.map { $0 * total / sum }
        counts[counts.count - 1] += total - counts.reduce(0, +)
        return counts
    }()

    static func run() {
        let layout = try! ListLayout(sectionCounts: sectionCounts)
        var session = ReuseSession(layout: layout)
        let viewportHeight = 800.0
        let stepSize = 10.0
        var steps = 0
        var drawn = 0
        var released = 0
        let clock = MonotonicClock.system
        let start = clock.nanoseconds()
        var offset = 0.0
        while offset < Double(layout.contentHeight) {
            let update = session.step(to: Viewport(offset: offset, height: viewportHeight))
            drawn &+= update.cells.count
            released &+= update.released.count
            steps += 1
            offset += stepSize
        }
        let seconds = Double(clock.nanoseconds() - start) / 1e9
        let created = session.pool.created
        print("engine contacts: \(layout.totalRows) in \(layout.sectionCount) sections")
        print("engine steps: \(steps)")
        print("engine cells drawn: \(drawn), slots released: \(released)")
        print("engine slots created: contact \(created.contact), header \(created.header)")
        print("engine seconds: \(seconds)")
        print(
            "engine steps/s after a data change: \(changedDataStepsPerSecond(layout: layout, clock: clock))")
        print("engine random-jump steps/s: \(randomJumpStepsPerSecond(layout: layout, clock: clock))")
        // Rows as tall as notes make them (56 + 20 per line, about one in five with lines).
        var random = SeededRandom(seed: 7)
        let heights = (0..<layout.totalRows).map { _ -> Int in
            let roll = Int.random(in: 0..<100, using: &random)
            return 56 + (roll < 20 ? 20 * (1 + roll % 3) : 0)
        }
        let tall = try! ListLayout(sectionCounts: sectionCounts, rowHeights: ArrayRowHeights(heights))
        print(
            "engine random-jump steps/s, rows of notes heights: \(randomJumpStepsPerSecond(layout: tall, clock: clock))"
        )
        print("engine steps/s: \(Int(Double(steps) / seconds))")
    }

    /// 200,000 steps, each to a random offset (a jump: every visible item is new, and
    /// every slot of the last window is released and reused).
    static func randomJumpStepsPerSecond(layout: ListLayout, clock: MonotonicClock) -> Int {
        var session = ReuseSession(layout: layout)
        let steps = 200_000
        var random = SeededRandom(seed: 42)
        var drawn = 0
        let start = clock.nanoseconds()
        for _ in 0..<steps {
            let offset = Double(Int.random(in: 0..<max(1, layout.contentHeight - 800), using: &random))
            drawn &+= session.step(to: Viewport(offset: offset, height: 800)).cells.count
        }
        let seconds = Double(clock.nanoseconds() - start) / 1e9
        precondition(drawn > steps, "every jump draws the items it lands on")
        return Int(Double(steps) / seconds)
    }

    /// Steps that each follow `apply(layout:)`, so every one matches the visible items
    /// by identity (the first window after an edit), over the first 200,000 steps' offsets.
    static func changedDataStepsPerSecond(layout: ListLayout, clock: MonotonicClock) -> Int {
        var session = ReuseSession(layout: layout)
        let steps = 200_000
        var drawn = 0
        let start = clock.nanoseconds()
        for step in 0..<steps {
            session.apply(layout: layout)
            let update = session.step(
                to: Viewport(offset: Double(step) * 10, height: 800), identity: ItemIdentity.positional)
            drawn &+= update.cells.count
        }
        let seconds = Double(clock.nanoseconds() - start) / 1e9
        precondition(drawn > 0)
        return Int(Double(steps) / seconds)
    }
}
