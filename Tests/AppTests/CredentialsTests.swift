import HTTP
import Testing

@testable import App

/// The token's one comparison and what a request's credential is worth: a Bearer
/// header or a sign-in cookie, tries spent by wrong tokens only, the client told
/// by `X-Forwarded-For` only behind a trusted proxy.
struct CredentialsTests {
    private func head(_ fields: [(String, String)]) -> RequestHead {
        var headers = HTTPHeaders()
        headers.add("Host", "roster.example")
        for (name, value) in fields { headers.add(name, value) }
        return RequestHead(method: "GET", target: "/window?offset=0&height=100", headers: headers)
    }

    @Test func theComparisonIsEqualityOfEveryByte() {
        #expect(WriteGate.constantTimeEquals("s3cret"[...], "s3cret"))
        #expect(!WriteGate.constantTimeEquals("s3creT"[...], "s3cret"))
        #expect(!WriteGate.constantTimeEquals("t3cret"[...], "s3cret"))
        #expect(!WriteGate.constantTimeEquals("s3cre"[...], "s3cret"), "a prefix")
        #expect(!WriteGate.constantTimeEquals("s3cret\u{0}"[...], "s3cret"), "a longer one padded with zero")
        #expect(!WriteGate.constantTimeEquals(""[...], "s3cret"))
        #expect(WriteGate.constantTimeEquals(""[...], ""))
        #expect(
            WriteGate.constantTimeEquals("é✓"[...], "é✓") && !WriteGate.constantTimeEquals("é✗"[...], "é✓"))
    }

    @Test func aBearerTokenOrASignInCookieIsValid() throws {
        let credentials = Credentials(adminToken: "s3cret")
        #expect(credentials.verdict(head([]), peer: "192.0.2.1") == .absent)
        #expect(credentials.verdict(head([("Authorization", "Bearer s3cret")]), peer: "192.0.2.1") == .valid)
        #expect(credentials.verdict(head([("Authorization", "bearer  s3cret")]), peer: "192.0.2.1") == .valid)
        let cookie = try #require(credentials.signInCookies?.issue())
        #expect(
            credentials.verdict(head([("Cookie", "roster_session=\(cookie)")]), peer: "192.0.2.1") == .valid)
        // A header that is no Bearer token is no credential: the cookie beside it decides.
        #expect(
            credentials.verdict(head([("Authorization", "Basic czNjcmV0")]), peer: "192.0.2.1") == .absent)
    }

    @Test func aWrongTokenIs401AndTheSixthIs429WithoutBeingCompared() {
        let credentials = Credentials(adminToken: "s3cret")
        for _ in 0..<5 {
            guard
                case .refused(let error) = credentials.verdict(
                    head([("Authorization", "Bearer guess")]), peer: "p")
            else {
                Issue.record("a wrong token was taken")
                return
            }
            #expect(error.status == 401 && error.challenge == "Bearer")
        }
        guard
            case .refused(let limited) = credentials.verdict(
                head([("Authorization", "Bearer s3cret")]), peer: "p")
        else {
            Issue.record("the right token was compared after five wrong ones")
            return
        }
        #expect(limited.status == 429 && limited.retryAfter == 12)
        #expect(credentials.verdict(head([("Authorization", "Bearer s3cret")]), peer: "q") == .valid)
    }

    @Test func aStaleSignInIs401AndSpendsNoTry() {
        let credentials = Credentials(adminToken: "s3cret")
        let stale = head([
            (
                "Cookie",
                "roster_session=1.\(String(repeating: "0", count: 32)).\(String(repeating: "0", count: 64))"
            )
        ])
        for _ in 0..<20 {
            guard case .refused(let error) = credentials.verdict(stale, peer: "p") else {
                Issue.record("a forged cookie was taken")
                return
            }
            #expect(error.status == 401)
        }
        #expect(credentials.limiter.wait(for: "p") == nil)
    }

    @Test func theClientIsTheProxysForwardedAddressOnlyBehindATrustedProxy() {
        let credentials = Credentials(adminToken: "t", trustedProxies: ["127.0.0.1"])
        let forwarded = head([
            ("X-Forwarded-For", "10.9.9.9, 198.51.100.4"), ("X-Forwarded-For", "203.0.113.7"),
        ])
        #expect(credentials.client(forwarded, peer: "127.0.0.1") == "203.0.113.7")
        #expect(
            credentials.client(forwarded, peer: "192.0.2.1") == "192.0.2.1",
            "anyone else's is the client's own word")
        #expect(credentials.client(head([]), peer: "127.0.0.1") == "127.0.0.1")
        // Tries are then the client's, not the proxy's.
        for _ in 0..<5 {
            _ = credentials.verdict(
                head([("X-Forwarded-For", "203.0.113.7"), ("Authorization", "Bearer x")]), peer: "127.0.0.1")
        }
        #expect(credentials.limiter.wait(for: "203.0.113.7") != nil)
        #expect(credentials.limiter.wait(for: "127.0.0.1") == nil)
    }

    @Test func withoutATokenNothingIsACredential() {
        let credentials = Credentials(adminToken: nil)
        #expect(credentials.signInCookies == nil)
        #expect(credentials.verdict(head([("Authorization", "Bearer anything")]), peer: "p") == .absent)
    }

    @Test func theReadGateGuardsOnlyOffLoopbackWithoutPublicRead() {
        let credentials = Credentials(adminToken: "s3cret")
        for address in ["127.0.0.1", "localhost", "::1", "127.0.1.1"] {
            #expect(
                !ReadGate(listeningOn: address, publicRead: false, credentials: credentials).guarded,
                "\(address)")
        }
        for address in ["0.0.0.0", "::", "192.168.1.2", "roster.lan"] {
            let gate = ReadGate(listeningOn: address, publicRead: false, credentials: credentials)
            #expect(gate.guarded, "\(address)")
            #expect(gate.refusal(head([]), peer: "p")?.status == 401)
            #expect(gate.refusal(head([("Authorization", "Bearer s3cret")]), peer: "p") == nil)
            #expect(!ReadGate(listeningOn: address, publicRead: true, credentials: credentials).guarded)
        }
        let open = ReadGate(listeningOn: "127.0.0.1", publicRead: false, credentials: credentials)
        #expect(
            open.refusal(head([("Authorization", "Bearer wrong")]), peer: "p") == nil,
            "loopback reads ignore it")
        #expect(open.headers.isEmpty)
    }
}
