import TestSupport

@testable import ReuseEngine

/// Seeded random scrolling: small scrolls, flings, jumps anywhere (and past both
/// ends), resizes and overscan changes, in proportions a real client produces.
struct ScrollScript {
    var random: SeededGenerator
    var viewport: Viewport
    let contentHeight: Double

    init(seed: UInt64, layout: ListLayout, start: Viewport = Viewport(offset: 0, height: 667)) {
        random = SeededGenerator(seed: seed)
        viewport = start
        contentHeight = Double(layout.contentHeight)
    }

    mutating func next() -> Viewport {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<55:  // a small scroll, sometimes fractional
            viewport.offset +=
                Double(Int.random(in: -60...60, using: &random))
                + (Bool.random(using: &random) ? 0 : 0.5)
        case 55..<70:  // a fling: a few screens
            viewport.offset += Double(Int.random(in: -4000...4000, using: &random))
        case 70..<85:  // a jump anywhere, including just past either end
            viewport.offset = Double.random(in: -1000...(contentHeight + 1000), using: &random).rounded()
        case 85..<95:  // a resize
            viewport.height =
                Int.random(in: 0..<10, using: &random) == 0
                ? 0 : Double(Int.random(in: 1...3000, using: &random))
        default:  // prefetch margin changes
            viewport.overscan = Double(Int.random(in: 0...600, using: &random))
        }
        return viewport
    }
}
