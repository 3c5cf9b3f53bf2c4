import Testing

@testable import ReuseEngine

/// `height(ofSection:)`: what /sections reports beside each section's top.
struct ListLayoutSectionHeightTests {
    @Test(arguments: [
        [3, 0, 2, 0, 0, 1], [0, 0, 0], [1], [0, 5], [1_000_000, 0, 7],
    ])
    func sectionHeightsTileTheContent(counts: [Int]) throws {
        for heights in [ListLayout.Heights.standard, .init(contact: 20, header: 0)] {
            let layout = try ListLayout(sectionCounts: counts, heights: heights)
            var top = 0
            for section in counts.indices {
                #expect(layout.top(ofSection: section) == top)
                let expected = counts[section] == 0 ? 0 : heights.header + counts[section] * heights.contact
                #expect(layout.height(ofSection: section) == expected)
                top += layout.height(ofSection: section)
            }
            #expect(top == layout.contentHeight)
        }
    }
}
