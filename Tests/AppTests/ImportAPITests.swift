import Foundation
import Platform
import Synchronization
import TestSupport
import Testing

@testable import App

extension RawClient {
    /// Sends `body` to `target` with Content-Length (and the given headers), returns
    /// the response. `host` is the `Host` field, a loopback name by default.
    func post(
        _ target: String, _ body: String, headers: [String: String] = ["Content-Type": "text/csv"],
        method: String = "POST", host: String = "localhost"
    )
        -> (status: Int, json: [String: Any])
    {
        let response = postResponse(target, body, headers: headers, method: method, host: host)
        let json =
            response.flatMap { try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] }
            ?? [:]
        return (response?.status ?? 0, json)
    }

    /// `post` with the whole response (status, header fields, body).
    func postResponse(
        _ target: String, _ body: String, headers: [String: String] = ["Content-Type": "text/csv"],
        method: String = "POST", host: String = "localhost"
    ) -> ParsedResponse? {
        var request =
            "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nContent-Length: \(body.utf8.count)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        send(request + "\r\n" + body)
        return readResponses().first
    }
}

@Suite(.serialized)
struct ImportAPITests {
    static let good =
        "\u{FEFF}Given Name,Surname,E-mail,Mobile,Company,City,Notes,Favourite colour\r\n"
        + "Ann,\"Lee, Jr.\",a@x.io,1,\"Acme \"\"Labs\"\"\",Oslo,\"two\nlines\",blue\r\n"
        + "<img src=x onerror=alert(1)>,Zed,z@x.io,2,,,,\r\n" + "Zoë,Ångström,q@x.io,3,,,,"

    @Test(arguments: TestStore.available)
    func aGoodFileLoadsWithAliasesQuotesABOMAndIgnoredColumnsReported(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0)
        let client = live.client()
        let (status, summary) = client.post("/import", Self.good)
        #expect(status == 200)
        #expect(
            summary["inserted"] as? Int == 3 && summary["rejected"] as? Int == 0
                && summary["total"] as? Int == 3)
        #expect(summary["ignoredColumns"] as? [String] == [], "Favourite colour is kept with each contact")
        let fields = try #require(summary["fields"] as? [String: Int])
        #expect(
            fields["first_name"] == 3 && fields["email"] == 3 && fields["company"] == 1
                && fields["notes"] == 1)
        #expect(fields["details"] == 3, "each phone is labelled mobile (and Ann has a favourite colour)")
        let window = try #require(client.getJSON("/window?offset=0&height=2000")?.json)
        let cells = try #require(window["cells"] as? [[String: Any]])
        let contacts = cells.compactMap { $0["contact"] as? [String: Any] }
        #expect(
            contacts.contains {
                $0["last_name"] as? String == "Lee, Jr." && $0["company"] as? String == "Acme \"Labs\""
            })
        #expect(contacts.contains { $0["last_name"] as? String == "Ångström" })
        let html = cells.compactMap { $0["html"] as? String }.joined()
        #expect(!html.contains("<img src=x") && html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        // The column no field takes is kept with the contact, named as the file named it.
        let ann = try #require(contacts.first { $0["last_name"] as? String == "Lee, Jr." }?["id"] as? Int)
        let details = try #require(client.getJSON("/contacts/\(ann)")?.json["details"] as? [String: Any])
        #expect((details["other"] as? [[String: String]]) == [["name": "Favourite colour", "value": "blue"]])
    }

    @Test(arguments: TestStore.available)
    func aBadRowAbortsEverythingWith422NamingItsLineUnlessSkipped(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 5)
        let client = live.client()
        let bad = "first_name,last_name\nA,B\nC,D,E\n\"F,G\nH,I\n"
        let (status, summary) = client.post("/import", bad)
        #expect(status == 422)
        let errors = try #require(summary["errors"] as? [[String: Any]])
        #expect(errors.first?["line"] as? Int == 3)
        // The line is a member of its own; the message says what is wrong, once.
        #expect(errors.first?["message"] as? String == "the row has 3 fields; the header has 2")
        #expect(
            client.getJSON("/window?offset=0&height=100")?.json["total"] as? Int == 5, "nothing was written")
        let (skipped, skipSummary) = client.post(
            "/import?errors=skip", "first_name,last_name\nA,B\nC,D,E\n,\nJ,K\n")
        #expect(skipped == 200)
        #expect(skipSummary["inserted"] as? Int == 2 && skipSummary["rejected"] as? Int == 2)
        #expect(client.getJSON("/window?offset=0&height=100")?.json["total"] as? Int == 7)
    }

    @Test(arguments: TestStore.available)
    func anAbortedImportAnswersAnErrorBodyThatAlsoListsTheBadRows(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 2)
        let (status, body) = live.client().post("/import", "first_name,last_name\nA,B\n,\n")
        #expect(status == 422)
        #expect(body["error"] as? String == "invalid_rows", "every 4xx body has error and message")
        #expect((body["message"] as? String)?.contains("nothing was imported") == true)
        let errors = try #require(body["errors"] as? [[String: Any]])
        #expect(errors.first?["line"] as? Int == 3)
        #expect(body["inserted"] as? Int == 0 && body["rejected"] as? Int == 1 && body["total"] as? Int == 2)
    }

    @Test(arguments: TestStore.available)
    func theOpenAPIExampleAndPlainFilesImportUnderEitherErrorPolicy(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 1)
        let document = try #require(live.client().getJSON("/openapi.json")?.json)
        let paths = try #require(document["paths"] as? [String: Any])
        let post = try #require((paths["/import"] as? [String: Any])?["post"] as? [String: Any])
        let content = try #require((post["requestBody"] as? [String: Any])?["content"] as? [String: Any])
        let schema = try #require((content["text/csv"] as? [String: Any])?["schema"] as? [String: Any])
        let example = try #require(schema["example"] as? String)
        let files = [
            example, "\u{FEFF}Last Name\r\n\r\nO'Neil *\r\n!\n", "first_name", "last_name\n\u{0301}x\n",
        ]
        for file in files {
            for policy in ["abort", "skip"] {
                #expect(
                    live.client().post("/import?errors=\(policy)", file).status == 200,
                    "\(file.debugDescription)")
            }
        }
        #expect(live.client().post("/import", "0").status == 422)
        #expect(live.client().post("/import", "phone\n1\n").status == 422)
    }

    @Test(arguments: TestStore.available)
    func headersWithoutNamesEmptyBodiesAndBadParametersAreRefused(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0)
        let client = live.client()
        // A request refused before its body is read closes its connection: a new one each.
        #expect(live.client().post("/import", "phone,city\n1,Oslo\n").status == 422)
        #expect(live.client().post("/import", "").status == 422)
        #expect(live.client().post("/import?mode=upsert", "first_name\nA\n").status == 400)
        #expect(live.client().post("/import?errors=skip&errors=abort", "first_name\nA\n").status == 400)
        #expect(
            live.client().post("/import", "first_name\nA\n", headers: ["Content-Type": "application/json"])
                .status == 415)
        #expect(
            client.post("/import", "first_name\nA\n", headers: [:]).status == 200, "curl -T sends no type")
        #expect(
            client.post("/import", "first_name\nA\n", headers: ["Content-Type": "text/plain"], method: "PUT")
                .status == 200)
    }

    @Test(arguments: TestStore.available)
    func chunkedBodiesExpectContinueAndMultipartFormsAllImport(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0)
        let client = live.client()
        client.send(
            "POST /import HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Type: text/csv\r\n\r\n"
        )
        client.send("b\r\nfirst_name\n\r\n")
        client.send("6\r\nAnn\nBo\r\n2\r\nb\n\r\n0\r\n\r\n")
        #expect(client.readResponses().first?.status == 200)
        let body = "last_name\nCarter\n"
        client.send(
            "PUT /import HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n"
        )
        #expect(client.readResponses().first?.status == 100)
        client.send(body)
        #expect(client.readResponses().first?.status == 200)
        let form =
            "--B0undary\r\nContent-Disposition: form-data; name=\"mode\"\r\n\r\nappend\r\n"
            + "--B0undary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.csv\"\r\nContent-Type: text/csv\r\n\r\n"
            + "first_name,last_name\r\nDora,Diaz\r\n\r\n--B0undary--\r\n"
        let (status, summary) = client.post(
            "/import", form, headers: ["Content-Type": "multipart/form-data; boundary=B0undary"])
        #expect(status == 200 && summary["inserted"] as? Int == 1)
        #expect(
            client.getJSON("/window?offset=0&height=100")?.json["total"] as? Int == 4,
            "Ann, Bob, Carter, Dora")
    }

    @Test(arguments: TestStore.available)
    func anImportWhoseClientLeavesMidBodyFreesTheWayForTheNext(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 10)
        var csv = "first_name\n"
        for index in 0..<20_000 { csv += "Gone\(index)\n" }
        do {
            let leaving = live.client()
            leaving.send(
                "POST /import HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/csv\r\nContent-Length: \(csv.utf8.count * 2)\r\n\r\n"
            )
            leaving.send(csv)
        }  // the client closes with half the body sent: the server reads it, then the end
        // Until the server has seen the end and rolled back, a new import is refused
        // (503, the gate); polled until it is not, with a generous deadline.
        var status = 0
        let deadline = Date().addingTimeInterval(30)
        while status != 200 && Date() < deadline {
            status = live.client().post("/import", "first_name\nStays\n").status
            #expect(status == 200 || status == 503)
            if status != 200 { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(status == 200, "the abandoned import rolled back and released the write lock")
        #expect(live.client().getJSON("/window?offset=0&height=100")?.json["total"] as? Int == 11)
    }

    @Test func importThreadsRunNicerThanTheLoopThatStartsThem() throws {
        #if canImport(Glibc)
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            let seen = Mutex<[Int32]>([])
            let done = DispatchSemaphore(value: 0)
            let worker = Thread {
                let before = getpriority(which, 0)
                ImportSink.yieldToEventLoops()
                let after = getpriority(which, 0)
                let writer = Thread {
                    seen.withLock { $0 = [before, after, getpriority(which, 0)] }
                    done.signal()
                }
                writer.start()
            }
            worker.start()
            #expect(done.wait(timeout: .now() + 10) == .success)
            let nice = seen.withLock { $0 }
            try #require(nice.count == 3)
            #expect(nice[1] == min(19, nice[0] + ImportSink.niceness), "the import thread is nicer")
            #expect(nice[2] == nice[1], "the writer thread it starts inherits its priority")
            #expect(getpriority(which, 0) <= nice[0], "the thread that started it keeps its own")
        #endif
    }

    @Test(arguments: TestStore.available)
    func replaceModeReplacesTheList(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 50)
        let client = live.client()
        let (status, summary) = client.post("/import?mode=replace", "first_name\nOnly\n")
        #expect(status == 200 && summary["total"] as? Int == 1)
        let window = try #require(client.getJSON("/window?offset=0&height=500")?.json)
        #expect(window["total"] as? Int == 1)
    }

    @Test(arguments: TestStore.available)
    func aContactJustImportedIsFoundOnEveryLoop(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 1_000)
        // Connections spread over the event loops; a window on each pins that
        // loop's read transaction at the data before the import.
        let clients = (0..<12).map { _ in live.client() }
        for client in clients { #expect(client.getJSON("/window?offset=0&height=200")?.status == 200) }
        #expect(live.client().post("/import", "first_name,last_name\nAaron,Aaaaberg\n").status == 200)
        let window = try #require(clients[0].getJSON("/window?offset=0&height=200")?.json)
        let first = try #require(
            (window["cells"] as? [[String: Any]])?.first { $0["kind"] as? String == "contact" })
        let contact = try #require(first["contact"] as? [String: Any])
        #expect(contact["last_name"] as? String == "Aaaaberg")
        let id = try #require(contact["id"] as? Int)
        for client in clients {
            #expect(client.get("/avatar/\(id).svg")?.status == 200)
            #expect(client.getJSON("/contacts/\(id)")?.status == 200)
        }
    }

    @Test(arguments: TestStore.available)
    func writesNeedTheAdminTokenWhenOneIsSet(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0) { $0.adminToken = "s3cret" }
        let refused = live.client().postResponse("/import", "first_name\nA\n")
        #expect(refused?.status == 401)
        #expect(refused?.headers["www-authenticate"] == "Bearer")
        for wrong in ["Bearer wrong", "Basic s3cret", "Bearers3cret", "Bearer", "s3cret"] {
            let answer = live.client().postResponse(
                "/import", "first_name\nA\n", headers: ["Authorization": wrong])
            #expect(answer?.status == 401, "\(wrong)")
            #expect(answer?.headers["www-authenticate"] == "Bearer", "\(wrong)")
        }
        // The scheme's name is case-insensitive (RFC 9110 11.1).
        for right in ["Bearer s3cret", "bearer s3cret", "BEARER  s3cret"] {
            #expect(
                live.client().post("/import", "first_name\nA\n", headers: ["Authorization": right]).status
                    == 200, "\(right)")
        }
    }

    @Test(arguments: TestStore.available)
    func importsAndRefusedWritesAreLoggedOneLineEach(store: TestStore) throws {
        let lines = Mutex<[String]>([])
        let live = try LiveApplication(
            store, contacts: 0, logger: Logger { line in lines.withLock { $0.append(line) } }
        ) {
            $0.adminToken = "s3cret"
        }
        let token = ["Authorization": "Bearer s3cret"]
        #expect(live.client().post("/import", "first_name\nA\n").status == 401)
        #expect(
            live.client().post("/import?mode=replace", "first_name\nAda\nBo\n", headers: token).status == 200)
        #expect(
            live.client().post("/import?errors=abort", "first_name,phone\n,12\n", headers: token).status
                == 422)
        // The lines about the requests: beside them the start logs its own (the warning that
        // "s3cret" is a short token; PostgreSQL's rows cached and search texts read, the
        // latter on a thread of its own, whenever it is done).
        let logged = lines.withLock { $0 }.filter { $0.contains("/import") }
        #expect(logged.count == 3, "\(logged)")
        #expect(
            logged.first { $0.contains("refused POST /import") && $0.contains("401") } != nil, "\(logged)")
        #expect(
            logged.first { $0.contains("/import?mode=replace&errors=abort: 2 contacts imported") } != nil,
            "\(logged)")
        #expect(
            logged.first { $0.contains("aborted, nothing imported: 1 bad row, the first on line 2") } != nil,
            "\(logged)")
    }

    @Test(arguments: TestStore.available)
    func importsFromAnotherSitesPageAreRefused(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0)
        #expect(
            live.client().post(
                "/import", "first_name\nA\n",
                headers: ["Content-Type": "text/csv", "Sec-Fetch-Site": "cross-site"]
            ).status == 403)
        #expect(
            live.client().post(
                "/import", "first_name\nA\n",
                headers: ["Content-Type": "text/csv", "Origin": "https://evil.example"]
            ).status == 403)
        let (status, _) = live.client().post(
            "/import", "first_name\nA\n",
            headers: [
                "Content-Type": "text/csv", "Origin": "http://localhost", "Sec-Fetch-Site": "same-origin",
            ])
        #expect(status == 200, "the page's own form (Host is 'localhost' in these requests)")
    }

    @Test(arguments: TestStore.available)
    func everyImportAnswerVariesBySiteOriginAuthorizationAndCookie(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0)
        let requests = [
            ("Sec-Fetch-Site: cross-site\r\nContent-Type: text/csv", "first_name\nA\n", 403),
            ("Content-Type: application/x-www-form-urlencoded", "first_name\nA\n", 415),
            ("Content-Type: text/csv", "city\nOslo\n", 422),
            ("Content-Type: text/csv", "first_name\nA\n", 200),
        ]
        for (headers, body, status) in requests {
            let client = live.client()
            client.send(
                "POST /import HTTP/1.1\r\nHost: localhost\r\n\(headers)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
            let response = try #require(client.readResponses().first)
            #expect(response.status == status)
            #expect(
                response.headers["vary"] == "Sec-Fetch-Site, Origin, Authorization, Cookie, Accept-Encoding",
                "\(status)")
        }
    }

    @Test(arguments: TestStore.available)
    func everyResponseCarriesTheSecurityHeaders(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 10)
        for target in ["/", "/window?offset=0&height=100", "/nothing", "/healthz"] {
            let response = try #require(live.client().get(target))
            #expect(response.headers["x-content-type-options"] == "nosniff", "\(target)")
            #expect(response.headers["referrer-policy"] == "no-referrer")
            #expect(response.headers["cross-origin-opener-policy"] == "same-origin")
        }
        let page = try #require(live.client().get("/"))
        #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
    }

    @Test(arguments: TestStore.available)
    func aPublicAddressWithoutATokenRefusesWrites(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0) {
            $0.host = "0.0.0.0"
            $0.publicRead = true
        }
        #expect(live.client().post("/import", "first_name\nA\n").status == 403)
    }

    @Test(arguments: TestStore.available)
    func bodiesOverTheImportLimitAre413(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0) { $0.maxImportBytes = 64 }
        let client = live.client()
        #expect(client.post("/import", "first_name\n" + String(repeating: "A\n", count: 100)).status == 413)
    }

    @Test(arguments: TestStore.available)
    func exportThenImportIntoAnEmptyListThenExportGivesTheSameBytes(store: TestStore) throws {
        let source = try LiveApplication(store, contacts: 3000)
        let first = try #require(source.client().get("/export.csv"))
        #expect(first.status == 200 && first.headers["transfer-encoding"] == "chunked")
        let text = first.text
        #expect(
            text.hasPrefix("first_name,last_name,email,phone,company,city,notes,favorite,details,labels\r\n"))
        let target = try LiveApplication(store, contacts: 0)
        let client = target.client()
        #expect(client.post("/import", text).status == 200)
        let second = try #require(client.get("/export.csv"))
        #expect(second.body == first.body)
        // Accepting gzip, the same bytes come compressed as they stream.
        let zipped = try #require(client.get("/export.csv", headers: ["Accept-Encoding": "gzip"]))
        #expect(zipped.headers["content-encoding"] == "gzip" && zipped.body.count < first.body.count / 2)
        #expect(gunzip(zipped.body) == first.body)
    }

    @Test(arguments: TestStore.available)
    func windowReadsDuringAnImportSeeTheListBeforeOrAfterNeverBetween(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 1000)
        var csv = "first_name,last_name,email\n"
        for index in 0..<60_000 { csv += "Name\(index),Racer\(index % 977),n\(index)@after.example\n" }
        let body = csv
        let before = try #require(
            live.client().getJSON("/window?offset=0&height=10")?.json["version"] as? Int)
        let importer = Thread {
            _ = live.client().post("/import?mode=replace", body)
        }
        importer.start()
        let reader = live.client()
        // Per window: whether its contacts are the old ones, the new ones or a mix; its version and total.
        var seen: [(kind: String, version: Int, total: Int)] = []
        var random = SystemRandomNumberGenerator()
        // Until the new list shows (the loop ends there), at most 30 s: a busy machine's
        // debug build takes more than 8 s for the import.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let offset = Int.random(in: 0..<3_000_000, using: &random)
            guard let (status, window) = reader.getJSON("/window?offset=\(offset)&height=800") else {
                continue
            }
            #expect(status == 200)
            let emails = (window["cells"] as? [[String: Any]] ?? []).compactMap {
                ($0["contact"] as? [String: Any])?["email"] as? String
            }
            let new = emails.filter { $0.hasSuffix("@after.example") }.count
            let kind = emails.isEmpty ? "none" : new == emails.count ? "new" : new == 0 ? "old" : "mixed"
            seen.append((kind, window["version"] as? Int ?? -1, window["total"] as? Int ?? -1))
            if kind == "new" { break }
        }
        #expect(!seen.contains { $0.kind == "mixed" }, "a window mixed old and new contacts")
        for window in seen where window.kind == "old" {
            #expect(window.version == before && window.total == 1000)
        }
        for window in seen where window.kind == "new" {
            #expect(window.version > before && window.total == 60_000)
        }
        #expect(seen.contains { $0.kind == "new" })
    }
}
