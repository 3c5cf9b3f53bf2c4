import HTTP

/// Which language `GET /` is rendered in (docs/page.md, "Languages"; docs/api.md,
/// "GET / and the files of Public/"): the reader's choice in the page (the
/// `roster_language` cookie) when the page has that language, else the first
/// language of `Accept-Language` (highest `q` first, `q=0` refused) that it has,
/// else the first of `languages` (English). The page's script chooses alike
/// (Public/common/model/language.js) when it has no catalog from the server.
enum PageLanguage {
    /// The cookie the page's language menu sets.
    static let cookie = "roster_language"

    /// The language of `request`'s headers among `languages` (tags of the catalogs,
    /// the fallback first).
    static func choose(_ headers: HTTPHeaders, among languages: [String]) -> String {
        if let chosen = cookieValue(in: headers),
            let own = languages.first(where: { $0.lowercased() == chosen.lowercased() })
        {
            return own
        }
        for tag in preferences(headers.combined("Accept-Language") ?? "") {
            if let language = supported(tag, among: languages) { return language }
        }
        return languages.first ?? "en"
    }

    /// The language of `languages` that BCP 47 tag `tag` asks for, or nil: the same
    /// tag; Simplified Chinese for `zh`, `zh-CN`, `zh-SG` and `zh-Hans(-*)` (not
    /// `zh-TW`, `zh-HK`, `zh-MO` or `zh-Hant`); else the language of its first subtag
    /// (`de-AT` reads `de`).
    static func supported(_ tag: String, among languages: [String]) -> String? {
        let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let primary = parts.first else { return nil }
        let find = { (wanted: String) in languages.first { $0.lowercased() == wanted } }
        if let exact = find(parts.joined(separator: "-")) { return exact }
        if primary == "zh" {
            let rest = parts.dropFirst()
            if rest.contains("hant") || rest.contains(where: { ["tw", "hk", "mo"].contains($0) }) {
                return nil
            }
            return find("zh-hans")
        }
        return find(String(primary))
    }

    /// The tags of an `Accept-Language` value, highest `q` first (ties in their
    /// order), without `*` and those of `q=0`.
    static func preferences(_ header: String) -> [String] {
        var tags: [(tag: String, q: Double, order: Int)] = []
        for (order, element) in header.split(separator: ",").enumerated() {
            let parts = element.split(separator: ";").map { $0.trimmingHTTPWhitespace() }
            guard let tag = parts.first, !tag.isEmpty, tag != "*" else { continue }
            var q = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingHTTPWhitespace() }
                if pair.count == 2, pair[0].lowercased() == "q" { q = Double(pair[1]) ?? 1 }
            }
            if q > 0 { tags.append((tag, q, order)) }
        }
        return tags.sorted { $0.q != $1.q ? $0.q > $1.q : $0.order < $1.order }.map(\.tag)
    }

    /// The value of the `roster_language` cookie in `headers`, or nil.
    static func cookieValue(in headers: HTTPHeaders) -> String? {
        for field in headers.values("Cookie") {
            for pair in field.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " || $0 == "\t" }
                guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == cookie else { continue }
                return String(trimmed[trimmed.index(after: equals)...]).trimmingHTTPWhitespace()
            }
        }
        return nil
    }
}
