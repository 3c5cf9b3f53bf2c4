import CPostgres
import Contacts
import Foundation

/// One libpq connection to a PostgreSQL server, by URL (`postgres://user@host:port/db`).
///
/// Errors are `ContactsError.unavailable` when the server cannot be reached or
/// the connection broke (the next call connects again), `.busy` for a lock not had
/// in time, and `PostgresError.postgres` with the SQLSTATE and message for anything else. Like a SQLite connection, it belongs to
/// one thread at a time.
public final class PostgresConnection {
    /// The URL it connects to.
    public let url: String
    /// Server settings for this connection (`-c name=value`, as libpq's `options`).
    private let settings: [String]
    private var handle: OpaquePointer?
    /// Statements prepared on this connection (`prepared(_:_:)`), by their SQL: their names.
    private var statements: [String: String] = [:]

    /// Seconds a connection attempt may take before the server counts as down.
    public static let connectTimeout = 2

    /// Connects to `url`, with server `settings` (`name=value`, e.g. `lock_timeout=200ms`)
    /// that hold for the connection and any it is replaced with.
    /// - Throws: `ContactsError.unavailable` when the server cannot be reached.
    public init(url: String, settings: [String] = []) throws {
        self.url = url
        self.settings = settings
        try connect()
    }

    /// A server that stops answering (a partition, a frozen host) counts as down
    /// after about 5 s instead of holding a request forever: TCP keepalives and a
    /// limit on unacknowledged sends.
    static let liveness =
        "keepalives=1&keepalives_idle=5&keepalives_interval=1&keepalives_count=3&tcp_user_timeout=5000"

    deinit { PQfinish(handle) }

    /// Whether `text` names a PostgreSQL database (`postgres://` or `postgresql://`).
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    private func connect() throws {
        PQfinish(handle)
        handle = nil
        statements = [:]
        let separator = url.contains("?") ? "&" : "?"
        var conninfo =
            url + separator + "connect_timeout=\(Self.connectTimeout)&application_name=roster&"
            + Self.liveness
        if !settings.isEmpty {
            // `options` in a URI is percent-encoded: "-c a=b -c c=d".
            conninfo +=
                "&options="
                + settings.map { "-c%20" + $0.replacingOccurrences(of: "=", with: "%3D") }
                .joined(separator: "%20")
        }
        let connection = PQconnectdb(conninfo)
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let message = connection.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
            PQfinish(connection)
            throw ContactsError.unavailable(reason: Self.oneLine(message))
        }
        handle = connection
        // Quiet: no NOTICE lines on the server's standard error.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    /// The live connection, connecting again when the last one broke.
    private func live() throws -> OpaquePointer {
        if let handle, PQstatus(handle) == CONNECTION_OK { return handle }
        try connect()
        return handle!
    }

    /// Runs `sql` with text parameters `$1, $2...` (nil is NULL) and returns its
    /// rows (without parameters, `sql` may hold several statements: the last one's).
    /// A connection found broken outside a transaction (the server restarted since
    /// its last use) is connected again and the statement run once more.
    @discardableResult
    public func query(_ sql: String, _ parameters: [String?] = []) throws -> PostgresResult {
        let idle = handle.map { PQtransactionStatus($0) == PQTRANS_IDLE } ?? true
        do {
            return try run(sql, parameters)
        } catch ContactsError.unavailable where idle && handle.map({ PQstatus($0) != CONNECTION_OK }) ?? true
        {
            try connect()
            return try run(sql, parameters)
        }
    }

    private func run(_ sql: String, _ parameters: [String?]) throws -> PostgresResult {
        let connection = try live()
        let result: OpaquePointer?
        if parameters.isEmpty {
            result = PQexec(connection, sql)
        } else {
            result = Self.withValues(parameters) { PQexecParams(connection, sql, $0, nil, $1, nil, nil, 0) }
        }
        return try checked(result, sql: sql)
    }

    /// `parameters` as the C strings libpq takes (count, values; NULL for nil), for `body`.
    private static func withValues(
        _ parameters: [String?], _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>?) -> OpaquePointer?
    ) -> OpaquePointer? {
        var cStrings: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.flatMap { strdup($0) } }
        defer { for string in cStrings { free(string) } }
        return cStrings.withUnsafeMutableBufferPointer { values in
            guard let base = values.baseAddress else { return body(0, nil) }
            return base.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: values.count) {
                body(Int32(values.count), $0)
            }
        }
    }

    /// Runs one statement of a request's hot path, `sql`, prepared once per
    /// connection: PostgreSQL parses and plans it once, not on every call.
    /// Like `query(_:_:)`, a connection found broken outside a transaction is connected
    /// again and the statement run once more.
    @discardableResult
    public func prepared(_ sql: String, _ parameters: [String?] = []) throws -> PostgresResult {
        let idle = handle.map { PQtransactionStatus($0) == PQTRANS_IDLE } ?? true
        do {
            return try runPrepared(sql, parameters)
        } catch ContactsError.unavailable where idle && handle.map({ PQstatus($0) != CONNECTION_OK }) ?? true
        {
            try connect()
            return try runPrepared(sql, parameters)
        }
    }

    private func runPrepared(_ sql: String, _ parameters: [String?]) throws -> PostgresResult {
        let connection = try live()
        let name: String
        if let known = statements[sql] {
            name = known
        } else {
            name = "roster_\(statements.count)"
            _ = try checked(PQprepare(connection, name, sql, Int32(parameters.count), nil), sql: sql)
            statements[sql] = name
        }
        let result = Self.withValues(parameters) { PQexecPrepared(connection, name, $0, $1, nil, nil, 0) }
        return try checked(result, sql: sql)
    }

    /// Runs `sql`, which may hold several statements, for their effect.
    public func execute(_ sql: String) throws {
        try query(sql)
    }

    /// `result` as a `PostgresResult`, or the error it carries.
    func checked(_ result: OpaquePointer?, sql: String) throws -> PostgresResult {
        guard let result else { throw brokenOrError(sql: sql, state: nil) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_COPY_IN, PGRES_EMPTY_QUERY:
            return PostgresResult(result)
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let message = PQresultErrorMessage(result).map { String(cString: $0) } ?? ""
            PQclear(result)
            throw brokenOrError(sql: sql, state: state, message: message)
        }
    }

    /// `.unavailable` when the connection is gone or the server is shutting down or
    /// starting (SQLSTATE classes 08 and 57P), else `.postgres`.
    private func brokenOrError(sql: String, state: String?, message: String? = nil) -> any Error {
        let text = Self.oneLine(
            message ?? handle.map { String(cString: PQerrorMessage($0)) } ?? "no connection")
        let broken = handle.map { PQstatus($0) != CONNECTION_OK } ?? true
        if broken || state?.hasPrefix("08") == true || state?.hasPrefix("57P") == true {
            return ContactsError.unavailable(reason: text)
        }
        // A lock not had in time (lock_timeout), a deadlock, a read a replica's replay
        // cancelled: nothing was done, and the same request can be tried again.
        if state == "55P03" || state == "40P01" || state == "40001" { return ContactsError.busy }
        // disk_full: the server has no space for the write (it rolled it back).
        if state == "53100" {
            return ContactsError.storageFull(where: "the PostgreSQL server's disk", detail: text)
        }
        return PostgresError.postgres(state: state ?? "", message: text, sql: sql)
    }

    // MARK: - COPY

    /// Starts `COPY ... FROM STDIN` (text format); feed it with `copy(_:)`, end it with `endCopy()`.
    public func beginCopy(_ sql: String) throws {
        try query(sql)
    }

    /// Sends one piece of COPY data (whole lines, text format).
    public func copy(_ bytes: [UInt8]) throws {
        let connection = try live()
        let sent = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                PQputCopyData(connection, $0, Int32(buffer.count))
            }
        }
        guard sent == 1 else { throw brokenOrError(sql: "COPY", state: nil) }
    }

    /// Ends the COPY and returns once the server has taken (or refused) it.
    public func endCopy() throws {
        let connection = try live()
        guard PQputCopyEnd(connection, nil) == 1 else { throw brokenOrError(sql: "COPY", state: nil) }
        var failure: Error?
        while let result = PQgetResult(connection) {
            do { _ = try checked(result, sql: "COPY") } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    /// Ends a COPY in progress with an error, so nothing of it is kept (if one is in progress).
    public func endCopyFailing() throws {
        guard let handle, PQstatus(handle) == CONNECTION_OK else { return }
        guard PQputCopyEnd(handle, "abandoned") == 1 else { return }
        while let result = PQgetResult(handle) { PQclear(result) }
    }

    // MARK: - Notifications

    /// The payloads of notifications that arrived since the last call (after
    /// `LISTEN channel`), reading what the socket holds without waiting.
    public func notifications() throws -> [String] {
        let connection = try live()
        guard PQconsumeInput(connection) == 1 else { throw brokenOrError(sql: "LISTEN", state: nil) }
        var payloads: [String] = []
        while let note = PQnotifies(connection) {
            payloads.append(String(cString: note.pointee.extra))
            PQfreemem(note)
        }
        return payloads
    }

    /// A libpq message on one line.
    static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }
}

extension Array where Element == UInt8 {
    /// These bytes as a `bytea` parameter in text format: `\x` and hex digits.
    var byteaLiteral: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
        text.reserveCapacity(2 + count * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
