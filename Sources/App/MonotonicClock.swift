#if canImport(Glibc)
    import Glibc
#endif

/// Seconds on a monotonic clock (session idleness, the age of a pinned read).
enum MonotonicClock {
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
