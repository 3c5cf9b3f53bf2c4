/// Bytes as lowercase hex digits, two a byte: how digests and tokens are written out.
public enum Hex {
    /// `bytes` as `2 * bytes.count` lowercase hex digits.
    /// - Complexity: O(*n*) in the number of bytes.
    public static func lowercase(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
