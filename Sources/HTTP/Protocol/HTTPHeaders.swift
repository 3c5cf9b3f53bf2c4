/// Header fields in the order received, looked up by case-insensitive name.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields as (name, value) pairs, names as sent.
    public private(set) var fields: [(name: String, value: String)] = []

    /// No fields.
    public init() {}

    /// Fields from pairs, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// Appends a field.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Replaces every field named `name` with one holding `value`.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name, value))
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }

    /// The first value of `name`, or nil.
    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// All values of `name` joined with commas (one value as it is), or nil.
    public func combined(_ name: String) -> String? {
        var result: String?
        for field in fields where field.name.caseInsensitiveEquals(name) {
            result = result.map { $0 + ", " + field.value } ?? field.value
        }
        return result
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// The comma-separated elements of every `name` field, trimmed, lowercased, empty ones dropped.
    public func tokens(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }
            .map { $0.trimmingHTTPWhitespace().lowercased() }
            .filter { !$0.isEmpty }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }
}

extension String {
    /// ASCII case-insensitive equality, as header names compare: over the two
    /// strings' bytes in place (a field lookup compares each name it passes).
    func caseInsensitiveEquals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b in
                for index in 0..<a.count where a[index] != b[index] {
                    let (x, y) = (a[index] | 0x20, b[index] | 0x20)
                    guard x == y, x >= 0x61, x <= 0x7A else { return false }
                }
                return true
            }
        }
        if let compared = compared ?? nil { return compared }
        return Substring(self).caseInsensitiveEquals(other)
    }
}

extension StringProtocol {
    /// ASCII case-insensitive equality, as header names compare.
    func caseInsensitiveEquals(_ other: some StringProtocol) -> Bool {
        let a = utf8
        let b = other.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A)
        }
    }

    /// Without leading and trailing spaces and tabs (HTTP optional white space).
    public func trimmingHTTPWhitespace() -> String {
        let bytes = Array(utf8)
        guard let start = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let end = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }
}
