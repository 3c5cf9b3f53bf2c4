import Foundation
import TestSupport
import Testing

@testable import HTTP

/// What the server sends for each `Accept-Encoding`: zstd or gzip by weight,
/// `Vary: Accept-Encoding` on every answer the header could change, plain or not,
/// and `identity;q=0` honoured (compressed all the same, or 406).
@Suite(.serialized)
struct ContentNegotiationLiveTests {
    static let big = String(repeating: "{\"name\":\"Ann Lee\",\"row\":12},", count: 300)

    static func routes(_ router: Router) {
        router.get("/json") { _ in .json(Array(Self.big.utf8)) }
        router.get("/small") { _ in .text("ok") }
        router.get("/png") { _ in
            Response(headers: ["Content-Type": "image/png"], body: Array(repeating: 7, count: 4000))
        }
        router.get("/stream") { _ in
            Response(
                headers: ["Content-Type": "text/csv"],
                stream: PiecesSource(
                    Array(repeating: Array("1,Ann,Lee,ann@example.org\r\n".utf8), count: 100)))
        }
        router.add("POST", "/make", body: .buffered(limit: 16)) { _ in
            .json(Array(Self.big.utf8), status: 201)
        }
    }

    func get(_ client: RawClient, _ path: String, _ accept: String?) throws -> ParsedResponse {
        try #require(client.get(path, headers: accept.map { ["Accept-Encoding": $0] } ?? [:]))
    }

    @Test func aWholeBodyGoesOutInTheCodingOfTheHighestWeight() throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        let plain = Array(Self.big.utf8)
        for accept in ["gzip, deflate, br, zstd", "zstd", "*", "gzip;q=0.5, zstd;q=0.5"] {
            let answer = try get(client, "/json", accept)
            #expect(answer.headers["content-encoding"] == "zstd", "\(accept)")
            #expect(unzstd(answer.body) == plain && answer.headers["vary"] == "Accept-Encoding")
        }
        for accept in ["gzip", "gzip, deflate, br", "x-gzip", "zstd;q=0.5, gzip", "zstd;q=0, *"] {
            let answer = try get(client, "/json", accept)
            #expect(answer.headers["content-encoding"] == "gzip", "\(accept)")
            #expect(gunzip(answer.body) == plain && answer.headers["vary"] == "Accept-Encoding")
        }
        for accept in [nil, "", "br", "gzip;q=0", "identity;q=1, gzip;q=0.5"] as [String?] {
            let answer = try get(client, "/json", accept)
            #expect(answer.headers["content-encoding"] == nil && answer.body == plain, "\(accept ?? "none")")
            #expect(answer.headers["vary"] == "Accept-Encoding", "plain, and still varying")
        }
    }

    @Test func smallBodiesAndOtherTypesStayPlainUnlessIdentityIsRefused() throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        for path in ["/small", "/png"] {
            let plain = try get(client, path, "gzip, zstd")
            #expect(plain.headers["content-encoding"] == nil && plain.headers["vary"] == "Accept-Encoding")
            let zipped = try get(client, path, "gzip, identity;q=0")
            #expect(zipped.headers["content-encoding"] == "gzip", "\(path)")
            #expect(gunzip(zipped.body) == plain.body)
            let zstd = try get(client, path, "*;q=0, zstd")
            #expect(zstd.headers["content-encoding"] == "zstd" && unzstd(zstd.body) == plain.body)
        }
    }

    @Test func nothingAcceptableIs406() throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        for accept in ["identity;q=0", "*;q=0", "br, identity;q=0", "gzip;q=0, zstd;q=0, identity;q=0"] {
            let answer = try get(client, "/json", accept)
            #expect(answer.status == 406, "\(accept)")
            #expect(
                answer.text.contains("\"error\":\"not_acceptable\"")
                    && answer.headers["vary"] == "Accept-Encoding")
        }
        // Not a GET: the write happened, and its answer says so, plain.
        client.send(
            "POST /make HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity;q=0\r\nContent-Length: 0\r\n\r\n")
        let made = try #require(client.readResponses().first)
        #expect(made.status == 201 && made.headers["content-encoding"] == nil)
        // Errors are not refused either.
        #expect(try get(client, "/nothing", "identity;q=0").status == 404)
    }

    @Test func streamsGoOutInZstdOrGzipAndHonourIdentityRefused() throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        let plain = try get(client, "/stream", nil)
        #expect(plain.headers["content-encoding"] == nil && plain.headers["vary"] == "Accept-Encoding")
        #expect(plain.headers["transfer-encoding"] == "chunked")
        for accept in ["gzip, deflate, br, zstd", "zstd, gzip;q=0.5", "zstd"] {
            let answer = try get(client, "/stream", accept)
            #expect(
                answer.headers["content-encoding"] == "zstd" && unzstd(answer.body) == plain.body, "\(accept)"
            )
        }
        let zipped = try get(client, "/stream", "zstd;q=0.5, gzip")
        #expect(zipped.headers["content-encoding"] == "gzip" && gunzip(zipped.body) == plain.body)
        #expect(try get(client, "/stream", "br, identity;q=0").status == 406)
    }

    @Test func aShortStreamIsCompressedWhenIdentityIsRefused() throws {
        let live = try LiveServer(routes: { router in
            router.get("/short") { _ in
                Response(
                    headers: ["Content-Type": "text/csv"], stream: PiecesSource([Array("id\r\n1\r\n".utf8)]))
            }
        })
        let client = live.connect()
        let answer = try get(client, "/short", "gzip, identity;q=0")
        #expect(
            answer.headers["content-encoding"] == "gzip" && gunzip(answer.body) == Array("id\r\n1\r\n".utf8))
    }
}
