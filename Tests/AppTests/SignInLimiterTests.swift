import Platform
import Synchronization
import Testing

@testable import App

/// The tries a client has at the admin token: five, one back every 12 s, per
/// address (an IPv6 one by its /64), in a bounded table.
struct SignInLimiterTests {
    /// A monotonic clock the test moves.
    final class Clock: Sendable {
        let nanoseconds = Mutex<UInt64>(1_000_000_000)
        func advance(seconds: Double) { nanoseconds.withLock { $0 += UInt64(seconds * 1e9) } }
        var clock: MonotonicClock { MonotonicClock { self.nanoseconds.withLock { $0 } } }
    }

    @Test func fiveWrongTokensThenAWaitUntilOneTryIsBack() {
        let time = Clock()
        let limiter = SignInLimiter(clock: time.clock)
        for _ in 0..<5 {
            #expect(limiter.wait(for: "192.0.2.1") == nil)
            limiter.failed("192.0.2.1")
        }
        #expect(limiter.wait(for: "192.0.2.1") == 12)
        time.advance(seconds: 5)
        #expect(limiter.wait(for: "192.0.2.1") == 7)
        time.advance(seconds: 7)
        #expect(limiter.wait(for: "192.0.2.1") == nil, "one try came back")
        limiter.failed("192.0.2.1")
        #expect(limiter.wait(for: "192.0.2.1") == 12)
        #expect(limiter.wait(for: "192.0.2.2") == nil, "another client has its own tries")
    }

    @Test func triesComeBackUpToFiveAndARightTokenGivesThemAllBack() {
        let time = Clock()
        let limiter = SignInLimiter(clock: time.clock)
        for _ in 0..<5 { limiter.failed("a") }
        time.advance(seconds: 3600)
        for _ in 0..<5 { limiter.failed("a") }
        #expect(limiter.wait(for: "a") != nil, "an hour's rest gives five tries, not three hundred")
        limiter.succeeded("a")
        #expect(limiter.wait(for: "a") == nil)
    }

    @Test func anIPv6ClientIsItsSlash64() {
        #expect(SignInLimiter.key("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(SignInLimiter.key("2001:db8:1:2:bbbb:cccc:dddd:eeee") == "2001:db8:1:2::/64")
        #expect(SignInLimiter.key("192.0.2.7") == "192.0.2.7")
        #expect(SignInLimiter.key("not:an address") == "not:an address")
        let limiter = SignInLimiter(clock: Clock().clock)
        for host in 1...5 { limiter.failed("2001:db8:1:2::\(host)") }
        #expect(limiter.wait(for: "2001:db8:1:2::99") != nil, "the same /64")
        #expect(limiter.wait(for: "2001:db8:1:3::1") == nil)
    }

    @Test func theTableIsBoundedAndAFullOneNeverGivesNewAddressesMoreTries() {
        let time = Clock()
        var rules = SignInLimiter.Rules()
        rules.clients = 3
        let limiter = SignInLimiter(rules: rules, clock: time.clock)
        for client in ["a", "b", "c"] { limiter.failed(client) }
        #expect(limiter.tracked == 3)
        // Full: new addresses share one entry, so their tries are five in all.
        for index in 0..<5 { limiter.failed("new\(index)") }
        #expect(limiter.tracked == 3)
        #expect(limiter.wait(for: "new9") != nil)
        #expect(limiter.wait(for: "a") == nil, "the tracked ones keep their own")
        // Once the tracked ones have all their tries back, they make room.
        time.advance(seconds: 60)
        limiter.failed("d")
        #expect(limiter.tracked == 1)
        #expect(limiter.wait(for: "d") == nil)
    }
}
