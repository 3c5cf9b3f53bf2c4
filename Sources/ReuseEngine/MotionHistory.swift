/// A session's recent window offsets with the times they were asked at, newest
/// last: what the server has seen of a client's motion. Times are values the
/// caller gives (seconds on any monotonic clock), so the history is as pure as the
/// rest of the engine. At most `capacity` samples are kept; a time earlier than the
/// newest (another clock, a restart) starts the history anew.
public struct MotionHistory: Hashable, Sendable {
    /// One asked offset (px) at `time` (s).
    public struct Sample: Hashable, Sendable {
        public var offset: Double
        public var time: Double

        public init(offset: Double, time: Double) {
            self.offset = offset
            self.time = time
        }
    }

    /// Most samples kept.
    public static let capacity = 8

    /// The samples, oldest first.
    public private(set) var samples: [Sample] = []

    public init(_ samples: [Sample] = []) {
        for sample in samples { record(offset: sample.offset, time: sample.time) }
    }

    /// Adds the offset asked at `time`; non-finite values are not motion and are left out.
    /// - Complexity: O(capacity).
    public mutating func record(offset: Double, time: Double) {
        guard offset.isFinite, time.isFinite else { return }
        if let last = samples.last, time < last.time { samples.removeAll() }
        if samples.count == Self.capacity { samples.removeFirst() }
        samples.append(Sample(offset: offset, time: time))
    }

    /// The speed (px/s, positive downwards) of the motion that ends at `offset` at
    /// `now`, measured over the samples of the last `span` seconds; 0 when there are
    /// none (no history, or the list rested longer than `span`). A step longer than
    /// `jump` px is a jump, not motion: samples before it are left out.
    /// - Complexity: O(capacity).
    public func speed(endingAt offset: Double, now: Double, span: Double, jump: Double) -> Double {
        guard offset.isFinite, now.isFinite else { return 0 }
        var start: Sample?
        var next = Sample(offset: offset, time: now)
        for sample in samples.reversed() {
            guard now - sample.time <= span, sample.time <= next.time,
                abs(next.offset - sample.offset) <= jump
            else { break }
            start = sample
            next = sample
        }
        guard let start, now - start.time >= 0.01 else { return 0 }
        return (offset - start.offset) / (now - start.time)
    }
}
