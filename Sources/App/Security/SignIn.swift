import Codecs
import HTTP
import Platform

/// `POST /login` and `POST /logout` (docs/security.md, "Security"): the page trades the
/// admin token for a sign-in cookie, and gives it back.
///
/// `/login` takes `{"token": "<admin token>"}` as JSON and answers 204 with
/// `Set-Cookie` (`SignInCookies`). It is refused, in this order: from another
/// site's page, 403 `cross_site` (the write rule); on a server without a token,
/// 404; after too many wrong tokens from the client, 429 with `Retry-After`;
/// a body that is not that JSON object, 415, 400 or 422; a wrong token, 401
/// (one try spent). `/logout` deletes the cookie and signs it out; 204.
///
/// The cookie is `Secure` when the request came over TLS, which behind a proxy
/// only the proxy knows: `X-Forwarded-Proto: https` says so, whoever sent it.
/// Believing it cannot weaken the cookie: a client that fakes it over plain HTTP
/// gets a cookie its browser will not send back there.
struct SignIn: Sendable {
    let credentials: Credentials
    /// For the cross-site rule and the log.
    let writes: WriteGate
    let logger: Logger

    /// The largest body `/login` reads.
    static let maxBodyBytes = 4096

    /// `POST /login`.
    func login(_ request: Request) throws(HTTPError) -> Response {
        let head = request.head
        if let refusal = writes.crossSiteRefusal(head, action: "sign-ins") { throw logged(refusal, request) }
        guard let token = credentials.adminToken, let cookies = credentials.signInCookies else {
            throw HTTPError(
                404, "not_found",
                "this server has no admin token (--admin-token), so there is nothing to sign in to")
        }
        let client = credentials.client(head, peer: request.client)
        if let seconds = credentials.limiter.wait(for: client) {
            throw logged(
                .tooManyRequests(
                    retryAfter: seconds,
                    "too many wrong admin tokens came from here: try again in \(seconds) s"),
                request)
        }
        let presented = try Self.token(in: request)
        guard WriteGate.constantTimeEquals(presented[...], token) else {
            credentials.limiter.failed(client)
            throw logged(
                .unauthorized(
                    scheme: "Bearer", "that is not this server's admin token; check it and try again"),
                request)
        }
        credentials.limiter.succeeded(client)
        var response = Response(status: 204)
        response.headers.add(
            "Set-Cookie", SignInCookies.setCookie(cookies.issue(), secure: Self.cameOverTLS(head)))
        response.headers.add("Cache-Control", "no-store")
        return response
    }

    /// `POST /logout`.
    func logout(_ request: Request) throws(HTTPError) -> Response {
        if let refusal = writes.crossSiteRefusal(request.head, action: "sign-outs") {
            throw logged(refusal, request)
        }
        if let value = SignInCookies.value(in: request.head.headers) {
            credentials.signInCookies?.revoke(value)
        }
        var response = Response(status: 204)
        response.headers.add("Set-Cookie", SignInCookies.clearCookie(secure: Self.cameOverTLS(request.head)))
        response.headers.add("Cache-Control", "no-store")
        return response
    }

    /// Whether the client's request came over TLS, as the proxy in front says
    /// (`X-Forwarded-Proto`, its first value). Roster itself speaks plain HTTP.
    static func cameOverTLS(_ head: RequestHead) -> Bool {
        guard let field = head.headers["X-Forwarded-Proto"] else { return false }
        let first = field.split(separator: ",").first?.trimmingHTTPWhitespace().lowercased()
        return first == "https"
    }

    /// The token of a `/login` body: a JSON object whose one member is the string `token`.
    /// - Throws: 415 (not JSON), 400 `invalid_json`, 422 `invalid_field` (field `token`).
    static func token(in request: Request) throws(HTTPError) -> String {
        let contentType = request.head.headers["Content-Type"] ?? ""
        let mediaType = contentType.split(separator: ";").first?.trimmingHTTPWhitespace().lowercased()
        guard mediaType == "application/json" else {
            throw HTTPError(
                415, "unsupported_media_type",
                #"send {"token": "<admin token>"} with Content-Type: application/json"#)
        }
        let value: JSONValue
        do {
            value = try JSONReader.read(request.body, maxDepth: 4)
        } catch {
            throw HTTPError(400, "invalid_json", "the body is not JSON: \(error)")
        }
        guard case .object(let members) = value else {
            throw HTTPError(
                400, "invalid_json", #"the body must be a JSON object: {"token": "<admin token>"}"#)
        }
        if let other = members.first(where: { $0.key != "token" }) {
            throw HTTPError(
                422, "invalid_field",
                "'\(other.key.prefix(40))' is not a member of a sign-in; send only token",
                field: other.key)
        }
        guard case .string(let token)? = value["token"], !token.isEmpty else {
            throw HTTPError(422, "invalid_field", "token must be the admin token, a string", field: "token")
        }
        return token
    }

    private func logged(_ refusal: HTTPError, _ request: Request) -> HTTPError {
        let client = credentials.client(request.head, peer: request.client)
        logger.log(
            "roster: refused \(request.head.method) \(request.head.path.prefix(200)) from \(client): \(refusal)"
        )
        return refusal
    }
}
