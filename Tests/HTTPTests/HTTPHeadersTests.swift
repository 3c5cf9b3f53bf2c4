import Testing

@testable import HTTP

/// Header fields are found by their name compared without ASCII case, and by nothing looser.
struct HTTPHeadersTests {
    @Test(arguments: [
        ("Content-Type", "content-type", true), ("ACCEPT-ENCODING", "Accept-Encoding", true),
        ("X-Ab", "x-aB", true), ("Host", "Hos", false), ("Host", "Hast", false),
        // Bits 0x20 apart but not letters: `[` and `{`, `@` and `` ` ``, `-` and `\r`.
        ("a[b", "a{b", false), ("@x", "`x", false), ("a-b", "a\rb", false),
        ("Straße", "STRASSE", false), ("é", "É", false), ("", "", true),
    ])
    func namesCompareWithoutASCIICaseOnly(a: String, b: String, equal: Bool) {
        #expect(a.caseInsensitiveEquals(b) == equal)
        #expect(b.caseInsensitiveEquals(a) == equal)
        #expect(a[...].caseInsensitiveEquals(b[...]) == equal, "the generic form agrees")
    }

    @Test func aLookupFindsTheFirstFieldOfAnyCase() {
        var headers: HTTPHeaders = ["Accept": "a", "accept": "b", "Host": "h"]
        #expect(headers["ACCEPT"] == "a" && headers.values("accept") == ["a", "b"])
        #expect(headers["Hos"] == nil)
        headers.remove("aCCept")
        #expect(headers["accept"] == nil && headers["host"] == "h")
    }
}
