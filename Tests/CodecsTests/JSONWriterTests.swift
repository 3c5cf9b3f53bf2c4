import Codecs
import Foundation
import Testing

struct JSONWriterTests {
    @Test func objectsArraysAndScalarsAreWrittenAsJSON() throws {
        var json = JSONWriter()
        json.object {
            $0.field("a", 1)
            $0.field("b", "two")
            $0.field("c", true)
            $0.field("d", nil as Int?)
            $0.key("e")
            $0.array {
                $0.integer(-42)
                $0.number(1.5)
                $0.number(.nan)
                $0.object { $0.field("x", 0) }
            }
        }
        #expect(
            String(decoding: json.bytes, as: UTF8.self)
                == #"{"a":1,"b":"two","c":true,"d":null,"e":[-42,1.5,null,{"x":0}]}"#)
    }

    @Test func stringsAreEscapedSoTheyCannotBreakOutOfJSON() throws {
        let nasty = "quote\" back\\ nl\n cr\r tab\t nul\u{0} <script>&</script> \u{2028}\u{2029} 😀 𝔸 é"
        var json = JSONWriter()
        json.object { $0.field("v", nasty) }
        let text = String(decoding: json.bytes, as: UTF8.self)
        #expect(text.contains("<script>&</script>"), "HTML specials stay readable")
        #expect(!text.contains("\u{2028}") && !text.contains("\u{0}"))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: String]
        #expect(decoded?["v"] == nasty)
    }

    @Test func namesFromTextAreEscapedAndTheTextIsTheBytes() throws {
        var json = JSONWriter(strings: .jsonKeepingDelete)
        json.object {
            $0.key(escaping: "first_name")
            $0.string("del \u{7F} tab \t")
            $0.key(escaping: "odd \"name\"\n")
            $0.array { $0.boolean(false) }
        }
        let expected = #"{"first_name":"del "# + "\u{7F}" + #" tab \t","odd \"name\"\n":[false]}"#
        #expect(json.text == expected)
        #expect(json.bytes == Array(expected.utf8))
        var plain = JSONWriter()
        plain.object { $0.field("v", "\u{7F}") }
        #expect(plain.text == #"{"v":"\u007f"}"#, "answers escape DEL")
    }
}
