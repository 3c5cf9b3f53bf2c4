import Foundation
import Platform
import Synchronization
import TestSupport
import Testing

@testable import HTTP

/// Answers a loop gives again to the same request bytes (`ReusableAnswers`): kept
/// only when the handler says so, found only by the whole head byte for byte, given
/// until the handler's time, with a Date of their own, and never across a reroute.
struct ReusableAnswersTests {
    /// How many times the handlers ran.
    final class Calls: Sendable {
        private let value = Mutex(0)
        var count: Int { value.withLock { $0 } }
        func next() -> Int {
            value.withLock { count in
                count += 1
                return count
            }
        }
    }

    // MARK: - The store

    static func answer(_ request: String, until: UInt64 = 100) -> ReusableAnswers.Answer {
        ReusableAnswers.Answer(
            request: Array(request.utf8), head: Array("HTTP/1.1 200 OK\r\n\r\n".utf8), dateAt: 0,
            body: Array("body".utf8), sendsBody: true, until: until, route: "static", status: 200)
    }

    static func find(_ answers: inout ReusableAnswers, _ input: String, now: UInt64 = 50) -> Int? {
        Array(input.utf8).withUnsafeBytes { answers.find($0, now: now)?.consumed }
    }

    @Test func aHeadIsFoundOnlyWholeAndByteForByte() {
        var answers = ReusableAnswers()
        let head = "GET /a.js HTTP/1.1\r\nHost: x\r\n\r\n"
        answers.keep(Self.answer(head))
        #expect(Self.find(&answers, head) == head.utf8.count)
        #expect(Self.find(&answers, head + "GET /next") == head.utf8.count, "a pipelined request after it")
        #expect(Self.find(&answers, String(head.dropLast(2))) == nil, "not whole yet")
        #expect(Self.find(&answers, "GET /a.js HTTP/1.1\r\nHost: y\r\n\r\n") == nil)
        #expect(Self.find(&answers, "GET /a.js HTTP/1.1\r\nhost: x\r\n\r\n") == nil, "another spelling")
        #expect(Self.find(&answers, "HEAD /a.js HTTP/1.1\r\nHost: x\r\n\r\n") == nil)
    }

    @Test func anAnswerIsGivenUntilItsTimeThenForgotten() {
        var answers = ReusableAnswers()
        let head = "GET / HTTP/1.1\r\nHost: x\r\n\r\n"
        answers.keep(Self.answer(head, until: 100))
        #expect(Self.find(&answers, head, now: 99) != nil)
        #expect(Self.find(&answers, head, now: 100) == nil)
        #expect(answers.count == 0)
    }

    @Test func itHoldsAtMostItsLimitAndNoLongHeads() {
        var answers = ReusableAnswers()
        for index in 0..<ReusableAnswers.limit { answers.keep(Self.answer("GET /\(index) HTTP/1.1\r\n\r\n")) }
        #expect(answers.count == ReusableAnswers.limit)
        answers.keep(Self.answer("GET /one-more HTTP/1.1\r\n\r\n"))
        #expect(answers.count == 1, "full: it starts over")
        let long =
            "GET / HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: ReusableAnswers.longestHead)
            + "\r\n\r\n"
        answers.keep(Self.answer(long))
        #expect(answers.count == 1)
        #expect(Self.find(&answers, long) == nil)
    }

    // MARK: - On a live server

    /// A server whose `/kept` answers may be given again for a minute, `/asked` not;
    /// `calls` counts the handlers' runs.
    static func server(
        calls: Calls, configure: @escaping (inout ServerConfiguration) -> Void = { _ in }
    ) throws -> LiveServer {
        let setUp: (inout ServerConfiguration) -> Void = {
            $0.loops = 1
            configure(&$0)
        }
        return try LiveServer(
            configure: setUp,
            routes: { router in
                router.get("/kept") { request in
                    let count = calls.next()
                    var response = Response.text("kept \(count) \(request.head.headers["X-Tag"] ?? "")")
                    response.reusableUntil = MonotonicClock.system.nanoseconds() + 60_000_000_000
                    return response
                }
                router.get("/asked") { _ in
                    let count = calls.next()
                    return .text("asked \(count)")
                }
            })
    }

    @Test func theSameRequestGetsTheKeptAnswerWithoutTheHandler() throws {
        let calls = Calls()
        let live = try Self.server(calls: calls)
        let client = live.connect()
        let first = try #require(client.get("/kept"))
        let second = try #require(client.get("/kept"))
        #expect(first.text == "kept 1 " && second.text == "kept 1 ")
        #expect(second.headers["date"] != nil && second.headers["content-length"] == "7")
        #expect(second.headers["date"]?.count == 29)
        #expect(calls.count == 1)
        #expect(client.get("/kept", headers: ["X-Tag": "b"])?.text == "kept 2 b", "another head: the handler")
        #expect(live.connect().get("/kept")?.text == "kept 1 ", "another connection, the same bytes")
        #expect(client.get("/asked")?.text == "asked 3")
        #expect(client.get("/asked")?.text == "asked 4", "not reusable: asked each time")
        // Three identical requests in one read: three answers, in order, from the kept one.
        client.send(String(repeating: "GET /kept HTTP/1.1\r\nHost: localhost\r\n\r\n", count: 3))
        let three = client.readResponses(3)
        #expect(three.map { $0.text } == ["kept 1 ", "kept 1 ", "kept 1 "])
        #expect(calls.count == 4)
    }

    @Test func aKeptAnswerGoesOutWithTheDateItIsSent() throws {
        let calls = Calls()
        let live = try Self.server(calls: calls)
        let client = live.connect()
        let first = try #require(client.get("/kept")?.headers["date"])
        usleep(1_050_000)
        let later = try #require(client.get("/kept"))
        #expect(later.text == "kept 1 " && later.headers["date"] != first)
        #expect(
            later.headers["date"] == HTTPDate.format(time(nil))
                || later.headers["date"] == HTTPDate.format(time(nil) - 1))
    }

    @Test func aHeadAskingToCloseIsAnsweredByTheHandlerAndClosed() throws {
        let calls = Calls()
        let live = try Self.server(calls: calls)
        let client = live.connect()
        client.send("GET /kept HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(client.readResponses(1).first?.headers["connection"] == "close")
        #expect(client.isClosedByPeer())
        let again = live.connect()
        again.send("GET /kept HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(again.readResponses(1).first?.text == "kept 2 ", "a closing answer is not kept")
    }

    @Test func aTracedServerKeepsNoAnswer() throws {
        let path = NSTemporaryDirectory() + "roster-trace-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trace = try RequestTrace(path: path)
        let calls = Calls()
        let live = try Self.server(calls: calls, configure: { $0.requestTrace = trace })
        let client = live.connect()
        _ = client.get("/kept")
        #expect(client.get("/kept")?.text == "kept 2 ", "each request is read and traced")
    }

    @Test func aRerouteForgetsTheOldRoutersAnswers() throws {
        let calls = Calls()
        let live = try Self.server(calls: calls)
        let client = live.connect()
        #expect(client.get("/kept")?.text == "kept 1 ")
        try live.server.reroute { _ in
            let router = Router()
            router.get("/kept") { _ in .text("new") }
            return router
        }
        #expect(client.get("/kept")?.text == "new")
    }

    @Test func anEditedFileIsServedOnceItsCopyIsCheckedAgain() throws {
        let root = NSTemporaryDirectory() + "roster-reuse-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "let v = 1".write(toFile: root + "/app.js", atomically: true, encoding: .utf8)
        let files = try StaticFiles(root: root, recheckInterval: 50_000_000)
        let live = try LiveServer(
            configure: { $0.loops = 1 },
            routes: { router in router.fallback = { try files.respond(to: $0) } })
        let client = live.connect()
        #expect(client.get("/app.js")?.text == "let v = 1")
        #expect(client.get("/app.js")?.text == "let v = 1")
        try "let v = 22".write(toFile: root + "/app.js", atomically: true, encoding: .utf8)
        usleep(60_000)
        #expect(client.get("/app.js")?.text == "let v = 22")
    }
}
