import Platform
import Testing

struct MonotonicClockTests {
    @Test func aClockCanBeGivenItsTime() {
        let clock = MonotonicClock(nanoseconds: { 2_500_000_000 })
        #expect(clock.milliseconds() == 2500)
        #expect(clock.seconds() == 2.5)
    }

    @Test func theSystemClockNeverGoesBack() {
        let clock = MonotonicClock.system
        var last = clock.nanoseconds()
        for _ in 0..<1000 {
            let now = clock.nanoseconds()
            #expect(now >= last)
            last = now
        }
    }
}
