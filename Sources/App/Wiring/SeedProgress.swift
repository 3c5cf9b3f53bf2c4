import Platform
import Synchronization

/// How far a first start's seeding has come, as the percent the page shows
/// ("Preparing the demo list: 42%") and the placeholder's 503 answers carry.
///
/// The seed draws and orders its contacts, writes them (`wrote(_:)` after each
/// batch), merges the search index and commits, then the server loads the list
/// (`loading()`). The merge says nothing while it runs: its share is estimated
/// from the writing's pace (it took 0.15 to 0.45 of the writing's time on a
/// 2-core machine, the less the busier the machine; `indexingShare` is near the
/// top, so the figure rather ends early than waits at its end), and held below
/// its end until it is done.
final class SeedProgress: Sendable {
    /// The contacts being seeded.
    let total: Int
    private let clock: MonotonicClock

    /// The percent each stage ends at: drawing and ordering, writing, indexing; loading ends at 100.
    static let drawnAt = 5.0
    static let writtenAt = 75.0
    static let indexedAt = 97.0
    /// The index's merge and the commit take about this share of the writing's time.
    static let indexingShare = 0.4

    private struct State {
        var written = 0
        var writingStarted: Double?
        var writingTook: Double?
        var loading = false
    }

    private let state = Mutex(State())

    init(total: Int, clock: MonotonicClock = .system) {
        self.total = max(total, 1)
        self.clock = clock
    }

    /// The seed has written `written` contacts (all of them: the index's merge begins).
    func wrote(_ written: Int) {
        let now = clock.seconds()
        state.withLock { state in
            if state.writingStarted == nil { state.writingStarted = now }
            state.written = min(written, total)
            if state.written == total, state.writingTook == nil, let started = state.writingStarted {
                state.writingTook = now - started
            }
        }
    }

    /// The seed has committed: the server loads the list.
    func loading() {
        state.withLock { $0.loading = true }
    }

    /// 0 to 99: 100 is the list served, which this never says.
    var percent: Int {
        let now = clock.seconds()
        let fraction = state.withLock { state -> Double in
            if state.loading { return Self.indexedAt }
            if let took = state.writingTook, let started = state.writingStarted {
                let expected = max(took * Self.indexingShare, 0.001)
                let indexing = min((now - started - took) / expected, 0.95)
                return Self.writtenAt + (Self.indexedAt - Self.writtenAt) * max(indexing, 0)
            }
            guard state.writingStarted != nil else { return 0 }
            return Self.drawnAt + (Self.writtenAt - Self.drawnAt) * Double(state.written) / Double(total)
        }
        return min(Int(fraction), 99)
    }
}

extension SeedProgress {
    /// What a seed of `count` contacts reports its progress to: `progress`, and a line
    /// to `log` each time another 100,000 are written (the seed reports every batch).
    static func reporter(
        of count: Int, _ log: @escaping @Sendable (String) -> Void, progress: SeedProgress?
    ) -> (Int) -> Void {
        var logged = 0
        return { written in
            progress?.wrote(written)
            guard written / 100_000 > logged / 100_000 else { return }
            logged = written
            log("roster: seeded \(written / 100_000 * 100_000) of \(count)")
        }
    }
}
