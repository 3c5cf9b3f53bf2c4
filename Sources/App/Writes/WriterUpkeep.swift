import Foundation
import Synchronization

/// Runs a store's upkeep (`ContactEditing.upkeepStep()`) in short steps on a
/// utility queue once writes have paused for `quiet`: a write never waits for more
/// than the one step in progress, and a burst of writes runs no step at all.
///
/// After each write the writer calls `wrote(step:)`; steps start when no write has come
/// for `quiet` and go on until one says nothing remains. A write during the steps
/// makes them wait for a pause again. A step that throws ends the run (an import
/// may hold the database); the next write starts another.
final class WriterUpkeep: Sendable {
    private struct State {
        /// When the last write came (nanoseconds of `now`).
        var wroteAt: UInt64 = 0
        /// Whether a run is scheduled or in progress.
        var running = false
    }

    private let state = Mutex(State())
    private let quiet: UInt64
    private let now: @Sendable () -> UInt64

    /// Upkeep that steps once writes have paused for `quietNanoseconds` by the
    /// clock `now` (nanoseconds).
    init(
        quietNanoseconds: UInt64 = 200_000_000,
        now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) {
        self.quiet = quietNanoseconds
        self.now = now
    }

    /// Notes a write and schedules a run of `step` if none is pending.
    func wrote(step: @escaping @Sendable () throws -> Bool) {
        let start = state.withLock { state in
            state.wroteAt = now()
            defer { state.running = true }
            return !state.running
        }
        if start { DispatchQueue.global(qos: .utility).async { self.run(step) } }
    }

    /// Steps after a pause of `quiet` until nothing remains (or a step throws).
    private func run(_ step: @Sendable () throws -> Bool) {
        while true {
            let wait = state.withLock { state -> UInt64 in
                let since = now() &- state.wroteAt
                return since >= quiet ? 0 : quiet - since
            }
            if wait > 0 {
                usleep(UInt32(min(wait / 1000, 1_000_000)))
                continue
            }
            let more = (try? step()) ?? false
            if more { continue }
            // Done, unless a write came while the last step ran: then wait again.
            let done = state.withLock { state in
                let quietSince = now() &- state.wroteAt >= quiet
                if quietSince { state.running = false }
                return quietSince
            }
            if done { return }
        }
    }
}
