#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call: which one and errno.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    /// The call, e.g. `bind`.
    public let call: String
    /// errno after it.
    public let code: Int32

    /// A failure of `call` with errno `code`.
    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// The call and the C library's text for the code.
    public var description: String { "\(call) failed: \(String(cString: strerror(code))) (errno \(code))" }
}
