import Foundation
import Platform
import Synchronization
import TestSupport
import Testing

@testable import App

/// Reads off loopback on a live server (docs/security.md, "Security"): every API read needs
/// the admin token, as a Bearer header or the session cookie of `POST /login`;
/// the page, `/healthz` and `/openapi.json` stay open; a loopback server and
/// `--public-read` keep reads open; `/login`, `/logout`, the tries, and writes
/// that a session makes, which still meet the cross-site rule.
@Suite(.serialized)
struct ReadGateAPITests {
    static let token = "t0ken-0123456789abcdef"
    private static let bearer = ["Authorization": "Bearer \(token)"]

    /// Every read route family, with a target that answers 200 given the token.
    static let reads = [
        "/window?offset=0&height=500", "/window?offset=0&height=500&q=a", "/sections", "/sections?q=a",
        "/contacts/1", "/avatar/1.svg", "/export.csv", "/export.vcf", "/metrics",
    ]

    private func guarded(configure: (inout ServeOptions) -> Void = { _ in }) throws -> LiveApplication {
        try LiveApplication(contacts: 20) {
            $0.host = "0.0.0.0"
            $0.adminToken = Self.token
            configure(&$0)
        }
    }

    private func json(_ response: ParsedResponse?) -> [String: Any] {
        response.flatMap { try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] } ?? [:]
    }

    /// Signs in on `live`: the cookie pair (`roster_session=...`) and the whole `Set-Cookie`.
    private func signIn(_ live: LiveApplication, headers: [String: String] = [:]) throws -> (String, String) {
        let response = try #require(
            live.client().postResponse(
                "/login", #"{"token": "\#(Self.token)"}"#,
                headers: ["Content-Type": "application/json"].merging(headers) { $1 }))
        #expect(response.status == 204)
        let setCookie = try #require(response.headers["set-cookie"])
        return (String(setCookie.prefix { $0 != ";" }), setCookie)
    }

    @Test func everyReadIs401JSONWithoutTheTokenAnd200WithIt() throws {
        let live = try guarded()
        for target in Self.reads {
            let refused = try #require(live.client().get(target), "\(target)")
            #expect(refused.status == 401, "\(target)")
            #expect(refused.headers["content-type"] == "application/json", "\(target)")
            #expect(refused.headers["www-authenticate"] == "Bearer", "\(target)")
            #expect(json(refused)["error"] as? String == "unauthorized", "\(target)")
            #expect((json(refused)["message"] as? String)?.contains("POST /login") == true, "\(target)")
            let taken = try #require(live.client().get(target, headers: Self.bearer), "\(target)")
            #expect(taken.status == 200, "\(target): \(taken.text.prefix(200))")
            #expect(taken.headers["vary"]?.contains("Authorization") == true, "\(target)")
            #expect(taken.headers["vary"]?.contains("Cookie") == true, "\(target)")
        }
        // The export's answer through another Host: the token stands for the loopback Host.
        #expect(live.client().get("/export.csv", headers: Self.bearer, host: "roster.example")?.status == 200)
    }

    /// Every route the router has, not a list kept by hand: a read added later without
    /// the gate fails here. Only `/healthz`, `/openapi.json`, `/login` and `/logout`
    /// answer without a credential; every read is documented with its 401 and 429.
    @Test func everyRouteButTheOpenOnesIs401WithoutACredential() throws {
        let live = try guarded()
        let open: Set<String> = ["GET /healthz", "GET /openapi.json", "POST /login", "POST /logout"]
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(OpenAPI.document)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let routes = try live.application.makeRouter().registeredRoutes
        #expect(routes.count >= 17)
        for (method, pattern) in routes where !open.contains("\(method) \(pattern)") {
            let target = pattern.replacingOccurrences(of: "{id}", with: "1")
            if method == "GET" {
                let response = try #require(live.client().get(target), "\(target)")
                #expect(response.status == 401, "GET \(target) answered \(response.status)")
                let documented = (paths[pattern]?["get"] as? [String: Any])?["responses"] as? [String: Any]
                #expect(documented?["401"] != nil && documented?["429"] != nil, "GET \(pattern)")
            } else {
                let (status, _) = live.client().post(
                    target, method == "DELETE" || pattern.hasSuffix("/restore") ? "" : "{}",
                    headers: ["Content-Type": "application/json"],
                    method: method)
                #expect(status == 401, "\(method) \(target) answered \(status)")
            }
        }
        for route in open {
            let parts = route.split(separator: " ").map(String.init)
            #expect(routes.contains { $0.method == parts[0] && $0.pattern == parts[1] }, "\(route)")
        }
    }

    @Test func aWrongTokenIsLoggedAndAMissingOneIsNot() throws {
        let lines = Mutex<[String]>([])
        let logger = Logger { line in lines.withLock { $0.append(line) } }
        let live = try LiveApplication(contacts: 2, logger: logger) {
            $0.host = "0.0.0.0"
            $0.adminToken = Self.token
        }
        #expect(live.client().get("/sections")?.status == 401)
        #expect(lines.withLock { $0 }.isEmpty, "a page before its sign-in is no attack")
        #expect(live.client().get("/sections", headers: ["Authorization": "Bearer guess"])?.status == 401)
        _ = live.client().post(
            "/login", #"{"token": "guess"}"#, headers: ["Content-Type": "application/json"])
        let logged = lines.withLock { $0 }
        #expect(logged.count == 2, "\(logged)")
        #expect(
            logged.first?.hasPrefix("roster: refused GET /sections from 127.0.0.1: 401") == true, "\(logged)")
        #expect(
            logged.last?.hasPrefix("roster: refused POST /login from 127.0.0.1: 401") == true, "\(logged)")
        #expect(!logged.joined().contains("guess"), "the guess itself is not written down")
    }

    @Test func theStartWarnsOfReadsOpenToAllAndOfAShortToken() throws {
        let lines = Mutex<[String]>([])
        let logger = Logger { line in lines.withLock { $0.append(line) } }
        _ = try LiveApplication(contacts: 0, logger: logger) {
            $0.host = "0.0.0.0"
            $0.publicRead = true
            $0.adminToken = "short"
        }
        let logged = lines.withLock { $0 }
        #expect(
            logged.contains { $0.hasPrefix("roster: warning: --public-read: anyone who can reach 0.0.0.0") })
        #expect(logged.contains { $0.hasPrefix("roster: warning: the admin token has 5 characters") })
        lines.withLock { $0.removeAll() }
        _ = try guarded()
        _ = try LiveApplication(contacts: 0, logger: logger) { $0.publicRead = true }
        #expect(
            lines.withLock { $0 }.isEmpty,
            "a long token off loopback, and --public-read on loopback: no warning")
    }

    @Test func theEventStreamIs401WithoutTheTokenAndStreamsWithIt() throws {
        let live = try guarded()
        let refused = EventStreamReader(port: live.port)
        #expect(refused.status == 401 && refused.headers["www-authenticate"] == "Bearer")
        let taken = EventStreamReader(port: live.port, headers: Self.bearer)
        #expect(taken.status == 200 && taken.headers["content-type"] == "text/event-stream")
        #expect(taken.next()?["event"] == "version")
        let (cookie, _) = try signIn(live)
        let signedIn = EventStreamReader(port: live.port, headers: ["Cookie": cookie])
        #expect(signedIn.status == 200 && signedIn.next()?["event"] == "version")
    }

    @Test func thePageHealthAndTheAPIsDescriptionStayOpen() throws {
        let live = try guarded()
        for target in ["/", "/index.html", "/healthz", "/openapi.json"] {
            #expect(live.client().get(target)?.status == 200, "\(target)")
        }
        #expect(live.client().get("/nowhere")?.status == 404)
    }

    @Test func aSignInCookieFromLoginReadsAndItsAttributesAreTheContracts() throws {
        let live = try guarded()
        let (cookie, setCookie) = try signIn(live)
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"))
        #expect(setCookie.contains("Path=/") && setCookie.contains("Max-Age=43200"))
        #expect(!setCookie.contains("Secure"), "plain HTTP")
        #expect(!setCookie.contains(Self.token))
        for target in Self.reads {
            #expect(
                live.client().get(target, headers: ["Cookie": "theme=x; " + cookie])?.status == 200,
                "\(target)")
        }
        let (_, overTLS) = try signIn(live, headers: ["X-Forwarded-Proto": "https"])
        #expect(overTLS.hasSuffix("; Secure"))
    }

    @Test func anAvatarsCachingIsPrivateWhenGuardedAndPublicOnLoopback() throws {
        let live = try guarded()
        let guardedAnswer = try #require(live.client().get("/avatar/1.svg", headers: Self.bearer))
        #expect(guardedAnswer.headers["cache-control"] == "private, max-age=86400")
        let loopback = try LiveApplication(contacts: 2) { $0.adminToken = Self.token }
        let open = try #require(loopback.client().get("/avatar/1.svg"))
        #expect(open.headers["cache-control"] == "public, max-age=86400")
    }

    @Test func logoutEndsTheSessionAndDeletesTheCookie() throws {
        let live = try guarded()
        let (cookie, _) = try signIn(live)
        let out = try #require(live.client().postResponse("/logout", "", headers: ["Cookie": cookie]))
        #expect(out.status == 204)
        #expect(out.headers["set-cookie"]?.hasPrefix("roster_session=; Path=/; Max-Age=0") == true)
        let after = try #require(live.client().get("/sections", headers: ["Cookie": cookie]))
        #expect(after.status == 401 && (json(after)["message"] as? String)?.contains("signed out") == true)
    }

    @Test func wrongTokensAre401AndAfterFiveEveryTokenIs429WithRetryAfter() throws {
        let live = try guarded()
        let wrong = #"{"token": "guess"}"#
        for attempt in 1...3 {
            let (status, body) = live.client().post(
                "/login", wrong, headers: ["Content-Type": "application/json"])
            #expect(status == 401 && body["error"] as? String == "unauthorized", "attempt \(attempt)")
        }
        for _ in 1...2 {
            #expect(live.client().get("/sections", headers: ["Authorization": "Bearer guess"])?.status == 401)
        }
        // Five tries spent, by /login and by Bearer headers alike: the right token is not looked at.
        let limited = try #require(
            live.client().postResponse(
                "/login", #"{"token": "\#(Self.token)"}"#, headers: ["Content-Type": "application/json"]))
        #expect(limited.status == 429 && json(limited)["error"] as? String == "too_many_requests")
        let seconds = try #require(limited.headers["retry-after"].flatMap { Int($0) })
        #expect((1...12).contains(seconds))
        let bearerLimited = try #require(live.client().get("/sections", headers: Self.bearer))
        #expect(bearerLimited.status == 429 && bearerLimited.headers["retry-after"] != nil)
        // A session is no guess at the token: one made before still reads.
    }

    @Test func aSessionsWritesStillMeetTheCrossSiteRule() throws {
        let live = try guarded()
        let (cookie, _) = try signIn(live)
        let body = #"{"first_name": "Session", "last_name": "Writer"}"#
        let own = live.client().post(
            "/contacts", body,
            headers: [
                "Content-Type": "application/json", "Cookie": cookie, "Sec-Fetch-Site": "same-origin",
                "Origin": "http://roster.lan:8080",
            ], host: "roster.lan:8080")
        #expect(own.status == 201, "\(own.json)")
        for (name, value) in [
            ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Site", "same-site"),
            ("Origin", "http://evil.example"),
        ] {
            let (status, json) = live.client().post(
                "/contacts", body,
                headers: ["Content-Type": "application/json", "Cookie": cookie, name: value],
                host: "roster.lan:8080")
            #expect(status == 403 && json["error"] as? String == "cross_site", "\(name): \(value)")
        }
        let crossSiteLogin = live.client().post(
            "/login", #"{"token": "\#(Self.token)"}"#,
            headers: ["Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"])
        #expect(crossSiteLogin.status == 403)
        // A session imports too.
        let imported = live.client().post(
            "/import", "first_name\nSessionImport\n",
            headers: ["Content-Type": "text/csv", "Cookie": cookie],
            host: "roster.lan")
        #expect(imported.status == 200, "\(imported.json)")
    }

    @Test func loginRefusesWhatIsNotItsBody() throws {
        let live = try guarded()
        let cases: [(String, [String: String], Int)] = [
            (#"{"token": "x"}"#, ["Content-Type": "text/plain"], 415),
            ("not json", ["Content-Type": "application/json"], 400),
            ("[1]", ["Content-Type": "application/json"], 400),
            (#"{"token": 3}"#, ["Content-Type": "application/json"], 422),
            (#"{"token": "x", "user": "y"}"#, ["Content-Type": "application/json"], 422),
            (#"{}"#, ["Content-Type": "application/json"], 422),
        ]
        for (body, headers, status) in cases {
            #expect(live.client().post("/login", body, headers: headers).status == status, "\(body)")
        }
        let tooLarge = live.client().post(
            "/login", String(repeating: "x", count: SignIn.maxBodyBytes + 1),
            headers: ["Content-Type": "application/json"])
        #expect(tooLarge.status == 413)
        #expect(
            live.client().get("/sections", headers: Self.bearer)?.status == 200, "no try was spent on them")
    }

    @Test func onLoopbackReadsStayOpenAndLoginServesTheWrites() throws {
        let live = try LiveApplication(contacts: 3) { $0.adminToken = Self.token }
        for target in Self.reads where !target.hasPrefix("/export") {
            let response = try #require(live.client().get(target))
            #expect(response.status == 200, "\(target)")
            #expect(response.headers["vary"]?.contains("Cookie") != true, "\(target): nothing to vary by")
        }
        #expect(live.client().get("/export.csv")?.status == 200, "a loopback Host exports as before")
        let body = #"{"first_name": "Loopback"}"#
        #expect(
            live.client().post("/contacts", body, headers: ["Content-Type": "application/json"]).status == 401
        )
        let (cookie, _) = try signIn(live)
        #expect(
            live.client().post(
                "/contacts", body, headers: ["Content-Type": "application/json", "Cookie": cookie]
            )
            .status == 201)
    }

    @Test func withPublicReadReadsAreOpenAndWritesStillNeedTheToken() throws {
        let live = try guarded { $0.publicRead = true }
        for target in Self.reads where !target.hasPrefix("/export") {
            #expect(live.client().get(target)?.status == 200, "\(target)")
        }
        #expect(live.client().post("/import", "first_name\nA\n").status == 401)
        let tokenless = try LiveApplication(contacts: 2) {
            $0.host = "0.0.0.0"
            $0.publicRead = true
        }
        #expect(tokenless.client().get("/sections")?.status == 200)
        #expect(
            tokenless.client().post(
                "/login", #"{"token": "x"}"#, headers: ["Content-Type": "application/json"]
            ).status == 404)
        #expect(tokenless.client().post("/import", "first_name\nA\n").status == 403)
    }

    @Test func offLoopbackWithoutATokenOrPublicReadTheServerDoesNotStart() {
        #expect {
            _ = try LiveApplication(contacts: 0) { $0.host = "0.0.0.0" }
        } throws: { error in
            let message = (error as? UsageError)?.message ?? ""
            return message.contains("--public-read") && message.contains("--admin-token")
        }
    }
}
