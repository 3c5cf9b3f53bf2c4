import Codecs
import Testing

/// Hex digits as the digests' and sign-in cookies' text: two lowercase digits a byte, leading zeros kept.
struct HexTests {
    @Test func eachByteIsTwoLowercaseDigits() {
        #expect(Hex.lowercase([UInt8]()) == "")
        #expect(Hex.lowercase([0x00, 0x01, 0x0f, 0x10, 0xab, 0xff]) == "00010f10abff")
    }

    @Test func everyByteValueAgreesWithFormattingOneByOne() {
        let bytes = (0...255).map(UInt8.init)
        let expected = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(Hex.lowercase(bytes) == expected)
        #expect(Hex.lowercase(bytes[16..<32]) == expected.dropFirst(32).prefix(32).description)
    }
}
