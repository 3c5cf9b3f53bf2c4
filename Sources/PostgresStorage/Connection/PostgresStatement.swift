/// A PostgreSQL statement whose parameters are written by name and numbered by
/// this type, since libpq takes only `$1, $2...`.
///
/// The SQL is built once by a closure that asks `parameters[name]` for each
/// parameter it writes: the first name asked for is `$1`, the next new one `$2`, and
/// a name asked for again keeps its number. Its values are then given by name
/// (`values(_:)`), so no statement, caller or file counts positions. A statement
/// with a single parameter, whose SQL and value sit side by side, writes `$1` itself.
public struct PostgresStatement: Sendable {
    /// The SQL, with `$N` placeholders.
    public let sql: String
    /// The parameters' names, `$1`'s first.
    let names: [String]

    /// Numbers names as `build` asks for them (see the type).
    public final class Parameters {
        fileprivate var names: [String] = []

        /// `$N` for `name`, numbered when first asked for.
        public subscript(name: String) -> String {
            if let index = names.firstIndex(of: name) { return "$\(index + 1)" }
            names.append(name)
            return "$\(names.count)"
        }
    }

    /// The statement `build` writes, asking its parameters by name.
    public init(_ build: (Parameters) -> String) {
        let parameters = Parameters()
        sql = build(parameters)
        names = parameters.names
    }

    /// `named`'s values in `$N` order (nil is NULL).
    /// - Precondition: `named` gives every parameter of the statement, and no other name.
    func values(_ named: [String: String?]) -> [String?] {
        precondition(
            named.count == names.count,
            "values for \(named.keys.sorted()), parameters \(names) in SQL: \(sql)")
        return names.map { name in
            guard let value = named[name] else { preconditionFailure("no value for \(name) in SQL: \(sql)") }
            return value
        }
    }
}

extension PostgresConnection {
    /// Runs `statement` with its parameters' values by name (see `PostgresStatement`).
    @discardableResult
    public func query(_ statement: PostgresStatement, _ values: [String: String?]) throws -> PostgresResult {
        try query(statement.sql, statement.values(values))
    }

    /// Runs `statement` prepared once per connection (see `prepared(_:_:)`), its
    /// parameters' values by name.
    @discardableResult
    public func prepared(_ statement: PostgresStatement, _ values: [String: String?]) throws -> PostgresResult
    {
        try prepared(statement.sql, statement.values(values))
    }
}
