import Requests
import ReuseEngine

/// The geometry of the items just past a window (docs/api.md, "GET /window": `beyond`): the page
/// draws a skeleton at each one's place and height until its cell arrives. Above and below the
/// window's items, each a run-length list of heights in list order (headers included) from the top
/// of its first item: a few bytes for a screen.
struct Beyond {
    /// The most px of items described on each side.
    static let maxPixels = 4_000.0
    /// The most items described on each side.
    static let maxItems = 150

    /// The px described on each side: half the window's height, or as far as the
    /// client moves in a round trip when that is more.
    let pixels: Double

    init(query: WindowQuery) {
        let travel = abs(query.speed ?? 0) * (query.rtt ?? 0) / 1000
        pixels = min(Self.maxPixels, max(query.height / 2, travel))
    }

    /// One side: the top of its first item and its runs of `(height, count)`.
    struct Side: Equatable {
        var top: Int
        var runs: [(height: Int, count: Int)]

        static func == (a: Side, b: Side) -> Bool {
            a.top == b.top && a.runs.elementsEqual(b.runs, by: ==)
        }
    }

    /// The items above and below `visible` (item indices of `layout`) within `pixels`.
    /// - Complexity: O(log sections) plus a query of the row heights per item described.
    func sides(of visible: Range<Int>, in layout: ListLayout) -> (above: Side?, below: Side?) {
        guard !visible.isEmpty else { return (nil, nil) }
        let top = layout.item(at: visible.lowerBound).top
        let bottom = layout.item(at: visible.upperBound - 1).bottom
        let upper = layout.items(in: Viewport(offset: Double(top) - pixels, height: pixels))
        let lower = layout.items(in: Viewport(offset: Double(bottom), height: pixels))
        // At the list's ends nothing lies past the window: those ranges are empty.
        let aboveStart = min(max(upper.lowerBound, visible.lowerBound - Self.maxItems), visible.lowerBound)
        let belowEnd = max(min(lower.upperBound, visible.upperBound + Self.maxItems), visible.upperBound)
        let aboveRange = (upper.isEmpty ? visible.lowerBound : aboveStart)..<visible.lowerBound
        let belowRange = visible.upperBound..<(lower.isEmpty ? visible.upperBound : belowEnd)
        return (Self.side(aboveRange, in: layout), Self.side(belowRange, in: layout))
    }

    private static func side(_ range: Range<Int>, in layout: ListLayout) -> Side? {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= layout.itemCount else { return nil }
        var side = Side(top: layout.item(at: range.lowerBound).top, runs: [])
        for index in range {
            let height = layout.item(at: index).height
            if let last = side.runs.last, last.height == height {
                side.runs[side.runs.count - 1].count += 1
            } else {
                side.runs.append((height, 1))
            }
        }
        return side
    }
}
