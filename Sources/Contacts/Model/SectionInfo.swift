/// One section of the list: its title and where its contacts sit.
public struct SectionInfo: Hashable, Sendable {
    /// 0...25 for A...Z, 26 for `#`.
    public let index: Int
    /// `A` ... `Z` or `#`.
    public let title: String
    /// Contacts in the section; 0 for an empty one.
    public let rows: Int
    /// Position of the section's first contact (for an empty section, of the next contact).
    public let firstRow: Int

    /// A section of its parts.
    public init(index: Int, title: String, rows: Int, firstRow: Int) {
        self.index = index
        self.title = title
        self.rows = rows
        self.firstRow = firstRow
    }

    /// All 27 sections holding `rows[s]` contacts each, in list order, first rows following.
    /// - Complexity: O(sections).
    public static func all(rows: [Int]) -> [SectionInfo] {
        var firstRow = 0
        return titles.indices.map { index in
            defer { firstRow += rows[index] }
            return SectionInfo(index: index, title: titles[index], rows: rows[index], firstRow: firstRow)
        }
    }

    /// The 27 section titles in list order.
    public static let titles: [String] = (0..<26).map { String(UnicodeScalar(UInt8(0x41 + $0))) } + ["#"]
}
