import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// Thin helpers over the calls used in more than one place.
public enum System {
    /// Closes `fd`. Its errors are not actionable: on Linux the descriptor is
    /// released even when close reports EINTR or EIO, and retrying could close a
    /// descriptor another thread just got, so they are ignored on purpose.
    public static func close(_ fd: Int32) {
        closeOnce(fd)
    }

    /// Writes all of `bytes` to `fd` (a blocking descriptor such as stderr);
    /// false when it failed or would block.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var written = 0
        while written < bytes.count {
            let result = try? syscall("write") {
                Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
            }
            guard let count = result ?? nil, count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Fills `buffer` from the kernel's CSPRNG; false when it could not (the
    /// caller falls back to another source).
    public static func random(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var filled = 0
        while filled < buffer.count {
            let result = try? syscall("getrandom") {
                getrandom(buffer.baseAddress! + filled, buffer.count - filled, 0)
            }
            guard let count = result ?? nil, count > 0 else { return false }
            filled += count
        }
        return true
    }

    /// CLOCK_MONOTONIC in nanoseconds.
    public static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        // clock_gettime cannot fail for CLOCK_MONOTONIC with a valid pointer.
        _ = try? syscall("clock_gettime") { clock_gettime(CLOCK_MONOTONIC, &now) }
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
