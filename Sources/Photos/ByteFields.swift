/// Unsigned integers as image files store them, read from `bytes` at `start` over `count` bytes
/// (the caller has checked they are there): JPEG's and PNG's big-endian lengths and sides, RIFF's
/// little-endian chunk sizes, ISO boxes' big-endian sizes.
enum ByteFields {
    static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        var value = 0
        for byte in bytes[start..<start + count] { value = value << 8 | Int(byte) }
        return value
    }

    static func littleEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        var value = 0
        for byte in bytes[start..<start + count].reversed() { value = value << 8 | Int(byte) }
        return value
    }
}
