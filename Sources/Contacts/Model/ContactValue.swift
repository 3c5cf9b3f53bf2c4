/// One field's value.
public enum ContactValue: Hashable, Sendable {
    case text(String)
    case boolean(Bool)

    /// The empty value of a field of `kind`: "" or false.
    public init(emptyOf kind: ContactField.Kind) {
        switch kind {
        case .text: self = .text("")
        case .boolean: self = .boolean(false)
        }
    }

    /// The text ("true"/"false" for a boolean), as exported to CSV.
    public var text: String {
        switch self {
        case .text(let text): text
        case .boolean(let value): value ? "true" : "false"
        }
    }
}
