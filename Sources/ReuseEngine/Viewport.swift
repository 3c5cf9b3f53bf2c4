/// The part of the list a client shows: `[offset, offset + height)` in pixels,
/// widened by `overscan` on both sides for prefetching, and by `above` and `below`
/// past that: the lookahead a `Prefetch` plan adds in the direction of motion.
///
/// Any values are accepted. Negative, non-finite or empty windows select nothing
/// or are clamped to the content; validation with messages for people happens at
/// the HTTP edge, not here.
public struct Viewport: Hashable, Sendable {
    /// Pixels from the top of the content to the top of the window.
    public var offset: Double
    /// The window's height in pixels.
    public var height: Double
    /// Extra pixels above and below the window whose items count as visible.
    public var overscan: Double
    /// Extra pixels above the overscan (a lookahead upwards); 0 unless prefetching.
    public var above: Double = 0
    /// Extra pixels below the overscan (a lookahead downwards); 0 unless prefetching.
    public var below: Double = 0

    /// A window at `offset`, `height` tall, widened by `overscan` (default 0).
    public init(offset: Double, height: Double, overscan: Double = 0) {
        self.offset = offset
        self.height = height
        self.overscan = overscan
    }

    /// The same window reaching `prefetch.above` and `prefetch.below` past its overscan.
    public func extended(by prefetch: Prefetch) -> Viewport {
        var wider = self
        wider.above = prefetch.above
        wider.below = prefetch.below
        return wider
    }

    /// The window as asked, without a lookahead.
    public var asked: Viewport { Viewport(offset: offset, height: height, overscan: overscan) }

    /// The window's top edge with its overscan and lookahead (px).
    public var low: Double { offset - Self.margin(overscan) - Self.margin(above) }
    /// The window's bottom edge with its overscan and lookahead (px).
    public var high: Double { offset + height + Self.margin(overscan) + Self.margin(below) }

    /// A margin as counted: a negative one or NaN counts as none.
    static func margin(_ value: Double) -> Double { value > 0 ? value : 0 }
}
