import HTTP
import Platform
import Synchronization
import Testing

@testable import App

/// `WriteGate` on its own: request heads in, refusals out.
struct WriteGateTests {
    private let open = WriteGate(adminToken: nil, listeningOn: "127.0.0.1")
    private let token = WriteGate(adminToken: "s3cret", listeningOn: "127.0.0.1")
    private let locked = WriteGate(adminToken: nil, listeningOn: "0.0.0.0")
    private let publicWithToken = WriteGate(adminToken: "s3cret", listeningOn: "0.0.0.0")

    private func head(
        _ fields: [(String, String)], method: String = "POST", version: HTTPVersion = .http11
    ) -> RequestHead {
        var headers = HTTPHeaders()
        for (name, value) in fields { headers.add(name, value) }
        return RequestHead(method: method, target: "/contacts/1", version: version, headers: headers)
    }

    private func host(_ value: String) -> RequestHead { head([("Host", value)]) }

    @Test(arguments: [
        "localhost", "LOCALHOST", "localhost:8080", "LocalHost:1", "127.0.0.1", "127.0.0.1:8080",
        "127.1.2.3", "127.255.255.255:65535", "[::1]", "[::1]:8080", "localhost:",
    ])
    func aLoopbackHostIsAnsweredWithoutAToken(value: String) {
        #expect(WriteGate.isLoopbackHost(value))
        #expect(open.writeRefusal(host(value), action: "contact changes") == nil, "\(value)")
        #expect(open.exportRefusal(host(value)) == nil, "\(value)")
    }

    @Test(arguments: [
        "evil.example", "evil.example:8080", "localhost.evil.example", "127.0.0.1.evil.example",
        "localhost.", "127.1", "127.0.0.256", "127.00.0.1", "127.0.0.1:80x", "128.0.0.1", "0.0.0.0",
        "[::1", "[::2]:8080", "[0:0:0:0:0:0:0:1]", "::1", "", "x",
    ])
    func anotherHostIsRefusedWithoutAToken(value: String) throws {
        #expect(!WriteGate.isLoopbackHost(value))
        let refusal = try #require(open.writeRefusal(host(value), action: "contact changes"))
        #expect(refusal.status == 403 && refusal.code == "forbidden_host")
        #expect(refusal.message.hasPrefix("contact changes are answered only for a loopback Host"))
        #expect(refusal.message.contains("DNS rebinding") && refusal.message.contains("--admin-token"))
        #expect(refusal.message.contains("http://127.0.0.1:<port>/"))
        #expect(open.exportRefusal(host(value))?.code == "forbidden_host")
    }

    @Test func aRequestWithoutHostIsRefusedWithoutAToken() throws {
        let noHost = head([], version: .http10)
        let refusal = try #require(open.writeRefusal(noHost, action: "imports"))
        #expect(refusal.code == "forbidden_host" && refusal.message.contains("names no Host"))
        #expect(open.exportRefusal(noHost)?.code == "forbidden_host")
    }

    @Test func withATokenWritesNeedItWhateverTheHost() throws {
        for value in ["localhost", "evil.example"] {
            let refusal = try #require(token.writeRefusal(host(value), action: "contact changes"))
            #expect(refusal.status == 401 && refusal.challenge == "Bearer")
            #expect(refusal.message.hasPrefix("contact changes need the admin token"))
            let carrying = head([("Host", value), ("Authorization", "Bearer s3cret")])
            #expect(token.writeRefusal(carrying, action: "contact changes") == nil, "\(value)")
            #expect(publicWithToken.writeRefusal(carrying, action: "imports") == nil, "\(value)")
        }
    }

    @Test(arguments: [
        "Bearer wrong", "Basic s3cret", "Bearers3cret", "Bearer", "s3cret", "Bearer s3cret2", "",
    ])
    func aWrongTokenIsRefused(authorization: String) {
        let request = head([("Host", "localhost"), ("Authorization", authorization)])
        #expect(token.writeRefusal(request, action: "imports")?.status == 401)
    }

    @Test(arguments: ["Bearer s3cret", "bearer s3cret", "BEARER  s3cret", " Bearer\ts3cret"])
    func theSchemesNameIsCaseInsensitive(authorization: String) {
        let request = head([("Host", "localhost"), ("Authorization", authorization)])
        #expect(token.writeRefusal(request, action: "imports") == nil)
    }

    @Test func withATokenAnExportNeedsItOnlyThroughANonLoopbackHost() throws {
        #expect(token.exportRefusal(host("127.0.0.1:8080")) == nil, "curl on the machine itself")
        let refusal = try #require(token.exportRefusal(host("evil.example")))
        #expect(refusal.status == 401 && refusal.challenge == "Bearer")
        #expect(
            token.exportRefusal(head([("Host", "roster.lan"), ("Authorization", "Bearer s3cret")])) == nil)
    }

    @Test func aPublicAddressWithoutATokenTakesNoWritesButExportsToALoopbackHost() {
        let refusal = locked.writeRefusal(host("localhost"), action: "imports")
        #expect(refusal?.status == 403 && refusal?.code == "writes_disabled")
        #expect(locked.writeRefusal(host("roster.lan"), action: "imports")?.code == "writes_disabled")
        #expect(locked.exportRefusal(host("localhost")) == nil)
        #expect(locked.exportRefusal(host("roster.lan"))?.code == "forbidden_host")
    }

    @Test(arguments: ["127.0.0.1", "localhost", "::1", "127.0.1.1"])
    func aLoopbackListeningAddressLeavesWritesOpen(address: String) {
        #expect(!WriteGate(adminToken: nil, listeningOn: address).writesLocked)
    }

    @Test(arguments: ["0.0.0.0", "::", "192.168.1.2", "roster.lan"])
    func anotherListeningAddressLocksWritesWithoutAToken(address: String) {
        #expect(WriteGate(adminToken: nil, listeningOn: address).writesLocked)
        #expect(!WriteGate(adminToken: "t", listeningOn: address).writesLocked)
    }

    @Test func anotherSitesPageIsRefusedBeforeTheTokenIsAskedFor() throws {
        for gate in [open, token] {
            for fields in [
                [("Host", "localhost"), ("Sec-Fetch-Site", "cross-site")],
                [("Host", "localhost"), ("Sec-Fetch-Site", "Same-Site")],
                [("Host", "localhost"), ("Origin", "https://evil.example")],
                [("Host", "localhost:8080"), ("Origin", "http://localhost:9090")],
                [("Host", "localhost"), ("Origin", "null")],
                [("Origin", "http://localhost")],
            ] {
                let refusal = try #require(
                    gate.writeRefusal(head(fields), action: "contact changes"), "\(fields)")
                #expect(refusal.status == 403 && refusal.code == "cross_site", "\(fields)")
                #expect(
                    refusal.message.hasPrefix("contact changes are accepted only from this server's own page")
                )
            }
        }
    }

    @Test func thePagesOwnRequestsPass() {
        let own = head([
            ("Host", "localhost:8080"), ("Origin", "http://LOCALHOST:8080"),
            ("Sec-Fetch-Site", "same-origin"),
        ])
        #expect(open.writeRefusal(own, action: "contact changes") == nil)
        #expect(
            open.writeRefusal(head([("Host", "127.0.0.1"), ("Sec-Fetch-Site", "none")]), action: "x") == nil)
    }

    @Test func messagesNameTheActionNotImports() throws {
        let change = try #require(open.writeRefusal(host("evil.example"), action: "contact changes"))
        #expect(!change.message.contains("import"))
        let crossSite = try #require(
            open.writeRefusal(
                head([("Host", "localhost"), ("Sec-Fetch-Site", "cross-site")]), action: "contact changes"))
        #expect(!crossSite.message.contains("import"))
        let unauthorized = try #require(token.writeRefusal(host("localhost"), action: "contact changes"))
        #expect(!unauthorized.message.contains("import"))
    }

    @Test func refusalsAreLoggedOneLineEachAndAllowedRequestsNot() {
        let lines = Mutex<[String]>([])
        let gate = WriteGate(
            adminToken: nil, listeningOn: "127.0.0.1",
            logger: Logger { line in lines.withLock { $0.append(line) } })
        #expect(throws: HTTPError.self) { try gate.authorizeWrite(host("evil.example"), action: "imports") }
        #expect(throws: HTTPError.self) { try gate.authorizeExport(host("evil.example")) }
        #expect(throws: Never.self) { try gate.authorizeWrite(host("localhost"), action: "imports") }
        #expect(throws: Never.self) { try gate.authorizeExport(host("localhost")) }
        let logged = lines.withLock { $0 }
        #expect(logged.count == 2, "\(logged)")
        #expect(
            logged.allSatisfy { $0.hasPrefix("roster: refused POST /contacts/1: 403 forbidden_host") },
            "\(logged)")
    }
}
