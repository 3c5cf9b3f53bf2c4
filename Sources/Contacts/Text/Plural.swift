/// Counts in messages for a person, in English's two plural forms: "1 contact",
/// "2 contacts", "0 contacts" (the page has the same rule in `plural.js`).
public enum Plural {
    /// `count` and its noun: `one` for exactly 1, else `other` (`one` + "s" when not given).
    public static func count(_ count: Int, _ one: String, _ other: String? = nil) -> String {
        "\(count) \(count == 1 ? one : other ?? one + "s")"
    }
}
