import HTTP
import Platform

/// What a request presents as the admin token, and what that is worth: the one
/// place the token is compared (docs/security.md, "Security"). Reads off loopback
/// (`ReadGate`), writes and exports (`WriteGate`) and `POST /login` (`SignIn`)
/// all ask it.
///
/// A request may carry `Authorization: Bearer <token>` (scripts, curl) or the
/// `roster_session` cookie `POST /login` set (the page); the header is judged
/// first when both come. Every wrong token spends one of the client's tries
/// (`SignInLimiter`); with none left, tokens are answered 429 without being
/// compared. A sign-in cookie is no guess at the token (its 128 random bits and
/// its MAC cannot be guessed), so a stale one is refused without spending a try:
/// a page whose sign-in ran out must not lock itself out.
final class Credentials: Sendable {
    /// What a request's credential is worth.
    enum Verdict: Equatable {
        /// It carries none (or the server has no token).
        case absent
        /// The right token, or a valid sign-in.
        case valid
        /// A wrong token, a sign-in that ended, or too many tries: the answer.
        case refused(HTTPError)
    }

    /// The token, if the server has one.
    let adminToken: String?
    /// The sign-in cookies signed with it (nil without a token).
    let signInCookies: SignInCookies?
    let limiter: SignInLimiter
    /// Peers whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    let trustedProxies: Set<String>

    /// The credentials of a server with `adminToken`, behind `trustedProxies`.
    init(
        adminToken: String?, trustedProxies: [String] = [], limiter: SignInLimiter = SignInLimiter(),
        signInCookies: SignInCookies? = nil
    ) {
        self.adminToken = adminToken
        self.signInCookies = signInCookies ?? adminToken.map { SignInCookies(token: $0) }
        self.limiter = limiter
        self.trustedProxies = Set(trustedProxies)
    }

    /// The client a request comes from: its peer, or, when the peer is a trusted
    /// proxy, the last address of the last `X-Forwarded-For` field (the one that
    /// proxy added; earlier ones are the client's to write).
    func client(_ head: RequestHead, peer: String) -> String {
        guard trustedProxies.contains(peer), let forwarded = head.headers.values("X-Forwarded-For").last,
            let last = forwarded.split(separator: ",").last?.trimmingHTTPWhitespace(), !last.isEmpty
        else { return peer }
        return String(last)
    }

    /// What the credential of `head`, sent from `peer`, is worth.
    func verdict(_ head: RequestHead, peer: String) -> Verdict {
        guard let adminToken, let signInCookies else { return .absent }
        if let presented = WriteGate.bearerToken(head.headers["Authorization"]) {
            let client = client(head, peer: peer)
            if let seconds = limiter.wait(for: client) {
                return .refused(
                    .tooManyRequests(
                        retryAfter: seconds,
                        "too many wrong admin tokens came from \(client.prefix(60)): try again in \(seconds) s"
                    ))
            }
            guard WriteGate.constantTimeEquals(presented, adminToken) else {
                limiter.failed(client)
                return .refused(
                    .unauthorized(
                        scheme: "Bearer", "the admin token sent is not this server's; check it and try again")
                )
            }
            limiter.succeeded(client)
            return .valid
        }
        guard let cookie = SignInCookies.value(in: head.headers) else { return .absent }
        switch signInCookies.check(cookie) {
        case .valid:
            return .valid
        case .expired:
            return .refused(
                .unauthorized(scheme: "Bearer", "the sign-in has expired: sign in again (POST /login)"))
        case .revoked:
            return .refused(
                .unauthorized(scheme: "Bearer", "this session was signed out: sign in again (POST /login)"))
        case .invalid:
            return .refused(
                .unauthorized(
                    scheme: "Bearer",
                    "the session cookie is not one this server signed (was the admin token changed?): sign in again (POST /login)"
                ))
        }
    }
}
