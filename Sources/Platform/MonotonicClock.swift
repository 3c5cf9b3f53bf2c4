/// The one monotonic clock of the project: timeouts, latencies, session ages
/// and benchmarks all read it. A value, so that code under test is given a
/// clock it controls (`MonotonicClock(nanoseconds:)`) instead of the system's.
public struct MonotonicClock: Sendable {
    @usableFromInline let read: @Sendable () -> UInt64

    /// The system's CLOCK_MONOTONIC.
    public static let system = MonotonicClock(nanoseconds: { System.monotonicNanoseconds() })

    /// A clock that reads `nanoseconds` (a test's manual clock, for example).
    public init(nanoseconds: @escaping @Sendable () -> UInt64) {
        self.read = nanoseconds
    }

    /// Nanoseconds since an arbitrary fixed point.
    @inlinable public func nanoseconds() -> UInt64 { read() }

    /// Milliseconds since the same point.
    @inlinable public func milliseconds() -> UInt64 { read() / 1_000_000 }

    /// Seconds since the same point.
    @inlinable public func seconds() -> Double { Double(read()) / 1e9 }
}
