import Codecs
import Foundation
import TestSupport
import Testing

/// `JSONReader` against Foundation's `JSONSerialization` on random texts: what
/// one writes the other reads, and where a mutated text is read by the strict
/// reader, the lenient one reads the same value.
struct JSONReaderPropertyTests {
    /// A random value and a random way of writing it (white space, escapes, number forms).
    private struct Writer {
        var random: SeededGenerator
        /// Characters for strings: plain, those that must be escaped, and ones beyond the BMP.
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", "\u{7F}", "é", "€",
            "\u{2028}", "😀", "𝄞", "\u{FFFF}", "\u{10FFFF}",
        ]

        mutating func value(depth: Int = 0) -> (JSONValue, String) {
            switch Int.random(in: 0..<(depth < 4 ? 7 : 5), using: &random) {
            case 0: return (.null, "null")
            case 1:
                let flag = Bool.random(using: &random)
                return (.bool(flag), flag ? "true" : "false")
            case 2:
                let text = number()
                return (
                    .number(JSONNumber(text: text, value: Double(text)!, isInteger: isInteger(text))), text
                )
            case 3, 4:
                let (string, written) = self.string()
                return (.string(string), written)
            case 5:
                var elements: [JSONValue] = []
                var texts: [String] = []
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    let (element, text) = value(depth: depth + 1)
                    elements.append(element)
                    texts.append(space() + text + space())
                }
                return (.array(elements), "[" + space() + texts.joined(separator: ",") + "]")
            default:
                var members: [JSONValue.Member] = []
                var texts: [String] = []
                var names = Set<String>()
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    let (key, writtenKey) = string()
                    // Unique by scalars and by Foundation's dictionary keys (canonical equivalence).
                    guard names.insert(key).inserted else { continue }
                    let (element, text) = value(depth: depth + 1)
                    members.append(JSONValue.Member(key: key, value: element))
                    texts.append(space() + writtenKey + space() + ":" + space() + text + space())
                }
                return (.object(members), "{" + space() + texts.joined(separator: ",") + "}")
            }
        }

        private func isInteger(_ text: String) -> Bool {
            !text.contains { $0 == "." || $0 == "e" || $0 == "E" }
        }

        private mutating func number() -> String {
            var text = Bool.random(using: &random) ? "-" : ""
            text +=
                Int.random(in: 0..<4, using: &random) == 0
                ? "0" : String(Int.random(in: 1...999_999, using: &random))
            if Bool.random(using: &random) { text += "." + String(Int.random(in: 0...9999, using: &random)) }
            if Int.random(in: 0..<3, using: &random) == 0 {
                text +=
                    ["e", "E"].randomElement(using: &random)! + ["", "+", "-"].randomElement(using: &random)!
                text += String(Int.random(in: 0...30, using: &random))
            }
            return text
        }

        /// A random string and a JSON text of it: each scalar raw where JSON allows, or escaped.
        private mutating func string() -> (String, String) {
            var scalars = String.UnicodeScalarView()
            var written = "\""
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                let scalar = alphabet.randomElement(using: &random)!
                scalars.append(scalar)
                written += escaped(scalar)
            }
            return (String(scalars), written + "\"")
        }

        private mutating func escaped(_ scalar: Unicode.Scalar) -> String {
            let short: [Unicode.Scalar: String] = [
                "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "/": "\\/",
            ]
            let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where !mustEscape: return String(scalar)
            case 1 where short[scalar] != nil: return short[scalar]!
            default:
                let units = Array(String(scalar).utf16)
                return units.map { unit in
                    let hex = String(unit, radix: 16, uppercase: Bool.random(using: &random))
                    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }.joined()
            }
        }

        private mutating func space() -> String {
            String(
                (0..<Int.random(in: 0...2, using: &random)).map { _ in
                    [" ", "\t", "\n", "\r"].randomElement(using: &random)!
                })
        }
    }

    /// True when Foundation's reading `any` means `value`.
    private func agrees(_ value: JSONValue, _ any: Any) -> Bool {
        switch value {
        case .null: return any is NSNull
        case .bool(let flag): return (any as? Bool) == flag
        case .number(let number):
            guard let other = (any as? NSNumber)?.doubleValue else { return false }
            return abs(other - number.value) <= 1e-12 * max(1, abs(number.value))
        case .string(let string): return (any as? String) == string
        case .array(let elements):
            guard let others = any as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { agrees($0, $1) }
        case .object(let members):
            guard let others = any as? [String: Any], others.count == members.count else { return false }
            return members.allSatisfy { member in others[member.key].map { agrees(member.value, $0) } ?? false
            }
        }
    }

    private func foundation(_ bytes: [UInt8]) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
    }

    @Test func randomTextsReadAsTheValueTheyWriteAndAsFoundationReadsThem() throws {
        var writer = Writer(random: SeededGenerator(seed: 8259))
        for _ in 0..<2000 {
            let (value, text) = writer.value()
            let read = try JSONReader.read(Array(text.utf8))
            #expect(read == value, "\(text)")
            #expect(try JSONReader.read(text) == read, "a String reads as its UTF-8 does")
            let other = try #require(foundation(Array(text.utf8)), "Foundation reads \(text)")
            #expect(agrees(read, other), "\(text)")
        }
    }

    @Test func whatFoundationWritesReadsAsTheSameValue() throws {
        var writer = Writer(random: SeededGenerator(seed: 7396))
        for _ in 0..<1000 {
            let (_, text) = writer.value(depth: 3)
            guard let object = foundation(Array(text.utf8)), JSONSerialization.isValidJSONObject([object])
            else { continue }
            let data = try JSONSerialization.data(withJSONObject: object, options: .fragmentsAllowed)
            let read = try JSONReader.read(Array(data))
            #expect(agrees(read, object), "\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test func aMutatedTextTheStrictReaderReadsFoundationReadsTheSame() {
        var writer = Writer(random: SeededGenerator(seed: 20_261_130))
        var random = SeededGenerator(seed: 12)
        let interesting =
            Array("{}[]\",:\\ u0123456789abcdefeE.-+tfnl/\u{0}\t\n".utf8) + [0x80, 0xC3, 0xED, 0xFF]
        var bothRead = 0
        var onlyFoundation = 0
        for _ in 0..<5000 {
            let (_, text) = writer.value()
            let bytes = random.mutated(Array(text.utf8), interesting: interesting)
            let strict = try? JSONReader.read(bytes)
            if let text = String(validating: bytes, as: UTF8.self) {
                #expect(
                    Result { () throws(JSONError) in try JSONReader.read(text) }
                        == Result { () throws(JSONError) in try JSONReader.read(bytes) },
                    "a String reads (or is refused) as its UTF-8 is")
            }
            let lenient = foundation(bytes)
            if let strict {
                guard let lenient else {
                    Issue.record("only the strict reader reads \(bytes)")
                    continue
                }
                #expect(agrees(strict, lenient), "\(String(decoding: bytes, as: UTF8.self))")
                bothRead += 1
            } else if lenient != nil {
                onlyFoundation += 1
            }
        }
        // Foundation also reads what RFC 8259 refuses (a NUL after the value, for one).
        #expect(
            bothRead > 300,
            "enough mutated texts still read: \(bothRead); \(onlyFoundation) by Foundation only")
    }
}
