import CPostgres
import Contacts
import Foundation

/// The rows of one statement's answer, in text format; freed with the object.
public final class PostgresResult {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    /// Rows in the answer.
    public var count: Int { Int(PQntuples(handle)) }

    /// Whether the value at (`row`, `column`) is NULL.
    public func isNull(_ row: Int, _ column: Int) -> Bool {
        PQgetisnull(handle, Int32(row), Int32(column)) == 1
    }

    /// The bytes of the value at (`row`, `column`), valid while this result lives.
    public func bytes(_ row: Int, _ column: Int) -> UnsafeBufferPointer<UInt8> {
        let length = Int(PQgetlength(handle, Int32(row), Int32(column)))
        let start = PQgetvalue(handle, Int32(row), Int32(column))
        return UnsafeRawPointer(start).map {
            UnsafeBufferPointer(start: $0.assumingMemoryBound(to: UInt8.self), count: length)
        } ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The value at (`row`, `column`) as text.
    public func string(_ row: Int, _ column: Int) -> String {
        String(decoding: bytes(row, column), as: UTF8.self)
    }

    /// The integer at (`row`, `column`) (0 for NULL).
    public func int(_ row: Int, _ column: Int) -> Int {
        var value = 0
        var negative = false
        for byte in bytes(row, column) {
            if byte == UInt8(ascii: "-") { negative = true } else { value = value &* 10 &+ Int(byte &- 48) }
        }
        return negative ? -value : value
    }

    /// The boolean at (`row`, `column`): PostgreSQL's `t`.
    public func bool(_ row: Int, _ column: Int) -> Bool { bytes(row, column).first == UInt8(ascii: "t") }

    /// The `bytea` at (`row`, `column`), from its `\x...` hex text.
    public func bytea(_ row: Int, _ column: Int) -> [UInt8] {
        let text = bytes(row, column)
        guard text.count >= 2 else { return [] }
        var result: [UInt8] = []
        result.reserveCapacity((text.count - 2) / 2)
        var index = 2
        while index + 1 < text.count {
            result.append(Self.nibble(text[index]) << 4 | Self.nibble(text[index + 1]))
            index += 2
        }
        return result
    }

    private static func nibble(_ digit: UInt8) -> UInt8 {
        digit <= UInt8(ascii: "9") ? digit &- 48 : (digit | 0x20) &- 87
    }
}
