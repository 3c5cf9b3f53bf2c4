import Foundation
import Synchronization
import Testing

@testable import App

/// Upkeep steps wait for a pause in writes, run until nothing remains, and start
/// again after the next write.
struct WriterUpkeepTests {
    /// A step counter whose steps say "more" `remaining` times.
    private final class Steps: Sendable {
        let state = Mutex((taken: 0, remaining: 0))
        func step() -> Bool {
            state.withLock { state in
                state.taken += 1
                state.remaining -= 1
                return state.remaining > 0
            }
        }
        var taken: Int { state.withLock { $0.taken } }
        func refill(_ count: Int) { state.withLock { $0.remaining = count } }
    }

    private static func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(2_000)
        }
        return condition()
    }

    @Test func stepsWaitForAPauseThenRunUntilNothingRemains() {
        let steps = Steps()
        steps.refill(5)
        let upkeep = WriterUpkeep(quietNanoseconds: 100_000_000)
        // Writes every 20 ms for 300 ms: never a pause of 100 ms, so no step.
        for _ in 0..<15 {
            upkeep.wrote(step: steps.step)
            usleep(20_000)
        }
        #expect(steps.taken == 0, "no step while writes keep coming")
        #expect(Self.eventually(within: 5) { steps.taken == 5 }, "five steps once writes paused")
        usleep(300_000)
        #expect(steps.taken == 5, "no step once one said nothing remains")
        steps.refill(2)
        upkeep.wrote(step: steps.step)
        #expect(Self.eventually(within: 5) { steps.taken == 7 }, "a later write starts another run")
    }

    @Test func aStepThatThrowsEndsTheRunUntilTheNextWrite() {
        struct Held: Error {}
        let calls = Mutex(0)
        let upkeep = WriterUpkeep(quietNanoseconds: 10_000_000)
        let step: @Sendable () throws -> Bool = {
            calls.withLock { $0 += 1 }
            throw Held()
        }
        upkeep.wrote(step: step)
        #expect(Self.eventually(within: 5) { calls.withLock { $0 } == 1 })
        usleep(100_000)
        #expect(calls.withLock { $0 } == 1, "no retry on its own")
        upkeep.wrote(step: step)
        #expect(Self.eventually(within: 5) { calls.withLock { $0 } == 2 })
    }
}
