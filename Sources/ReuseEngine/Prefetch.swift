/// How far past its overscan a window reaches so that the rows a moving client is
/// about to show are already there when it gets there, as UITableView's
/// prefetching data source asks for the rows ahead of the scroll: a lookahead in
/// the direction of motion, none behind, nothing at rest.
///
/// A plan is a pure function of its inputs: the viewport asked, the session's
/// recent offsets (`MotionHistory`) and the time now (a value), the speed and
/// round trip the client measured and sends (either may be missing), the window
/// the session showed before, and the limits. An answer the client asks for
/// arrives one round trip later and shows until the next arrives, one more round
/// trip on, so the lookahead is the distance covered in two round trips plus
/// `Limits.slack`, less the overscan the client asked for itself. While the
/// motion keeps its direction, the far edge never moves back (rows sent ahead are
/// not released to be sent again when the measured speed wavers).
public struct Prefetch: Hashable, Sendable {
    /// Extra px above the overscan (motion upwards).
    public var above: Double
    /// Extra px below the overscan (motion downwards).
    public var below: Double

    public init(above: Double, below: Double) {
        self.above = above
        self.below = below
    }

    /// No lookahead.
    public static let none = Prefetch(above: 0, below: 0)

    /// The bounds of a plan.
    public struct Limits: Hashable, Sendable {
        /// The most px a lookahead reaches past the window as asked, overscan included.
        public var pixels: Double
        /// The most items (rows and headers) a lookahead adds to the window as asked.
        public var items: Int
        /// Seconds added to two round trips: the client's frame and the server's work.
        public var slack: Double
        /// The longest round trip believed (s); a longer one counts as this.
        public var longestRoundTrip: Double
        /// Seconds of history the speed is measured over; older means at rest.
        public var span: Double

        public init(
            pixels: Double = 8_000, items: Int = 150, slack: Double = 0.05, longestRoundTrip: Double = 1,
            span: Double = 0.5
        ) {
            self.pixels = pixels
            self.items = items
            self.slack = slack
            self.longestRoundTrip = longestRoundTrip
            self.span = span
        }
    }

    /// The lookahead for `viewport` (as asked: its own `above`/`below` are ignored).
    /// - Parameters:
    ///   - history: the session's earlier offsets; `now` the time of this request (s).
    ///   - speed: the client's own speed (px/s, positive downwards), if it sent one.
    ///   - roundTrip: the client's round trip (s), if it sent one.
    ///   - previous: the window the session showed before (with its lookahead), if any.
    /// - Complexity: O(`MotionHistory.capacity`).
    public static func plan(
        viewport: Viewport, history: MotionHistory, now: Double, speed: Double?, roundTrip: Double?,
        previous: Viewport?, limits: Limits = Limits()
    ) -> Prefetch {
        let asked = viewport.asked
        guard asked.offset.isFinite, asked.height.isFinite, limits.pixels > 0 else { return .none }
        let reach = min(limits.pixels, 1e9)
        let seen = history.speed(
            endingAt: asked.offset, now: now, span: limits.span, jump: reach + max(asked.height, 0))
        let velocity = combined(client: speed, seen: seen)
        guard velocity != 0 else { return .none }
        let trip = min(max(roundTrip.flatMap { $0.isFinite ? $0 : nil } ?? 0, 0), limits.longestRoundTrip)
        let overscan = Viewport.margin(asked.overscan)
        var ahead = min(abs(velocity) * (2 * trip + max(limits.slack, 0)), reach) - overscan
        // Keep the far edge where it was while the motion goes on the same way.
        if let previous {
            let kept =
                velocity > 0
                ? (Viewport.margin(previous.below) > 0 ? previous.high - asked.high : 0)
                : (Viewport.margin(previous.above) > 0 ? asked.low - previous.low : 0)
            if kept.isFinite, kept > ahead, kept + overscan <= reach { ahead = kept }
        }
        guard ahead > 0 else { return .none }
        return velocity > 0 ? Prefetch(above: 0, below: ahead) : Prefetch(above: ahead, below: 0)
    }

    /// The speed a plan follows: the client's, or the larger of the two when they
    /// agree in direction (the client's estimate lags behind a notch); the client's
    /// when they disagree (it is the newer: a change of direction); the session's
    /// history when the client sent none. Non-finite values count as none.
    static func combined(client: Double?, seen: Double) -> Double {
        let seen = seen.isFinite ? seen : 0
        guard let client, !client.isNaN else { return seen }
        let own = min(max(client, -1e9), 1e9)
        if own == 0 { return 0 }
        if own.sign == seen.sign, abs(seen) > abs(own) { return seen }
        return own
    }

    /// This plan cut so that `viewport` extended by it holds at most `limits.items`
    /// more items of `layout` than `viewport` as asked.
    /// - Complexity: O(log sections) plus a few queries of the row heights.
    public func capped(for viewport: Viewport, in layout: ListLayout, limits: Limits = Limits()) -> Prefetch {
        let asked = viewport.asked
        let base = layout.items(in: asked)
        let wide = layout.items(in: asked.extended(by: self))
        guard !base.isEmpty, !wide.isEmpty else { return self }
        let most = max(limits.items, 0)
        var plan = self
        if wide.upperBound - base.upperBound > most {
            // Up to the top of the first item past the cap: that item is left out.
            plan.below = max(0, Double(layout.item(at: base.upperBound + most).top) - asked.high)
        }
        if base.lowerBound - wide.lowerBound > most {
            plan.above = max(0, asked.low - Double(layout.item(at: base.lowerBound - most - 1).bottom))
        }
        return plan
    }
}
