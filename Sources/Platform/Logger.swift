/// The one writer of log lines: each message goes to standard error as one
/// whole line in one write, so lines of different threads never interleave.
public struct Logger: Sendable {
    private let descriptor: Int32

    /// Standard error.
    public static let standardError = Logger(descriptor: 2)

    /// A logger writing to `descriptor`.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes `message` and a newline. A failed write is dropped: there is no
    /// one left to tell.
    public func log(_ message: String) {
        var line = Array(message.utf8)
        line.append(0x0A)
        line.withUnsafeBytes { _ = System.writeAll(descriptor, $0) }
    }
}
