import HTTP
import Synchronization
import Testing

@testable import App

/// The session cookie: signed with the token, refused once changed, expired or
/// signed out, and written with the attributes docs/security.md, "Security", names.
struct SessionCookiesTests {
    /// A wall clock the test moves.
    final class Clock: Sendable {
        let seconds = Mutex(1_800_000_000)
        func advance(_ by: Int) { seconds.withLock { $0 += by } }
        var read: @Sendable () -> Int { { self.seconds.withLock { $0 } } }
    }

    @Test func aNewCookieIsValidAndIsNotTheToken() {
        let sessions = SessionCookies(token: "s3cret-token")
        let value = sessions.issue()
        #expect(sessions.check(value[...]) == .valid)
        #expect(!value.contains("s3cret-token"))
        #expect(value != sessions.issue(), "each sign-in has a nonce of its own")
        let parts = value.split(separator: ".")
        #expect(parts.count == 3 && parts[1].count == 32 && parts[2].count == 64)
    }

    @Test func anyChangedCharacterOrAnotherTokenMakesItInvalid() {
        let clock = Clock()
        let sessions = SessionCookies(token: "s3cret-token", now: clock.read)
        let value = Array(sessions.issue())
        for index in value.indices {
            var changed = value
            changed[index] = changed[index] == "1" ? "2" : "1"
            #expect(sessions.check(String(changed)[...]) != .valid, "character \(index)")
        }
        #expect(SessionCookies(token: "another-token", now: clock.read).check(String(value)[...]) == .invalid)
        // A longer life written into the cookie breaks its MAC.
        let parts = String(value).split(separator: ".")
        let extended = "\(Int(parts[0])! + 3600).\(parts[1]).\(parts[2])"
        #expect(sessions.check(extended[...]) == .invalid)
        for garbage in ["", "x", "1.2.3", "..", "\(parts[0]).\(parts[1])", String(value) + "."] {
            #expect(sessions.check(garbage[...]) == .invalid, "\(garbage)")
        }
    }

    @Test func itExpiresTwelveHoursAfterTheSignIn() {
        let clock = Clock()
        let sessions = SessionCookies(token: "t", now: clock.read)
        let value = sessions.issue()
        clock.advance(SessionCookies.lifetime - 1)
        #expect(sessions.check(value[...]) == .valid)
        clock.advance(1)
        #expect(sessions.check(value[...]) == .expired)
    }

    @Test func oneSignedWithAClockFarAheadIsRefused() {
        let clock = Clock()
        let ahead = SessionCookies(token: "t", now: clock.read)
        clock.advance(3600)
        let value = ahead.issue()
        clock.advance(-3600)
        #expect(SessionCookies(token: "t", now: clock.read).check(value[...]) == .invalid)
    }

    @Test func aSignOutEndsThatSessionOnly() {
        let sessions = SessionCookies(token: "t")
        let (mine, other) = (sessions.issue(), sessions.issue())
        sessions.revoke(mine[...])
        #expect(sessions.check(mine[...]) == .revoked)
        #expect(sessions.check(other[...]) == .valid)
    }

    @Test func theSignedOutTableIsBoundedDroppingExpiredOnesFirst() {
        let clock = Clock()
        let sessions = SessionCookies(token: "t", now: clock.read)
        let first = sessions.issue()
        sessions.revoke(first[...])
        clock.advance(60)
        var later: [String] = []
        for _ in 0..<SessionCookies.revokedAtMost {
            let value = sessions.issue()
            sessions.revoke(value[...])
            later.append(value)
        }
        // Full: the one that expires first made room; the rest are still signed out.
        #expect(sessions.check(first[...]) == .valid)
        #expect(later.allSatisfy { sessions.check($0[...]) == .revoked })
    }

    @Test func theCookiesAttributes() {
        let set = SessionCookies.setCookie("v", secure: false)
        #expect(set == "roster_session=v; Path=/; Max-Age=43200; HttpOnly; SameSite=Strict")
        #expect(SessionCookies.setCookie("v", secure: true).hasSuffix("; SameSite=Strict; Secure"))
        #expect(
            SessionCookies.clearCookie(secure: false).hasPrefix(
                "roster_session=; Path=/; Max-Age=0; HttpOnly"))
    }

    @Test func theCookieIsFoundAmongOthers() {
        var headers = HTTPHeaders()
        #expect(SessionCookies.value(in: headers) == nil)
        headers.add("Cookie", "theme=dark; roster_sessionx=no;roster_session=abc.def; other=1")
        #expect(SessionCookies.value(in: headers) == "abc.def")
        var second = HTTPHeaders()
        second.add("Cookie", "a=1")
        second.add("Cookie", "roster_session=z")
        #expect(SessionCookies.value(in: second) == "z")
    }
}
