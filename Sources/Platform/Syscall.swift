import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a system call, retrying on EINTR; -1 with errno becomes `SystemError`,
/// except EAGAIN/EWOULDBLOCK which return nil (nothing to do now).
///
/// Every system call of the project goes through here, so that EINTR and
/// errno are handled once, the same way (swift-nio's `NIOPosix/System.swift`
/// does the same).
@inlinable @inline(__always)
public func syscall<T: FixedWidthInteger>(_ name: String, _ body: () -> T) throws(SystemError) -> T? {
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

/// close(2), once and its result ignored (`System.close` says why): the one system call not
/// made through `syscall`, whose retry on EINTR could close a descriptor another thread just
/// got. Kept here with the other raw calls.
func closeOnce(_ fd: Int32) {
    _ = Glibc.close(fd)
}
