import Codecs
import HTTP
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The sign-in cookie the page gets from `POST /login` (docs/security.md, "Security"):
/// `<expiry>.<nonce>.<mac>`, where the expiry is a Unix time 12 hours after the
/// sign-in, the nonce 16 random bytes, and the mac HMAC-SHA-256 of both under the
/// admin token. It is not the token, and the token cannot be read back from it.
///
/// Signed, not looked up: every server started with the same token takes the
/// cookie (behind haproxy, requests of one page reach several servers), and it
/// outlives a restart. A sign-out (`revoke`) is kept in memory until the
/// cookie's expiry, so it holds on the server that answered it; changing the
/// token ends every sign-in on every server at once.
final class SignInCookies: Sendable {
    /// The cookie's name.
    static let name = "roster_session"
    /// Seconds a sign-in lasts.
    static let lifetime = 12 * 60 * 60
    /// Signed-out sign-ins remembered at most (the ones expiring first go first).
    static let revokedAtMost = 4096

    /// What a cookie's value is worth.
    enum Check: Equatable {
        case valid
        case expired
        /// Not one this token signed, or not a sign-in cookie at all.
        case invalid
        /// Signed out.
        case revoked
    }

    private let key: [UInt8]
    private let now: @Sendable () -> Int
    /// Nonces of signed-out sign-ins, with their expiry.
    private let revoked = Mutex<[String: Int]>([:])

    /// Sign-ins signed with `token`; `now` is the wall clock in Unix seconds.
    init(token: String, now: @escaping @Sendable () -> Int = { time(nil) }) {
        self.key = Array(token.utf8)
        self.now = now
    }

    /// A new sign-in's cookie value.
    func issue() -> String {
        var nonce = [UInt8](repeating: 0, count: 16)
        if !nonce.withUnsafeMutableBytes({ System.random($0) }) {
            var generator = SystemRandomNumberGenerator()
            for index in nonce.indices { nonce[index] = generator.next() }
        }
        let claim = "\(now() + Self.lifetime).\(Hex.lowercase(nonce))"
        return claim + "." + Hex.lowercase(mac(claim))
    }

    /// What `value` (a `roster_session` cookie's) is worth now.
    func check(_ value: Substring) -> Check {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].utf8.count == 32, parts[2].utf8.count == 64,
            let expiry = Int(parts[0])
        else { return .invalid }
        let claim = value[..<parts[2].startIndex].dropLast()
        guard WriteGate.constantTimeEquals(parts[2], Hex.lowercase(mac(claim))) else { return .invalid }
        let time = now()
        // A cookie that ends later than a new one would was signed with a clock far ahead: refused.
        guard expiry <= time + Self.lifetime + 300 else { return .invalid }
        guard expiry > time else { return .expired }
        return revoked.withLock { $0[String(parts[1])] != nil } ? .revoked : .valid
    }

    /// Signs out the sign-in of `value`, when it is a valid one.
    func revoke(_ value: Substring) {
        guard check(value) == .valid else { return }
        let parts = value.split(separator: ".")
        let expiry = Int(parts[0]) ?? 0
        let time = now()
        revoked.withLock { table in
            if table.count >= Self.revokedAtMost { table = table.filter { $0.value > time } }
            if table.count >= Self.revokedAtMost, let first = table.min(by: { $0.value < $1.value }) {
                table.removeValue(forKey: first.key)
            }
            table[String(parts[1])] = expiry
        }
    }

    /// The `Set-Cookie` value of a new sign-in: only sent back to this server, never
    /// readable by the page's scripts, never sent with another site's requests, and
    /// over TLS only when the request came over TLS.
    static func setCookie(_ value: String, secure: Bool) -> String {
        "\(name)=\(value); Path=/; Max-Age=\(lifetime); HttpOnly; SameSite=Strict"
            + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that deletes the cookie.
    static func clearCookie(secure: Bool) -> String {
        "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The value of the `roster_session` cookie in `headers` (RFC 6265 5.4: pairs
    /// split by `;`), or nil when there is none.
    static func value(in headers: HTTPHeaders) -> Substring? {
        for field in headers.values("Cookie") {
            for pair in field.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " || $0 == "\t" }
                guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == name else { continue }
                return trimmed[trimmed.index(after: equals)...]
            }
        }
        return nil
    }

    private func mac(_ claim: some StringProtocol) -> [UInt8] {
        SHA256.hmac(key: key, message: Array("roster-session.\(claim)".utf8))
    }
}
