import Contacts
import HTTP

/// Which contacts a list shows (README, "Search" and "Favourites and labels"): a
/// search's words, the favourites only, one label only, or any of them together
/// (each narrows the others). Each is a set of ids; the list is the whole list's
/// order kept to their intersection (`SearchCache`), so every filter works as a
/// search's results do. Sessions belong to their filter: another one answers full.
struct ListFilter: Hashable, Sendable {
    /// The search: `q`'s folded words; empty for none.
    var words: [String] = []
    /// `filter=favorites`: the starred contacts only.
    var favorites = false
    /// `label=NAME`: the contacts holding that label (its name trimmed; the store
    /// compares it in any case).
    var label: String?

    /// The whole list.
    static let all = ListFilter()

    /// Whether this is the whole list.
    var isEmpty: Bool { words.isEmpty && !favorites && label == nil }

    /// What the results are cached by: one text per filter.
    var key: String {
        words.joined(separator: " ") + "\u{1}" + (favorites ? "f" : "") + "\u{1}"
            + (label.map(ContactLabels.key) ?? "")
    }

    /// `filter`'s value: `favorites` (or `all`, the whole list).
    /// - Throws: 400 `invalid_parameter` naming `filter` for any other.
    static func view(_ text: String) throws(HTTPError) -> Bool {
        switch text {
        case "favorites": return true
        case "all": return false
        default:
            throw HTTPError(
                400, "invalid_parameter",
                "filter must be favorites (or all), not '\(text.prefix(40))'")
        }
    }

    /// `label`'s value, trimmed (an unknown label is an empty list, not an error).
    /// - Throws: 400 `invalid_parameter` naming `label` for one with no name or over 100 characters.
    static func label(_ text: String) throws(HTTPError) -> String {
        let key = ContactLabels.key(text)
        guard !key.isEmpty else {
            throw HTTPError(400, "invalid_parameter", "label must name a label, like label=Work")
        }
        guard text.unicodeScalars.count <= ContactLabels.maxLength * 2 else {
            throw HTTPError(
                400, "invalid_parameter",
                "label is \(text.unicodeScalars.count) characters long; a label has at most \(ContactLabels.maxLength)"
            )
        }
        return ContactLabels.trimmed(text)
    }

    /// The contacts this filter keeps, read through `store` (whose pinned read sees
    /// the list's version), searching with `scanner`; nil for the whole list.
    func ids(scanner: SearchScanner, store: any ContactSource, version: Int) throws -> ContactIDSet? {
        var kept: ContactIDSet?
        func narrow(_ found: () throws -> ContactIDSet) rethrows {
            if kept?.count == 0 { return }
            let ids = try found()
            if kept == nil {
                kept = ids
            } else {
                kept?.formIntersection(ids)
            }
        }
        if let label { try narrow { try store.labelled(label) } }
        if favorites { try narrow { try store.favorites() } }
        if !words.isEmpty { try narrow { try scanner.matches(words, store: store, version: version) } }
        return kept
    }
}
