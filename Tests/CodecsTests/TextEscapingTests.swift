import Codecs
import Foundation
import TestSupport
import Testing

struct TextEscapingTests {
    /// `text` escaped for `context`, as a String.
    private func escaped(_ text: String, _ context: TextEscaping.Context) -> String {
        var buffer = ByteBuffer()
        TextEscaping.append(text, as: context, to: &buffer)
        return String(decoding: buffer.array, as: UTF8.self)
    }

    /// The string a JSON parser reads from `content` between quotes.
    private func decodedJSON(_ content: String) throws -> String {
        try JSONDecoder().decode(String.self, from: Data("\"\(content)\"".utf8))
    }

    /// HTML's five character references undone.
    private func unescapedHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test(arguments: [
        ("plain", "plain"), ("a\"b\\c", #"a\"b\\c"#), ("line\nbreak\ttab\r", #"line\nbreak\ttab\r"#),
        ("\u{01}\u{7F}", #"\u0001\u007f"#), ("\u{2028}x\u{2029}", #"\u2028x\u2029"#), ("é€😀", "é€😀"),
        ("<&>'", "<&>'"),
    ])
    func jsonEscapesWhatRFC8259AndOldJavaScriptNeed(input: String, expected: String) {
        #expect(escaped(input, .json) == expected)
    }

    @Test func jsonKeepingDeleteEscapesAsJSONDoesButLeavesDelete() throws {
        #expect(escaped("a\u{7F}b", .jsonKeepingDelete) == "a\u{7F}b")
        #expect(escaped("a\u{7F}b", .json) == #"a\u007fb"#)
        #expect(escaped("a\u{7F}b", .htmlInJSON) == #"a\u007fb"#)
        #expect(escaped("a\u{7F}b", .html) == "a\u{7F}b")
        var random = SeededGenerator(seed: 127)
        let alphabet: [Character] = ["a", "\"", "\\", "\n", "\u{01}", "\u{7F}", "\u{2028}", "é", "😀", "<"]
        for _ in 0..<500 {
            let text = String(
                (0..<Int.random(in: 0...16, using: &random)).map { _ in
                    alphabet.randomElement(using: &random)!
                })
            let kept = escaped(text, .jsonKeepingDelete)
            #expect(
                kept.replacingOccurrences(of: "\u{7F}", with: #"\u007f"#) == escaped(text, .json), "\(text)")
            #expect(try decodedJSON(kept) == text)
        }
    }

    @Test func htmlEscapesTheFiveSpecialsAndNothingElse() {
        #expect(
            escaped(#"<a href="x">Tom & 'Jerry'\</a>"#, .html)
                == #"&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;\&lt;/a&gt;"#)
        #expect(escaped("line\nbreak", .html) == "line\nbreak")
    }

    @Test func htmlInJSONUsesCharacterReferencesForAQuoteAndJSONEscapesForTheRest() {
        #expect(escaped("\"<b>\"\\\n", .htmlInJSON) == #"&quot;&lt;b&gt;&quot;\\\n"#)
    }

    @Test func randomTextRoundTripsThroughAJSONParserAndHTMLUnescaping() throws {
        var random = SeededGenerator(seed: 20_261_130)
        let alphabet: [Character] = [
            "a", "Z", "0", " ", "\"", "\\", "<", ">", "&", "'", "\n", "\u{01}",
            "\u{7F}", "é", "\u{2028}", "\u{2029}", "€", "😀", "\u{E2}",
        ]
        for _ in 0..<500 {
            let length = Int.random(in: 0...24, using: &random)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
            #expect(try decodedJSON(escaped(text, .json)) == text)
            #expect(try unescapedHTML(decodedJSON(escaped(text, .htmlInJSON))) == text)
            #expect(unescapedHTML(escaped(text, .html)) == text)
        }
    }
}
