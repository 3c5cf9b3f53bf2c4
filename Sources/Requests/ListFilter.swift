import Contacts
import HTTP

/// Which contacts a list shows (docs/api.md, "Search"; docs/api.md, "Favourites and labels"): a
/// search's words, the favourites only, one label only, or any of them together
/// (each narrows the others). Each is a set of ids; the list is the whole list's
/// order kept to their intersection (`SearchCache`), so every filter works as a
/// search's results do. Sessions belong to their filter: another one answers full.
public struct ListFilter: Hashable, Sendable {
    /// The search: `q`'s folded words; empty for none.
    public var words: [String] = []
    /// `filter=favorites`: the starred contacts only.
    public var favorites = false
    /// `label=NAME`: the contacts holding that label (its name trimmed; the store
    /// compares it in any case).
    public var label: String?

    /// A filter of `words`, the favourites only or not, and `label`.
    public init(words: [String] = [], favorites: Bool = false, label: String? = nil) {
        self.words = words
        self.favorites = favorites
        self.label = label
    }

    /// The whole list.
    public static let all = ListFilter()

    /// Whether this is the whole list.
    public var isEmpty: Bool { words.isEmpty && !favorites && label == nil }

    /// What the results are cached by: one text per filter.
    public var key: String {
        words.joined(separator: " ") + "\u{1}" + (favorites ? "f" : "") + "\u{1}"
            + (label.map(ContactLabels.key) ?? "")
    }

    /// `filter`'s value: `favorites` (or `all`, the whole list).
    /// - Throws: 400 `invalid_parameter` naming `filter` for any other.
    public static func view(_ text: String) throws(HTTPError) -> Bool {
        switch text {
        case "favorites": return true
        case "all": return false
        default:
            throw HTTPError(
                400, "invalid_parameter",
                "filter must be favorites (or all), not '\(text.prefix(40))'")
        }
    }

    /// Longest `label` accepted, in characters: twice a label's, for the spaces around it.
    public static let maxLabelLength = 2 * ContactLabels.maxLength

    /// `label`'s value, trimmed (an unknown label is an empty list, not an error).
    /// - Throws: 400 `invalid_parameter` naming `label` for one without a character that
    ///   is neither white space nor a control character (the OpenAPI pattern's), or over
    ///   200 characters.
    public static func label(_ text: String) throws(HTTPError) -> String {
        let length = text.unicodeScalars.count
        guard length <= maxLabelLength else {
            throw HTTPError(
                400, "invalid_parameter",
                "label is \(length) characters long; a label has at most \(ContactLabels.maxLength)")
        }
        guard text.unicodeScalars.contains(where: { !isBlank($0.value) }) else {
            throw HTTPError(400, "invalid_parameter", "label must name a label, like label=Work")
        }
        return ContactLabels.trimmed(text)
    }

    /// White space and control characters, as the OpenAPI pattern lists them.
    private static func isBlank(_ value: UInt32) -> Bool {
        value <= 0x20 || (0x7F...0xA0).contains(value) || value == 0x1680 || (0x2000...0x200A).contains(value)
            || value == 0x2028 || value == 0x2029 || value == 0x202F || value == 0x205F || value == 0x3000
            || value == 0xFEFF
    }
}
