/// Why a `ListLayout` could not be built.
public enum ReuseEngineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A section was given a negative number of contacts.
    case negativeCount(section: Int, count: Int)
    /// A contact height of zero or less, or a negative header height.
    case invalidHeight(kind: ItemKind, height: Int)
    /// The content would be taller than `Int` can count.
    case contentTooTall
    /// Row heights were given for another number of rows than the sections hold.
    case rowCountMismatch(sections: Int, heights: Int)

    /// A message a person can act on.
    public var description: String {
        switch self {
        case .negativeCount(let section, let count):
            "section \(section) has \(count) contacts; counts must be 0 or more"
        case .invalidHeight(.contact, let height):
            "contact height \(height) px: it must be at least 1 px"
        case .invalidHeight(let kind, let height):
            "\(kind) height \(height) px: it must be 0 (no header items) or more"
        case .contentTooTall:
            "the list is taller than \(Int.max) px; use fewer contacts or smaller heights"
        case .rowCountMismatch(let sections, let heights):
            "the sections hold \(sections) contacts but row heights were given for \(heights)"
        }
    }
}
