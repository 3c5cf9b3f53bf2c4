import Testing

@testable import HTTP

/// Chunk extensions follow RFC 9112 7.1.1's grammar (`ChunkExtensions`): a
/// malformed one, which another parser could end elsewhere, is refused (found by
/// the differential test of `scripts/reliability`: `5;a="b` was read as a chunk).
struct ChunkExtensionTests {
    static func chunked(_ sizeLine: String) -> String {
        "POST /import HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n\(sizeLine)\r\nhello\r\n0\r\n\r\n"
    }

    @Test(arguments: [
        ";a", ";a=b", ";a;b", ";a=b;c=d", "; a", ";a = b", ";a= b", ";a=\"b c\"", ";a=\"b\\\"c\"",
        ";a=\"b;c\";d", ";a=\"\"", ";a=\"\u{e4}\"", ";a=\"tab\tin\"",
    ])
    func wellFormedExtensionsAreIgnored(extensions: String) {
        let outcomes = parseEverySplit(Self.chunked("5" + extensions))
        #expect(outcomes.count == 3, "\(outcomes)")
        #expect(outcomes.dropFirst().first == .body(Array("hello".utf8)))
        #expect(outcomes.last == .end)
    }

    @Test(arguments: [
        ";a=\"b", ";a=\"b\\", ";", ";;a", ";=b", ";a=", ";a=b c", ";a=b ;c", ";a=b\"c", ";a=@", ";\u{e4}",
        ";a=b;", ";a=\"b\"c", ";a=\"b\u{7f}\"", ";a b", ";a=\"b\\\u{1}\"",
    ])
    func malformedExtensionsAreRefused(extensions: String) {
        #expect(parseEverySplit(Self.chunked("5" + extensions)).last == .error(400))
    }
}
