/// A contact's labels (docs/api.md, "Labels"): the groups it is in, each a name, as
/// address books keep them (vCard `CATEGORIES`, Google's "Labels", Outlook's
/// "Categories").
///
/// The `labels` field stores them as one text, the names in the order given, one a
/// line: a name is trimmed, holds no line break or other control character, and two
/// names that differ only in case are one (the first spelling kept). Its `key` (the
/// name lowercased) is what the list's filter (`label=`), the counts of `GET
/// /labels` and the `contact_labels` table go by.
public enum ContactLabels {
    /// Most names a contact holds.
    public static let maxCount = 50
    /// Longest name, in characters (Unicode scalars, as JSON Schema counts them).
    public static let maxLength = 100
    /// Longest stored text: every name at its longest, a line break between two.
    public static let maxStoredLength = maxCount * (maxLength + 1)

    /// A name that cannot be a label, and why, in words that say how to fix it.
    public struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, naming the name by its place (`labels[2] is empty...`).
        public let problem: String
        /// The problem.
        public var description: String { problem }
    }

    /// The names a stored text holds, in order.
    /// - Complexity: O(text length).
    public static func names(_ stored: String) -> [String] {
        stored.isEmpty ? [] : stored.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// The stored text of names already checked (`checked(_:)` or `cleaned(_:)`).
    public static func stored(_ names: [String]) -> String { names.joined(separator: "\n") }

    /// The key a label is known by: its name trimmed and lowercased, so `Work`,
    /// ` work ` and `WORK` are one label.
    public static func key(_ name: String) -> String { trimmed(name).lowercased() }

    /// The names a write gives, as stored: each trimmed, repeats (in any case)
    /// folded into the first.
    /// - Throws: `Invalid` for a name that is empty once trimmed (a byte order mark
    ///   alone is none), holds a control character or is over 100 characters as
    ///   given, and for more than 50 names as given: the limits the OpenAPI schema
    ///   states, so that a body it refuses is refused here too.
    public static func checked(_ names: [String]) throws(Invalid) -> [String] {
        guard names.count <= maxCount else {
            throw Invalid(problem: "holds \(names.count) labels; a contact may have at most \(maxCount)")
        }
        var kept: [String] = []
        var keys: Set<String> = []
        for (index, raw) in names.enumerated() {
            let name = trimmed(raw)
            guard hasName(name) else {
                throw Invalid(problem: "labels[\(index)] is empty: a label needs a name")
            }
            guard !name.unicodeScalars.contains(where: isControl) else {
                throw Invalid(problem: "labels[\(index)] holds a line break or control character")
            }
            let length = raw.unicodeScalars.count
            guard length <= maxLength else {
                throw Invalid(
                    problem:
                        "labels[\(index)] is \(length) characters long; a label may have at most \(maxLength)"
                )
            }
            if keys.insert(name.lowercased()).inserted { kept.append(name) }
        }
        return kept
    }

    /// The names a file gives, as stored, never refused: control characters become
    /// spaces, names are trimmed and cut to 100 characters, empty ones and repeats
    /// dropped, and no more than 50 kept. What imports and the move of old
    /// `details.categories` store.
    public static func cleaned(_ names: [String]) -> [String] {
        var kept: [String] = []
        var keys: Set<String> = []
        for raw in names where kept.count < maxCount {
            var scalars = String.UnicodeScalarView()
            for scalar in raw.unicodeScalars { scalars.append(isControl(scalar) ? " " : scalar) }
            var name = trimmed(String(scalars))
            if name.unicodeScalars.count > maxLength {
                name = trimmed(String(String.UnicodeScalarView(name.unicodeScalars.prefix(maxLength))))
            }
            if hasName(name), keys.insert(name.lowercased()).inserted { kept.append(name) }
        }
        return kept
    }

    /// A stored text as cleaned names (`cleaned(_:)` of its lines): what a CSV cell of
    /// the `labels` column is read as.
    public static func cleaned(stored text: String) -> String {
        stored(cleaned(text.split(whereSeparator: \.isNewline).map(String.init)))
    }

    /// Whether a trimmed name names something: a character other than a byte order mark.
    private static func hasName(_ name: String) -> Bool {
        name.unicodeScalars.contains { $0 != "\u{FEFF}" }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
            || scalar == "\u{2029}"
    }

    /// `text` without leading and trailing white space (Unicode's White_Space).
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}

/// One label of the list and how many contacts hold it (`GET /labels`).
public struct LabelCount: Hashable, Sendable {
    /// The label's name as first written (a contact's spelling of it).
    public let name: String
    /// Contacts in the list that hold it.
    public let count: Int

    /// A label's count.
    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}
