import Contacts

/// `GET /openapi.json`: the contract (docs/api.md, "The contract") as OpenAPI 3.
///
/// The document is a tree of `OpenAPI.Value`s (the paths in OpenAPI+Paths.swift and
/// OpenAPI+Writes.swift, the components in OpenAPI+Schemas.swift and
/// OpenAPI+ListSchemas.swift) that `JSONWriter` writes once, so it is valid JSON
/// whatever it says. Where the code that checks a request has its
/// limit, field names or choices as constants (`WindowQuery`, `ContactField`,
/// `ImportMode`), the document takes them from there rather than a copy.
enum OpenAPI {
    /// The document's JSON text, as served.
    static let document = tree.bytes

    /// The whole document.
    static var tree: Value {
        [
            "openapi": "3.0.3",
            "info": [
                "title": "Roster",
                "version": "1.0.0",
                "description": .string(
                    "A server-driven virtual list: windows of a sorted contact list with "
                        + "UITableView-style slot reuse. Every 4xx/5xx body is an Error."),
            ],
            "paths": paths,
            "components": components,
        ]
    }

    // MARK: - Pieces the operations share

    /// The largest id, row or seq a parameter takes: the server reads at most 18
    /// digits, so that every value fits an `Int`.
    static let largest18Digits = 999_999_999_999_999_999

    /// `{"$ref": ...}` to one of the component schemas.
    static func ref(_ schema: String) -> Value {
        ["$ref": "#/components/schemas/\(schema)"]
    }

    /// A JSON body of the component schema `schema`.
    static func json(_ schema: String) -> Value {
        ["application/json": ["schema": ref(schema)]]
    }

    /// A plain-text body (`text/plain`, `text/csv`...): a string, nothing more said.
    static func text(_ mediaType: StaticString) -> Value {
        let body: Value = ["schema": ["type": "string"]]
        return .object([(mediaType, body)])
    }

    /// A 4xx or 5xx answer: every one is an Error.
    static let errorResponse: Value = ["description": "Error", "content": json("Error")]

    /// `answers`, then an Error response for each of `statuses`.
    static func responses(_ answers: Value, errors statuses: [StaticString]) -> Value {
        answers.adding(statuses.map { (name: $0, value: errorResponse) })
    }

    /// A write's, and a read's, security: the admin token, the sign-in cookie of
    /// `POST /login`, or none (a loopback server without a token takes writes
    /// unauthenticated, and reads need none but off loopback; `adminToken`'s
    /// description says when).
    static let adminOrNone: Value = [["adminToken": []], ["session": []], [:]]

    /// What a read may answer beside its own errors: 401 off loopback without the
    /// token or a session, 429 after too many wrong tokens.
    static let readErrors: [StaticString] = ["401", "429"]

    /// `{id}` of `/contacts/{id}` and `/avatar/{id}.svg`.
    static let idParameter: Value = [
        "name": "id", "in": "path", "required": true, "description": "At most 18 digits",
        "schema": ["type": "integer", "minimum": 0, "maximum": .integer(largest18Digits)],
    ]

    /// A contact's ETag: its revision.
    static let etagHeader: Value = ["schema": ["type": "string"]]
}
