import HTTP
import Platform

/// The rule for reads (docs/security.md, "Security"): on a server listening on a
/// non-loopback address, every API read (windows, sections, contacts, avatars,
/// search, events, exports, metrics) needs the admin token, as
/// `Authorization: Bearer <token>` or the sign-in cookie of `POST /login`; else
/// 401 JSON (`WWW-Authenticate: Bearer`), and 429 once a client sent too many
/// wrong tokens. `--public-read` opens them again; on loopback they are open as
/// they always were. What stays open everywhere: the page's static files,
/// `/healthz` (haproxy's checks), `/openapi.json`, `/login` and `/logout`.
///
/// A guarded answer is for the holder of the token only: it varies by
/// `Authorization` and `Cookie`, and a `Cache-Control: public` (avatars) becomes
/// `private`, so no shared cache hands it to someone else. A wrong Bearer token
/// gets one line in the log (the tries bound how many a client sends).
struct ReadGate: Sendable {
    /// Reads need a credential: a non-loopback `--host` without `--public-read`.
    let guarded: Bool
    let credentials: Credentials
    let logger: Logger

    /// The gate of a server listening on `address` (`--host`).
    init(
        listeningOn address: String, publicRead: Bool, credentials: Credentials, logger: Logger = .discarding
    ) {
        self.guarded = !publicRead && !WriteGate.isLoopbackAddress(address)
        self.credentials = credentials
        self.logger = logger
    }

    /// The route headers of a guarded read.
    var headers: [(name: String, value: String)] {
        guarded ? [(name: "Vary", value: "Authorization, Cookie")] : []
    }

    /// Why a read is refused, or nil when it may go ahead.
    func refusal(_ head: RequestHead, peer: String) -> HTTPError? {
        guard guarded else { return nil }
        switch credentials.verdict(head, peer: peer) {
        case .valid:
            return nil
        case .refused(let error):
            return error
        case .absent:
            return .unauthorized(
                scheme: "Bearer",
                "this server shows its contacts only to holders of its admin token: send Authorization: Bearer "
                    + "<admin token>, or sign in on its page (POST /login)")
        }
    }

    /// `handler` behind the gate (itself when reads are open).
    func guarding(_ handler: @escaping Router.Handler) -> Router.Handler {
        guard guarded else { return handler }
        return { request in
            if let refusal = refusal(request.head, peer: request.client) {
                if refusal.status == 401, WriteGate.bearerToken(request.head.headers["Authorization"]) != nil
                {
                    let client = credentials.client(request.head, peer: request.client)
                    logger.log(
                        "roster: refused \(request.head.method) \(request.head.path.prefix(200)) from \(client): \(refusal)"
                    )
                }
                throw refusal
            }
            var response = try handler(request)
            if let caching = response.headers["Cache-Control"], caching.lowercased().hasPrefix("public") {
                response.headers.set("Cache-Control", "private" + caching.dropFirst(6))
            }
            return response
        }
    }
}
