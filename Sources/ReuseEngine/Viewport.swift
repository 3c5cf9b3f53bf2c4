/// The part of the list a client shows: `[offset, offset + height)` in pixels,
/// widened by `overscan` on both sides for prefetching.
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

    /// A window at `offset`, `height` tall, widened by `overscan` (default 0).
    public init(offset: Double, height: Double, overscan: Double = 0) {
        self.offset = offset
        self.height = height
        self.overscan = overscan
    }
}
