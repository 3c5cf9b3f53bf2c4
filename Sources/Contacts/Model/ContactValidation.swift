/// The rules a written e-mail and phone keep beyond their type and length
/// (docs/api.md, "POST /contacts, PATCH /contacts/{id} and DELETE /contacts/{id}"): an e-mail looks
/// like one (`local@domain`: exactly one `@`, text on both sides, no white space), a phone holds at
/// least one digit. An empty value passes: every field may be empty.
///
/// Writes (`POST` and `PATCH /contacts`, for the fields they give) and imports (every
/// row) are checked; reads never are, so a value stored before the rules (an old
/// import, the demo data) is read, listed and exported as it is, and a write that
/// leaves it alone keeps it. The other e-mails and phones of a contact's details are
/// held to the same rules.
public enum ContactValidation {
    /// A value that breaks a rule: the field, where in it (`email`, or
    /// `details: emails[1].value`), and what is wrong, in words that say how to fix it.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let field: ContactField
        public let place: String
        public let problem: String

        /// "`place` `problem`".
        public var description: String { "\(place) \(problem)" }
    }

    /// The white space an e-mail may not hold: Unicode's White_Space characters,
    /// listed (the OpenAPI document's pattern names the same ones).
    public static let whiteSpace: [ClosedRange<UInt32>] = [
        0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
        0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
    ]

    /// Whether `text` is empty or looks like an e-mail address: one `@`, at least one
    /// character before and after it, and no white space. (An import checks every
    /// e-mail it reads: ASCII is judged on its bytes.)
    public static func isEmail(_ text: String) -> Bool {
        if text.isEmpty { return true }
        return text.utf8.allSatisfy { $0 < 0x80 }
            ? looksLikeEmail(text.utf8.lazy.map { UInt32($0) })
            : looksLikeEmail(text.unicodeScalars.lazy.map(\.value))
    }

    /// The e-mail rule over `values`, a text's bytes (ASCII) or scalars.
    private static func looksLikeEmail(_ values: some Sequence<UInt32>) -> Bool {
        var (ats, before, after) = (0, 0, 0)
        for value in values {
            if value == 0x40 {  // "@"
                ats += 1
            } else if isWhiteSpace(value) {
                return false
            } else if ats == 0 {
                before += 1
            } else {
                after += 1
            }
        }
        return ats == 1 && before > 0 && after > 0
    }

    /// Whether `value` is one of `whiteSpace` (ASCII answered without the list: an
    /// import checks every e-mail it reads).
    @inline(__always) static func isWhiteSpace(_ value: UInt32) -> Bool {
        if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
        return whiteSpace.contains { $0.contains(value) }
    }

    /// Whether `text` is empty or holds at least one decimal digit (`0`-`9`, or
    /// another script's: Unicode's Nd).
    public static func isPhone(_ text: String) -> Bool {
        if text.isEmpty || text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) { return true }
        return text.unicodeScalars.contains { $0.properties.numericType == .decimal }
    }

    /// The fields the rules are about (checking others finds nothing).
    public static let checkedFields: [ContactField] = [.email, .phone, .details]

    static let emailRule =
        "must look like an e-mail address (local@domain: one @ with text on both sides, no spaces)"
    static let phoneRule = "needs at least one digit"

    /// The first value of `checked` in `fields` that breaks a rule (with `details`
    /// checked, the details' other e-mails and phones, from `details` when given,
    /// else read from the field), or nil.
    public static func problem(
        in fields: ContactFields, checking checked: some Sequence<ContactField>,
        details: ContactDetails? = nil
    ) -> Problem? {
        for field in checked {
            switch field {
            case .email where !isEmail(fields.email):
                return Problem(
                    field: .email, place: field.name, problem: "\(emailRule), not '\(shown(fields.email))'")
            case .phone where !isPhone(fields.phone):
                return Problem(
                    field: .phone, place: field.name, problem: "\(phoneRule), not '\(shown(fields.phone))'")
            case .details:
                // The details read already, or read now (none to read: nothing to check).
                guard
                    let details = details
                        ?? (fields.details.isEmpty ? nil : try? ContactDetails(json: fields.details))
                else { continue }
                if let problem = problem(in: details) { return problem }
            default:
                continue
            }
        }
        return nil
    }

    /// The first of the details' other e-mails and phones that breaks a rule, or nil.
    public static func problem(in details: ContactDetails) -> Problem? {
        for (index, item) in details.emails.enumerated() where !isEmail(item.value) {
            return Problem(
                field: .details, place: "details: emails[\(index)].value",
                problem: "\(emailRule), not '\(shown(item.value))'")
        }
        for (index, item) in details.phones.enumerated() where !isPhone(item.value) {
            return Problem(
                field: .details, place: "details: phones[\(index)].value",
                problem: "\(phoneRule), not '\(shown(item.value))'")
        }
        return nil
    }

    /// A value as a message quotes it: at most 60 characters.
    private static func shown(_ text: String) -> String {
        text.unicodeScalars.count <= 60
            ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(60))) + "…"
    }
}
