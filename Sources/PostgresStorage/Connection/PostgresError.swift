/// What went wrong on a PostgreSQL server, with a message a person can act on.
/// What a caller acts on whatever the store (the server unavailable, busy, a value
/// it cannot keep) is a `ContactsError` instead.
public enum PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An error the server reported: its SQLSTATE and message, and the SQL that caused it.
    case postgres(state: String, message: String, sql: String?)

    /// One line naming the statement and what the server said.
    public var description: String {
        switch self {
        case .postgres(let state, let message, let sql):
            "PostgreSQL error \(state): \(message)" + (sql.map { " in: \($0.prefix(200))" } ?? "")
        }
    }
}
