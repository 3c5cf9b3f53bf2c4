/// What a bad row of an import does. The raw values are the words of `?errors=`
/// and `--errors`: `ImportErrorPolicy(rawValue:)` is their one parser.
public enum ImportErrorPolicy: String, Equatable, Sendable, CaseIterable {
    /// Any bad row: write nothing, report the first errors (HTTP 422).
    case abort
    /// Leave bad rows out, import the rest, report them.
    case skip
}
