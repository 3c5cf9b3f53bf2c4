import Codecs
import HTTP

extension OpenAPI {
    /// A JSON value built in code. The document is a tree of these that `JSONWriter`
    /// writes out, so every brace, comma and escape is the writer's: no arrangement
    /// of values can make the text invalid JSON.
    ///
    /// Member names are `StaticString`s because that is how `JSONWriter` takes them
    /// (the program's own literals, written unescaped); `ContactField.jsonKey` is one
    /// too. `JSONValue` keeps `String` names (it is what the reader produces), which
    /// the writer has no way to write, hence a type of its own here. Numbers are
    /// integers: the document has no other.
    enum Value: Sendable {
        /// `{...}`: members in the order they are written (names must differ).
        case object([Member])
        /// `[...]`.
        case array([Value])
        /// A string; the writer escapes it.
        case string(String)
        /// A whole number.
        case integer(Int)
        /// `true` or `false`.
        case boolean(Bool)

        /// One member of an object.
        typealias Member = (name: StaticString, value: Value)

        /// The members of an object; a program error for any other kind, as only
        /// the document's own objects are ever taken apart.
        var members: [Member] {
            guard case .object(let members) = self else { preconditionFailure("not an object: \(self)") }
            return members
        }

        /// This object with `extra` members after its own.
        func adding(_ extra: [Member]) -> Value { .object(members + extra) }

        /// The value as JSON text.
        var bytes: [UInt8] {
            var json = JSONWriter(capacity: 32 * 1024)
            emit(into: &json)
            return json.bytes
        }

        /// Writes the value (and everything in it) as the writer's next value.
        func emit(into json: inout JSONWriter) {
            switch self {
            case .object(let members):
                json.object { json in
                    for member in members {
                        json.key(member.name)
                        member.value.emit(into: &json)
                    }
                }
            case .array(let elements):
                json.array { json in
                    for element in elements { element.emit(into: &json) }
                }
            case .string(let text): json.string(text)
            case .integer(let number): json.integer(number)
            case .boolean(let truth): json.boolean(truth)
            }
        }
    }
}

// Literals, so that the document reads almost as the JSON it becomes.

extension OpenAPI.Value: ExpressibleByDictionaryLiteral {
    /// An object of these members, in this order.
    init(dictionaryLiteral elements: (StaticString, OpenAPI.Value)...) {
        self = .object(elements.map { (name: $0.0, value: $0.1) })
    }
}

extension OpenAPI.Value: ExpressibleByArrayLiteral {
    /// An array of these elements.
    init(arrayLiteral elements: OpenAPI.Value...) {
        self = .array(elements)
    }
}

extension OpenAPI.Value: ExpressibleByStringInterpolation {
    /// A string, interpolations included (`"\(count) rows"`).
    init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension OpenAPI.Value: ExpressibleByIntegerLiteral {
    /// A whole number.
    init(integerLiteral value: Int) {
        self = .integer(value)
    }
}

extension OpenAPI.Value: ExpressibleByBooleanLiteral {
    /// `true` or `false`.
    init(booleanLiteral value: Bool) {
        self = .boolean(value)
    }
}
