import Codecs

/// What a request's `Accept-Encoding` fields accept, read as RFC 9110 12.5.3 says,
/// and the coding an answer goes out in.
///
/// Each listed coding has a weight in thousandths (`q=0.5` is 500; no `q` is 1000);
/// `q=0` refuses it. `x-gzip` is `gzip`; `*` stands for every coding not listed,
/// `identity` included; the first element naming a coding counts. An element whose
/// `q` is no qvalue (`q=2`, `q=0.1234`, `q=x`) is left out. `identity` not listed is
/// acceptable unless `*;q=0` refuses it, and then ranks below every coding listed.
/// A request with no `Accept-Encoding` field is answered as it is; one with an
/// empty field accepts `identity` alone.
///
/// Read straight from the fields' bytes: no string is made, whatever the value.
public struct AcceptEncoding: Sendable, Equatable {
    /// The weights listed for gzip (or x-gzip), zstd, identity and `*`; nil when not listed.
    public private(set) var gzip: Int?
    public private(set) var zstd: Int?
    public private(set) var identity: Int?
    public private(set) var any: Int?
    /// Whether the request had an `Accept-Encoding` field at all.
    public private(set) var isPresent = false

    /// The weight `identity` gets when it is not listed and `*` does not refuse it:
    /// acceptable, below any coding listed.
    static let unlistedIdentity = 1

    /// The weights of every `Accept-Encoding` field of `headers`, in order.
    public init(_ headers: HTTPHeaders) {
        for field in headers.fields where field.name.caseInsensitiveEquals("Accept-Encoding") {
            self.read(field.value)
        }
    }

    /// The weights of one `Accept-Encoding` field value.
    public init(value: String) {
        self.read(value)
    }

    /// Whether `coding` is acceptable, and how much (0 refused ... 1000).
    public func weight(of coding: ContentCoding) -> Int {
        guard isPresent else { return coding == .identity ? 1000 : 0 }
        switch coding {
        case .gzip: return gzip ?? any ?? 0
        case .zstd: return zstd ?? any ?? 0
        case .identity: return identity ?? any ?? Self.unlistedIdentity
        }
    }

    /// The coding to send a body in (zstd, gzip or identity), or nil
    /// when the request accepts none of them (it refuses `identity`): a 406.
    ///
    /// A `compressible` body (worth compressing: a type that compresses, 1 KB or
    /// more) goes out in the coding of the highest weight, ties going to zstd, then
    /// gzip (the smaller and cheaper first), then identity. Another is sent as it is
    /// unless `identity` is refused; then it is compressed all the same if the
    /// request accepts gzip or zstd.
    public func coding(compressible: Bool) -> ContentCoding? {
        let plain = weight(of: .identity)
        if !compressible && plain > 0 { return .identity }
        let zstd = weight(of: .zstd)
        let gzip = weight(of: .gzip)
        let best: (coding: ContentCoding, weight: Int) = zstd >= gzip ? (.zstd, zstd) : (.gzip, gzip)
        if best.weight > 0 && best.weight >= plain { return best.coding }
        return plain > 0 ? .identity : nil
    }

    private mutating func read(_ value: String) {
        isPresent = true
        var value = value
        value.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
                element(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                start = end + 1
            }
        }
    }

    /// One list element: `coding [ OWS ";" OWS "q=" qvalue ]`.
    private mutating func element(_ bytes: UnsafeBufferPointer<UInt8>) {
        let semicolon = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
        let name = Self.trimmed(UnsafeBufferPointer(rebasing: bytes[0..<semicolon]))
        guard !name.isEmpty else { return }
        var weight = 1000
        if semicolon < bytes.count {
            guard let parsed = Self.weight(UnsafeBufferPointer(rebasing: bytes[(semicolon + 1)...])) else {
                return
            }
            weight = parsed
        }
        if Self.equals(name, "gzip") || Self.equals(name, "x-gzip") {
            gzip = gzip ?? weight
        } else if Self.equals(name, "zstd") {
            zstd = zstd ?? weight
        } else if Self.equals(name, "identity") {
            identity = identity ?? weight
        } else if name.count == 1 && name[0] == UInt8(ascii: "*") {
            any = any ?? weight
        }
    }

    /// The weight of the parameters after a `;`: `q=` and a qvalue (`0`, `0.5`, `1.000`,
    /// at most three decimals, never above 1) in thousandths, or nil when they are not one.
    static func weight(_ parameters: UnsafeBufferPointer<UInt8>) -> Int? {
        let text = trimmed(parameters)
        guard text.count >= 3, text[0] | 0x20 == UInt8(ascii: "q"), text[1] == UInt8(ascii: "=") else {
            return nil
        }
        let digits = UnsafeBufferPointer(rebasing: text[2...])
        guard let whole = digits.first, whole == UInt8(ascii: "0") || whole == UInt8(ascii: "1") else {
            return nil
        }
        guard digits.count > 1 else { return whole == UInt8(ascii: "1") ? 1000 : 0 }
        guard digits[1] == UInt8(ascii: "."), digits.count <= 5 else { return nil }
        var fraction = 0
        var scale = 100
        for digit in digits[2...] {
            guard digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") else { return nil }
            fraction += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        if whole == UInt8(ascii: "1") { return fraction == 0 ? 1000 : nil }
        return fraction
    }

    /// `bytes` without leading and trailing spaces and tabs.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var low = 0
        var high = bytes.count
        while low < high && (bytes[low] == 0x20 || bytes[low] == 0x09) { low += 1 }
        while high > low && (bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09) { high -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[low..<high])
    }

    /// ASCII case-insensitive equality with a lowercase `word`.
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for index in 0..<bytes.count {
            let byte = bytes[index]
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if folded != letters[index] { return false }
        }
        return true
    }
}
