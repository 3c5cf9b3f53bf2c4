import Foundation
import TestSupport
import Testing

@testable import HTTP

#if canImport(Glibc)
    import Glibc
#endif

/// `RequestTrace` (`--trace-requests`): one JSON line per request the parser
/// read, with its connection, the client's address, method, target, body bytes
/// and how its parsing ended.
@Suite(.serialized)
struct RequestTraceLiveTests {
    static func routes(_ router: Router) {
        router.get("/hello") { _ in .text("hello") }
        router.add("POST", "/echo", body: .buffered(limit: 64)) { request in .text("\(request.body.count)") }
    }

    /// The trace's lines, read once the server has written them (up to 2 s).
    static func lines(_ path: String, atLeast count: Int) -> [[String: Any]] {
        var lines: [[String: Any]] = []
        for _ in 0..<40 {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            lines = text.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            if lines.count >= count { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return lines
    }

    static func localPort(_ fd: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test func pipelinedRequestsAreTracedInOrderWithTheirBodiesAndTheOneRefused() throws {
        let path = NSTemporaryDirectory() + "roster-trace-\(UUID().uuidString).jsonl"
        defer { unlink(path) }
        let trace = try RequestTrace(path: path)
        let live = try LiveServer(configure: { $0.requestTrace = trace }, routes: Self.routes)
        let client = live.connect()
        client.setTimeout(2)
        client.send(
            "GET /hello?a=\"b\\ HTTP/1.1\r\nHost: x\r\n\r\n"
                + "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n02;x=y\r\nde\r\n0\r\n\r\n"
                + "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab")
        let responses = client.readResponses(3)
        #expect(responses.map(\.status) == [200, 200, 400])
        #expect(responses.dropFirst().first?.text == "5")
        let lines = Self.lines(path, atLeast: 3)
        try #require(lines.count == 3, "\(lines)")
        #expect(lines.map { $0["method"] as? String } == ["GET", "POST", nil])
        #expect(lines.map { $0["target"] as? String } == ["/hello?a=\"b\\", "/echo", nil])
        #expect(lines.map { $0["body"] as? Int } == [0, 5, 0])
        #expect(lines.map { $0["outcome"] as? String } == ["complete", "complete", "invalid"])
        #expect(lines.map { $0["status"] as? Int } == [nil, nil, 400])
        let connections = Set(lines.compactMap { $0["connection"] as? String })
        #expect(connections.count == 1, "one connection: \(connections)")
        #expect(lines.first?["peer"] as? String == "127.0.0.1:\(Self.localPort(client.fd))")
    }

    @Test func aBodyCutShortIsUnfinishedWithTheBytesRead() throws {
        let path = NSTemporaryDirectory() + "roster-trace-\(UUID().uuidString).jsonl"
        defer { unlink(path) }
        let live = try LiveServer(
            configure: { $0.requestTrace = try? RequestTrace(path: path) }, routes: Self.routes)
        do {
            let client = live.connect()
            client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
            Thread.sleep(forTimeInterval: 0.2)
        }  // the client closes here
        let lines = Self.lines(path, atLeast: 1)
        try #require(lines.count == 1, "\(lines)")
        #expect(lines[0]["outcome"] as? String == "unfinished")
        #expect(lines[0]["body"] as? Int == 3)
        #expect(lines[0]["method"] as? String == "POST")
    }

    @Test func methodsAndTargetsAreEscapedForJSON() {
        #expect(RequestTrace.escaped("/a\"b\\c") == "/a\\\"b\\\\c")
        #expect(RequestTrace.escaped("x\u{1}") == "x\\u0001")
    }
}
