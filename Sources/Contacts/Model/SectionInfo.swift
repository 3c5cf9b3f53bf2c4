/// One section of the list: its title and where its contacts sit.
public struct SectionInfo: Hashable, Sendable {
    /// The section's place in the list locale's titles (`ListLocale.titles`).
    public let index: Int
    /// A label of the list locale's alphabetic index ("A", "Я", "あ", "ㄱ"...) or `#`.
    public let title: String
    /// Contacts in the section; 0 for an empty one.
    public let rows: Int
    /// Position of the section's first contact (for an empty section, of the next contact).
    public let firstRow: Int
    /// Shown even when empty: a label of the locale's own index, or `#`. Other scripts' labels
    /// are shown only while they hold contacts.
    public let isOwn: Bool

    /// A section of its parts.
    public init(index: Int, title: String, rows: Int, firstRow: Int, isOwn: Bool = true) {
        self.index = index
        self.title = title
        self.rows = rows
        self.firstRow = firstRow
        self.isOwn = isOwn
    }

    /// The same section holding `rows` contacts from `firstRow`.
    public func with(rows: Int, firstRow: Int) -> SectionInfo {
        SectionInfo(index: index, title: title, rows: rows, firstRow: firstRow, isOwn: isOwn)
    }

    /// The sections of `locale` holding `rows[s]` contacts each, in list order, first rows
    /// following.
    /// - Complexity: O(sections).
    public static func all(rows: [Int], in locale: ListLocale) -> [SectionInfo] {
        var firstRow = 0
        let titles = locale.titles
        return titles.indices.map { index in
            defer { firstRow += rows[index] }
            return SectionInfo(
                index: index, title: titles[index], rows: rows[index], firstRow: firstRow,
                isOwn: locale.isOwn(titles[index]))
        }
    }
}
