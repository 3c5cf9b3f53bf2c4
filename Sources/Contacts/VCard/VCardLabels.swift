/// Labels between vCard and `ContactCard.Labeled`.
///
/// Reading, TYPE values map to the well-known labels: `HOME` home, `WORK` work,
/// `CELL`/`MOBILE` mobile, `MAIN` main, `FAX` fax, `PAGER` pager, `OTHER` other.
/// `INTERNET`, `VOICE`, `pref`, `TEXT`, `MSG`, `X400` and ADR's `DOM`, `INTL`,
/// `POSTAL`, `PARCEL` are no label. With several well-known ones, the most
/// telling wins (fax, pager, mobile, main, other, work, home: `WORK,FAX` is a
/// fax); with none, the first other value is the label as written (`CAR`,
/// `IPHONE`, `x-school`). An `X-ABLabel` of the same group overrides: Apple's
/// `_$!<Mobile>!$_` form is read as its well-known label ("mobile"; `HomeFAX`
/// and `WorkFAX` as "fax") or as the word inside when it is not one
/// (`_$!<HomePage>!$_` -> "HomePage"); any other X-ABLabel text is the label as written.
enum VCardLabels {
    enum TypeValue {
        case label(UInt8)
        case preferred
        case none
        case custom
    }

    /// The well-known label of the most telling of `bits` (fax 16, pager 32, mobile 4,
    /// main 8, other 64, work 2, home 1).
    static func label(bits: UInt8) -> String {
        if bits & 16 != 0 { return "fax" }
        if bits & 32 != 0 { return "pager" }
        if bits & 4 != 0 { return "mobile" }
        if bits & 8 != 0 { return "main" }
        if bits & 64 != 0 { return "other" }
        if bits & 2 != 0 { return "work" }
        return "home"
    }

    static func typeValue(_ line: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) -> TypeValue {
        func valueIs(_ word: StaticString) -> Bool { VCardBytes.equalsUpper(line, value, word) }
        switch value.count {
        case 3:
            if valueIs("FAX") { return .label(16) }
            if valueIs("MSG") || valueIs("DOM") { return .none }
        case 4:
            if valueIs("HOME") { return .label(1) }
            if valueIs("WORK") { return .label(2) }
            if valueIs("CELL") { return .label(4) }
            if valueIs("MAIN") { return .label(8) }
            if valueIs("PREF") { return .preferred }
            if valueIs("TEXT") || valueIs("X400") || valueIs("INTL") { return .none }
        case 5:
            if valueIs("PAGER") { return .label(32) }
            if valueIs("OTHER") { return .label(64) }
            if valueIs("VOICE") { return .none }
        case 6:
            if valueIs("MOBILE") { return .label(4) }
            if valueIs("POSTAL") || valueIs("PARCEL") { return .none }
        case 8:
            if valueIs("INTERNET") { return .none }
        default: break
        }
        return .custom
    }

    /// The label of a property's TYPE values: the most telling well-known one,
    /// else the first custom value as written, else "".
    static func label(_ parameters: VCardParameters, _ line: UnsafeBufferPointer<UInt8>) -> String {
        if parameters.labels != 0 { return label(bits: parameters.labels) }
        if let custom = parameters.customType {
            return VCardEncodings.headText(UnsafeBufferPointer(rebasing: line[custom]))
        }
        return ""
    }

    /// An `X-ABLabel` value as a label.
    static func fromABLabel(_ text: String) -> String {
        guard text.hasPrefix("_$!<") && text.hasSuffix(">!$_") && text.count >= 8 else { return text }
        let inner = String(text.dropFirst(4).dropLast(4))
        switch inner.lowercased() {
        case "homefax", "workfax", "otherfax": return "fax"
        case let word where ContactCard.Labeled.wellKnown.contains(word): return word
        default: return inner
        }
    }

    /// The TYPE value the writer gives a well-known label (uppercase; the 4.0
    /// writer lowercases it), nil for a custom label.
    static func typeName(_ label: String) -> String? {
        switch label {
        case "fax": "FAX"
        case "pager": "PAGER"
        case "mobile": "CELL"
        case "main": "MAIN"
        case "other": "OTHER"
        case "work": "WORK"
        case "home": "HOME"
        default: nil
        }
    }
}
