import Synchronization
import Testing

@testable import HTTP

/// `GatheredBody`: a route's body gathered whole, then handed on with the answer's callback.
struct GatheredBodyTests {
    @Test func thePiecesAreHandedOnWholeAndTheAnswerGoesThroughRespond() throws {
        let handed = Mutex<[[UInt8]]>([])
        let answered = Mutex<[Int]>([])
        let sink = GatheredBody { bytes, respond in
            handed.withLock { $0.append(bytes) }
            respond(SendableResponse(.text("ok", status: 201)))
        }
        for piece in ["{\"a\":", "1}"] {
            #expect(try Array(piece.utf8).withUnsafeBytes { try sink.write($0) })
        }
        try sink.finish { answer in answered.withLock { $0.append(answer.response.status) } }
        #expect(handed.withLock { $0 } == [Array("{\"a\":1}".utf8)])
        #expect(answered.withLock { $0 } == [201])
    }

    @Test func whatTheHandlerThrowsIsTheLoopsToAnswerAndACancelKeepsNothing() throws {
        let sink = GatheredBody { _, _ in throw HTTPError(429, "busy", "later") }
        _ = try Array("x".utf8).withUnsafeBytes { try sink.write($0) }
        #expect(throws: HTTPError.self) { try sink.finish { _ in } }
        let cancelled = Mutex<[UInt8]?>(nil)
        let other = GatheredBody { bytes, _ in cancelled.withLock { $0 = bytes } }
        _ = try Array("lost".utf8).withUnsafeBytes { try other.write($0) }
        other.cancel()
        try other.finish { _ in }
        #expect(cancelled.withLock { $0 } == [])
    }
}
