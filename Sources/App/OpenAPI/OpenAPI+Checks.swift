import Contacts

/// The patterns of the values writes check beyond their type and length
/// (`ContactValidation`): an e-mail that looks like one, a phone with a digit. Only
/// the input schemas carry them: a stored value from before the rules is read as it is.
extension OpenAPI {
    /// An e-mail as writes take it: empty, or one `@` with text on both sides and none
    /// of Unicode's White_Space characters, listed as ranges (engines disagree on `\s`).
    static var emailPattern: String {
        func escaped(_ value: UInt32) -> String {
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        let space = ContactValidation.whiteSpace.map { range in
            range.lowerBound == range.upperBound
                ? escaped(range.lowerBound) : escaped(range.lowerBound) + "-" + escaped(range.upperBound)
        }.joined()
        return "^(?:[^@\(space)]+@[^@\(space)]+)?$"
    }

    /// A phone as writes take it: empty, or with a decimal digit somewhere.
    static let phonePattern = #"^$|\d"#

    /// The pattern a written value of `field` must match, if any.
    static func writtenPattern(_ field: ContactField) -> String? {
        switch field {
        case .email: emailPattern
        case .phone: phonePattern
        default: nil
        }
    }
}
