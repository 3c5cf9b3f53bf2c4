import Foundation
import TestSupport
import Testing

@testable import App

/// `serve --trace-requests FILE` (docs/api.md, "Command line"): off by default; given,
/// every request read becomes a JSON line in FILE.
struct RequestTraceOptionTests {
    @Test func theFlagTakesAFileAndIsOffByDefault() throws {
        #expect(ServeOptions().traceRequests == nil)
        guard case .serve(let options) = try RosterCommand.parse(["--trace-requests", "/tmp/t.jsonl"]) else {
            Issue.record("expected serve")
            return
        }
        #expect(options.traceRequests == "/tmp/t.jsonl")
        #expect(RosterCommand.usage.contains("--trace-requests FILE"))
    }

    @Test func aServerWithTheFlagWritesALinePerRequest() throws {
        let path = NSTemporaryDirectory() + "roster-app-trace-\(UUID().uuidString).jsonl"
        defer { unlink(path) }
        let live = try LiveApplication(contacts: 0) { $0.traceRequests = path }
        #expect(live.client().get("/healthz")?.text == "ok")
        var text = ""
        for _ in 0..<40 where !text.contains("\n") {
            text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if !text.contains("\n") { Thread.sleep(forTimeInterval: 0.05) }
        }
        let line = try #require(text.split(separator: "\n").first)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(json["method"] as? String == "GET" && json["target"] as? String == "/healthz")
        #expect(json["outcome"] as? String == "complete" && json["body"] as? Int == 0)
    }

    @Test func aFileThatCannotBeOpenedStopsTheServerFromStarting() {
        #expect(throws: (any Error).self) {
            _ = try LiveApplication(contacts: 0) { $0.traceRequests = "/nonexistent-folder/trace.jsonl" }
        }
    }
}
