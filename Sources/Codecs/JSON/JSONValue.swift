/// A JSON value as `JSONReader` reads it: RFC 8259's kinds, with an object's
/// members in the order they were written and numbers kept as written.
public enum JSONValue: Equatable, Sendable {
    /// `{...}`: its members in order (names are unique: the reader refuses duplicates).
    case object([Member])
    /// `[...]`.
    case array([JSONValue])
    /// A string, escapes decoded.
    case string(String)
    /// A number, with the text it was written as.
    case number(JSONNumber)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// One member of an object.
    public struct Member: Equatable, Sendable {
        /// Its name, escapes decoded.
        public let key: String
        /// Its value.
        public let value: JSONValue

        /// A member `key: value`.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value of member `key` when this is an object that has one. Names compare
    /// by their Unicode scalars, as RFC 8259 8.3 compares them (not by canonical
    /// equivalence, as Swift's `==` on strings does): through their UTF-8, which is
    /// equal exactly when the scalars are, byte by byte.
    /// - Complexity: O(*n*) in the number of members.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key.utf8.elementsEqual(key.utf8) }?.value
    }

    /// What kind of value this is, for messages: "an object", "an array", "a string",
    /// "a number", "a boolean" or "null".
    public var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A JSON number: the text it was written as, and what it means as a `Double`.
///
/// The text is kept so that a caller that needs an exact integer (an id beyond
/// 2^53) or the original digits still has them; `value` is the nearest `Double`.
public struct JSONNumber: Equatable, Sendable {
    /// The number as written (`-12`, `0.5`, `1E+3`).
    public let text: String
    /// The nearest `Double` (always finite: the reader refuses numbers beyond its range).
    public let value: Double
    /// True when written without a fraction or an exponent.
    public let isInteger: Bool

    /// A number written as `text`, meaning `value`.
    public init(text: String, value: Double, isInteger: Bool) {
        self.text = text
        self.value = value
        self.isInteger = isInteger
    }

    /// The exact value when written as an integer that fits an `Int`, else nil.
    public var intValue: Int? { isInteger ? Int(text) : nil }
}
