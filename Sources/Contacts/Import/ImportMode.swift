/// How an import meets the contacts already stored. The raw values are the words
/// of `?mode=` and `--mode`: `ImportMode(rawValue:)` is their one parser.
public enum ImportMode: String, Equatable, Sendable, CaseIterable {
    /// Keep the existing contacts and add the file's.
    case append
    /// Replace every contact with the file's.
    case replace
}
