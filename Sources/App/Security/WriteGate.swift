import HTTP
import Platform

/// The rules of docs/security.md, "Security", for who may change the data (imports, contact writes)
/// and read all of it at once (`/export.csv`): the one place every such route asks.
///
/// A write is refused, in this order:
/// 1. when another site's page sent it (`Sec-Fetch-Site: cross-site` or
///    `same-site`, or an `Origin` that is not this server's `Host`): 403 `cross_site`;
/// 2. with an admin token, when the request carries neither it (as
///    `Authorization: Bearer <token>`) nor a valid sign-in cookie of `POST /login`
///    (`Credentials`): 401 `unauthorized`, or 429 after too many wrong tokens. The
///    token is then the protection: which `Host` the request names does not matter;
/// 3. without a token, on a server listening on a non-loopback address: 403
///    `writes_disabled` (anyone on the network could write);
/// 4. without a token, when the request's `Host` is not a loopback name
///    (`WriteGate.isLoopbackHost(_:)`): 403 `forbidden_host`. A page on any site can
///    make a browser send requests to 127.0.0.1 through a name of its own that it
///    points there (DNS rebinding); such requests carry that name as their `Host`.
///
/// An export is a read, and a browser keeps another site's page from reading
/// its answer, but a rebound name is the page's own site: the export is refused
/// for a non-loopback `Host` like a write, unless the request carries the admin
/// token (401 when a token is set, 403 `forbidden_host` when none is). Only the
/// `Host` rule and the token apply to it: another site's page cannot read the
/// answer, so no CSRF refusal is needed, and a public server without a token
/// still exports for a loopback `Host` (a browser cannot send another one, and
/// such a server's reads are open to its network anyway).
///
/// The checks are pure but for the tries a wrong token spends (a request head
/// and the client's address in, an error or nil out); `authorize...` also logs
/// each refusal.
struct WriteGate: Sendable {
    /// The token, the sign-ins and the tries (shared with the read gate and `/login`).
    let credentials: Credentials
    /// Listening on a non-loopback address without a token: writes are refused.
    let writesLocked: Bool
    /// Gets one line per refusal.
    let logger: Logger

    /// The token writes must carry, if the server has one.
    var adminToken: String? { credentials.adminToken }

    /// The gate of a server listening on `address` (`--host`) with `credentials`.
    init(credentials: Credentials, listeningOn address: String, logger: Logger = .discarding) {
        self.credentials = credentials
        self.writesLocked = credentials.adminToken == nil && !Self.isLoopbackAddress(address)
        self.logger = logger
    }

    /// The gate of a server listening on `address` with `adminToken` and credentials of its own.
    init(adminToken: String?, listeningOn address: String, logger: Logger = .discarding) {
        self.init(credentials: Credentials(adminToken: adminToken), listeningOn: address, logger: logger)
    }

    /// Refuses a write that the contract's rules do not allow, and logs the refusal.
    /// `action` names what is refused in the messages, as a plural noun that
    /// takes "are" (`imports`, `contact changes`); `client` is the peer's address.
    func authorizeWrite(_ head: RequestHead, action: String, client: String = "") throws(HTTPError) {
        if let refusal = writeRefusal(head, action: action, client: client) { throw logged(refusal, head) }
    }

    /// Refuses an export (`GET /export.csv`) that the contract's rules do not allow, and logs the refusal.
    func authorizeExport(_ head: RequestHead, client: String = "") throws(HTTPError) {
        if let refusal = exportRefusal(head, client: client) { throw logged(refusal, head) }
    }

    /// Why a write is refused, or nil when it may go ahead.
    func writeRefusal(_ head: RequestHead, action: String, client: String = "") -> HTTPError? {
        if let refusal = crossSiteRefusal(head, action: action) { return refusal }
        if adminToken != nil {
            switch credentials.verdict(head, peer: client) {
            case .valid: return nil
            case .refused(let refusal): return refusal
            case .absent:
                return HTTPError.unauthorized(
                    scheme: "Bearer",
                    "\(action) need the admin token: send Authorization: Bearer <admin token>, or sign in on "
                        + "the page (POST /login)")
            }
        }
        if writesLocked {
            return HTTPError(
                403, "writes_disabled",
                "this server listens on a public address without --admin-token, so it accepts no writes")
        }
        return hostRefusal(head, action: action)
    }

    /// Why an export is refused, or nil when it may go ahead.
    func exportRefusal(_ head: RequestHead, client: String = "") -> HTTPError? {
        guard !Self.isLoopbackHost(head.headers["Host"]) else { return nil }
        guard adminToken != nil else { return hostRefusal(head, action: "exports") }
        switch credentials.verdict(head, peer: client) {
        case .valid: return nil
        case .refused(let refusal): return refusal
        case .absent:
            return HTTPError.unauthorized(
                scheme: "Bearer",
                "exports through a name other than localhost need the admin token: send Authorization: Bearer <admin token>, sign in on the page, or ask for http://127.0.0.1/export.csv on this machine"
            )
        }
    }

    /// A write sent by another site's page (cross-site request forgery) is refused:
    /// browsers say where a request comes from in `Sec-Fetch-Site` and `Origin`.
    /// Clients that send neither (curl, scripts) are not browsers and pass.
    func crossSiteRefusal(_ head: RequestHead, action: String) -> HTTPError? {
        if let site = head.headers["Sec-Fetch-Site"]?.lowercased(),
            site == "cross-site" || site == "same-site"
        {
            return HTTPError(403, "cross_site", "\(action) are accepted only from this server's own page")
        }
        if let origin = head.headers["Origin"] {
            let stripped =
                origin.hasPrefix("https://")
                ? origin.dropFirst(8) : origin.hasPrefix("http://") ? origin.dropFirst(7) : origin[...]
            if origin == "null" || stripped.lowercased() != head.headers["Host"]?.lowercased() {
                return HTTPError(
                    403, "cross_site",
                    "\(action) are accepted only from this server's own page, not from \(origin.prefix(100))")
            }
        }
        return nil
    }

    /// Without a token, only requests naming a loopback `Host` are answered.
    private func hostRefusal(_ head: RequestHead, action: String) -> HTTPError? {
        let host = head.headers["Host"]
        guard !Self.isLoopbackHost(host) else { return nil }
        let named = host.map { "Host \($0.prefix(100))" } ?? "no Host"
        return HTTPError(
            403, "forbidden_host",
            "\(action) are answered only for a loopback Host (localhost, 127.0.0.1 or [::1]), and this request names \(named): "
                + "a web page could otherwise reach this server through a name of its own pointed at it (DNS rebinding). "
                + "Use http://127.0.0.1:<port>/ or http://localhost:<port>/, or start the server with --admin-token "
                + "and send the token")
    }

    private func logged(_ refusal: HTTPError, _ head: RequestHead) -> HTTPError {
        logger.log("roster: refused \(head.method) \(head.target.prefix(200)): \(refusal)")
        return refusal
    }
}
