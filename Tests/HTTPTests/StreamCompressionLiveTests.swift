import Foundation
import TestSupport
import Testing

@testable import HTTP

/// A source of the given pieces, or one that fails after them.
final class PiecesSource: ResponseBodySource, @unchecked Sendable {
    private var pieces: [[UInt8]]
    private let fails: Bool
    init(_ pieces: [[UInt8]], fails: Bool = false) {
        self.pieces = pieces
        self.fails = fails
    }
    func next() throws -> [UInt8]? {
        guard !pieces.isEmpty else {
            if fails { throw HTTPError(500, "broken", "the source broke") }
            return nil
        }
        return pieces.removeFirst()
    }
}

/// Streamed bodies (`/export.csv`) are gzip-compressed as they go when the client
/// accepts it and they reach 1 KB, as docs/api.md, "Compression", says of every response.
@Suite(.serialized)
struct StreamCompressionLiveTests {
    /// CSV-like pieces: 300 lines in pieces of 50.
    static let pieces: [[UInt8]] = (0..<6).map { piece in
        Array((0..<50).map { "\(piece * 50 + $0),Ann,Lee,ann\($0)@example.org\r\n" }.joined().utf8)
    }

    static func serve(_ make: @escaping @Sendable () -> ResponseBodySource) throws -> LiveServer {
        try LiveServer(routes: { router in
            router.get("/csv") { _ in
                Response(headers: ["Content-Type": "text/csv; charset=utf-8"], stream: make())
            }
        })
    }

    @Test func aLongStreamIsGzippedWhenAcceptedAndPlainOtherwise() throws {
        let live = try Self.serve { PiecesSource(Self.pieces) }
        let whole = Self.pieces.flatMap { $0 }
        let client = live.connect()
        client.send("GET /csv HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip, deflate\r\n\r\n")
        let zipped = try #require(client.readResponses(1).first)
        #expect(zipped.status == 200 && zipped.headers["content-encoding"] == "gzip")
        #expect(
            zipped.headers["transfer-encoding"] == "chunked" && zipped.headers["vary"] == "Accept-Encoding")
        #expect(zipped.body.count < whole.count / 3, "\(zipped.body.count) of \(whole.count) bytes")
        #expect(gunzip(zipped.body) == whole)
        // The same connection, no gzip accepted: the plain stream.
        client.send("GET /csv HTTP/1.1\r\nHost: x\r\n\r\n")
        let plain = try #require(client.readResponses(1).first)
        #expect(plain.headers["content-encoding"] == nil && plain.body == whole)
    }

    @Test func aStreamUnderOneKilobyteIsSentAsItIs() throws {
        let live = try Self.serve { PiecesSource([Array("id,name\r\n".utf8), Array("1,Ann\r\n".utf8)]) }
        let client = live.connect()
        client.send("GET /csv HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n")
        let answer = try #require(client.readResponses(1).first)
        #expect(answer.headers["content-encoding"] == nil && answer.text == "id,name\r\n1,Ann\r\n")
    }

    @Test func aSourceFailingBeforeItsFirstKilobyteCutsTheStream() throws {
        let live = try Self.serve { PiecesSource([Array("id,name\r\n".utf8)], fails: true) }
        let client = live.connect()
        client.send("GET /csv HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n")
        // The head is sent, then the connection is cut: no last chunk ever arrives.
        #expect(client.readResponses(1).isEmpty)
        #expect(client.isClosedByPeer())
    }
}
