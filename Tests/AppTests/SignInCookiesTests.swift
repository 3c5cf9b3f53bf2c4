import HTTP
import Synchronization
import Testing

@testable import App

/// The sign-in cookie: signed with the token, refused once changed, expired or
/// signed out, and written with the attributes docs/security.md, "Security", names.
struct SignInCookiesTests {
    /// A wall clock the test moves.
    final class Clock: Sendable {
        let seconds = Mutex(1_800_000_000)
        func advance(_ by: Int) { seconds.withLock { $0 += by } }
        var read: @Sendable () -> Int { { self.seconds.withLock { $0 } } }
    }

    @Test func aNewCookieIsValidAndIsNotTheToken() {
        let cookies = SignInCookies(token: "s3cret-token")
        let value = cookies.issue()
        #expect(cookies.check(value[...]) == .valid)
        #expect(!value.contains("s3cret-token"))
        #expect(value != cookies.issue(), "each sign-in has a nonce of its own")
        let parts = value.split(separator: ".")
        #expect(parts.count == 3 && parts[1].count == 32 && parts[2].count == 64)
    }

    @Test func anyChangedCharacterOrAnotherTokenMakesItInvalid() {
        let clock = Clock()
        let cookies = SignInCookies(token: "s3cret-token", now: clock.read)
        let value = Array(cookies.issue())
        for index in value.indices {
            var changed = value
            changed[index] = changed[index] == "1" ? "2" : "1"
            #expect(cookies.check(String(changed)[...]) != .valid, "character \(index)")
        }
        #expect(SignInCookies(token: "another-token", now: clock.read).check(String(value)[...]) == .invalid)
        // A longer life written into the cookie breaks its MAC.
        let parts = String(value).split(separator: ".")
        let extended = "\(Int(parts[0])! + 3600).\(parts[1]).\(parts[2])"
        #expect(cookies.check(extended[...]) == .invalid)
        for garbage in ["", "x", "1.2.3", "..", "\(parts[0]).\(parts[1])", String(value) + "."] {
            #expect(cookies.check(garbage[...]) == .invalid, "\(garbage)")
        }
    }

    @Test func itExpiresTwelveHoursAfterTheSignIn() {
        let clock = Clock()
        let cookies = SignInCookies(token: "t", now: clock.read)
        let value = cookies.issue()
        clock.advance(SignInCookies.lifetime - 1)
        #expect(cookies.check(value[...]) == .valid)
        clock.advance(1)
        #expect(cookies.check(value[...]) == .expired)
    }

    @Test func oneSignedWithAClockFarAheadIsRefused() {
        let clock = Clock()
        let ahead = SignInCookies(token: "t", now: clock.read)
        clock.advance(3600)
        let value = ahead.issue()
        clock.advance(-3600)
        #expect(SignInCookies(token: "t", now: clock.read).check(value[...]) == .invalid)
    }

    @Test func aSignOutEndsThatSignInOnly() {
        let cookies = SignInCookies(token: "t")
        let (mine, other) = (cookies.issue(), cookies.issue())
        cookies.revoke(mine[...])
        #expect(cookies.check(mine[...]) == .revoked)
        #expect(cookies.check(other[...]) == .valid)
    }

    @Test func theSignedOutTableIsBoundedDroppingExpiredOnesFirst() {
        let clock = Clock()
        let cookies = SignInCookies(token: "t", now: clock.read)
        let first = cookies.issue()
        cookies.revoke(first[...])
        clock.advance(60)
        var later: [String] = []
        for _ in 0..<SignInCookies.revokedAtMost {
            let value = cookies.issue()
            cookies.revoke(value[...])
            later.append(value)
        }
        // Full: the one that expires first made room; the rest are still signed out.
        #expect(cookies.check(first[...]) == .valid)
        #expect(later.allSatisfy { cookies.check($0[...]) == .revoked })
    }

    @Test func theCookiesAttributes() {
        let set = SignInCookies.setCookie("v", secure: false)
        #expect(set == "roster_session=v; Path=/; Max-Age=43200; HttpOnly; SameSite=Strict")
        #expect(SignInCookies.setCookie("v", secure: true).hasSuffix("; SameSite=Strict; Secure"))
        #expect(
            SignInCookies.clearCookie(secure: false).hasPrefix(
                "roster_session=; Path=/; Max-Age=0; HttpOnly"))
    }

    @Test func theCookieIsFoundAmongOthers() {
        var headers = HTTPHeaders()
        #expect(SignInCookies.value(in: headers) == nil)
        headers.add("Cookie", "theme=dark; roster_sessionx=no;roster_session=abc.def; other=1")
        #expect(SignInCookies.value(in: headers) == "abc.def")
        var second = HTTPHeaders()
        second.add("Cookie", "a=1")
        second.add("Cookie", "roster_session=z")
        #expect(SignInCookies.value(in: second) == "z")
    }
}
