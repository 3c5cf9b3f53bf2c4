/// How an import meets the contacts already stored. The raw values are the words
/// of `?mode=` and `--mode`: `ImportMode(rawValue:)` is their one parser.
public enum ImportMode: String, Equatable, Sendable, CaseIterable {
    /// Keep the existing contacts and add the file's.
    case append
    /// Replace every contact with the file's.
    case replace
    /// Match each row to a stored contact (`ContactMatch`: the vCard UID, then the
    /// e-mail, then the same name and phone) and update it in place; add the rest.
    case merge
}
