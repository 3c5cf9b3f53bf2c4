#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call: which one and errno.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    /// The call, e.g. `bind`.
    public let call: String
    /// errno after it.
    public let code: Int32

    /// The call and the C library's text for the code.
    public var description: String { "\(call) failed: \(String(cString: strerror(code))) (errno \(code))" }
}

/// Runs a system call, retrying on EINTR; -1 with errno becomes `SystemError`,
/// except EAGAIN/EWOULDBLOCK which return nil (nothing to do now).
@inline(__always)
func syscall<T: FixedWidthInteger>(_ name: String, _ body: () -> T) throws(SystemError) -> T? {
    while true {
        let result = body()
        if result != -1 { return result }
        switch errno {
        case EINTR: continue
        case EAGAIN, EWOULDBLOCK: return nil
        default: throw SystemError(call: name, code: errno)
        }
    }
}
