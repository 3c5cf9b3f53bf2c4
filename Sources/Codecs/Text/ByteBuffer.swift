/// A growable run of bytes written through a raw pointer, for bodies built a few
/// bytes at a time (window JSON, HTML fragments). An append is a bounds check and
/// a copy: none of `[UInt8]`'s uniqueness and generic-sequence work. `array`
/// hands the bytes over as `[UInt8]` with one copy.
public struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far.
    public private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written, as an array.
    public var array: [UInt8] { [UInt8](UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written, as text (with one copy, not two through `array`), for
    /// UTF-8 that is kept as a `String` (a contact's details).
    public var text: String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// Appends one byte.
    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    /// Appends two bytes.
    @inline(__always)
    public mutating func append(_ first: UInt8, _ second: UInt8) {
        if count + 2 > capacity { grow(toHold: count + 2) }
        base[count] = first
        base[count + 1] = second
        count += 2
    }

    /// Appends `bytes`.
    @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends a literal's UTF-8.
    @inline(__always)
    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// Appends a string's UTF-8.
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    private mutating func grow(toHold needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
