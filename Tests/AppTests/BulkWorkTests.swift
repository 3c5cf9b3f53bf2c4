import Foundation
import HTTP
import Synchronization
import Testing

@testable import App

/// Bulk actions run off the event loops (`BulkWork`): the loop hands the whole body over and
/// goes back to its other connections while the action runs on the bulk queue.
struct BulkWorkTests {
    private static let head = RequestHead(method: "POST", target: "/contacts/bulk")

    private static func feed(_ sink: any RequestBodySink, _ text: String) throws {
        _ = try Array(text.utf8).withUnsafeBytes { try sink.write($0) }
    }

    @Test func theLoopIsFreeWhileTheActionRunsAndTheAnswerComesFromTheQueue() throws {
        let work = BulkWork<Int>()
        let (started, release, answered) = (
            DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)
        )
        let seen = Mutex<(body: String, status: Int, handlers: Int, onCaller: Bool)>(("", 0, 0, true))
        let caller = Thread.current
        let seven = { 7 }
        let sink = work.sink(for: Request(head: Self.head), making: seven) { handlers, whole in
            started.signal()
            // (Bounded: an action run inside finish would otherwise wait here for ever.)
            _ = release.wait(timeout: .now() + 2)
            seen.withLock {
                ($0.body, $0.handlers) = (String(decoding: whole.body, as: UTF8.self), handlers)
                $0.onCaller = Thread.current == caller
            }
            return .text("done")
        }
        try Self.feed(sink, #"{"action":"#)
        try Self.feed(sink, #""favorite"}"#)
        try sink.finish { answer in
            seen.withLock { $0.status = answer.response.status }
            answered.signal()
        }
        // finish came back while the action waits: the loop serves its other connections.
        #expect(started.wait(timeout: .now() + 10) == .success)
        #expect(answered.wait(timeout: .now() + 0.05) == .timedOut)
        release.signal()
        #expect(answered.wait(timeout: .now() + 10) == .success)
        let (body, status, handlers, onCaller) = seen.withLock { $0 }
        #expect(body == #"{"action":"favorite"}"#, "the body's pieces, whole")
        #expect(status == 200 && handlers == 7 && !onCaller)
    }

    @Test func anActionsErrorIsItsAnswerAndTheHandlersAreMadeOnce() throws {
        let work = BulkWork<Int>()
        let made = Mutex(0)
        let statuses = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        for status in [422, 410] {
            let make = {
                made.withLock { $0 += 1 }
                return 1
            }
            let sink = work.sink(for: Request(head: Self.head), making: make) { _, _ in
                throw HTTPError(status, "invalid", "refused", field: "select")
            }
            try sink.finish { answer in
                statuses.withLock { $0.append(answer.response.status) }
                done.signal()
            }
        }
        for _ in 0..<2 { #expect(done.wait(timeout: .now() + 10) == .success) }
        #expect(statuses.withLock { $0 } == [422, 410], "one at a time, in order")
        #expect(made.withLock { $0 } == 1)
    }
}
