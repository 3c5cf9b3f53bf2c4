/// The one writer of log lines. The process logs to standard error, each
/// message as one whole line in one write, so lines of different threads never
/// interleave; tests give a logger that collects or drops the lines instead.
public struct Logger: Sendable {
    private let emit: @Sendable (String) -> Void

    /// Standard error.
    public static let standardError = Logger(descriptor: 2)

    /// Drops every line (for tests that start a whole application).
    public static let discarding = Logger { _ in }

    /// A logger writing to `descriptor`. A failed write is dropped: there is no
    /// one left to tell.
    public init(descriptor: Int32) {
        emit = { message in
            var line = Array(message.utf8)
            line.append(0x0A)
            line.withUnsafeBytes { _ = System.writeAll(descriptor, $0) }
        }
    }

    /// A logger handing each message (without its newline) to `emit`.
    public init(_ emit: @escaping @Sendable (String) -> Void) {
        self.emit = emit
    }

    /// Logs `message` as one line.
    public func log(_ message: String) {
        emit(message)
    }
}
