import Locales
import Phones
import Synchronization

/// The list's locale: what orders its names (ICU's collation of the locale), what sections them
/// (ICU's alphabetic index of the locale with other scripts' labels added) and the region its
/// phone numbers are read in. Kept with the list (`stamp`); a start under another locale or
/// another ICU rebuilds the order and sections (docs/api.md, "The list's locale").
public final class ListLocale: Sendable {
    /// The canonical BCP 47 tag ("zh", "zh-Hant", "sv").
    public let tag: String
    /// The collation names are ordered by.
    public let collation: Collation
    /// The index sections are made of.
    public let index: NameIndex

    /// What a list records of how its keys were made: the locale, ICU's version and the format of
    /// the keys. Another stamp at start means the keys must be made again.
    public var stamp: String { "\(tag) icu \(Self.icuVersion) keys \(Self.keyFormat)" }

    /// The version of the ICU linked ("72.1").
    public static var icuVersion: String { ICU.version }

    /// The version of the sort keys' layout (`ContactSortKey`), raised when it changes.
    public static let keyFormat = 1

    /// The region a list in this locale reads phone numbers in when `--region` names none: the
    /// tag's own region (`GB` of `en-GB`), else the one ICU deems likely for its language (`SE` for
    /// `sv`, `CN` for `zh`, `US` for `en`), else the United States (`PhoneRegion.listDefault`).
    public var phoneRegion: PhoneRegion { PhoneRegion.listDefault(localeRegion: ICU.likelyRegion(of: tag)) }

    /// The section titles, in list order, `#` last.
    public var titles: [String] { index.titles }

    /// Whether a section is shown even when empty: a label of the locale's own index, or `#`.
    public func isOwn(_ title: String) -> Bool { title == "#" || index.ownTitles.contains(title) }

    /// The list's locale for `tag` (made once per tag and shared: ICU's collator and index take
    /// milliseconds to build).
    /// - Throws: `ContactsError.unknownLocale` when ICU reads no language from `tag`.
    public static func named(_ tag: String) throws -> ListLocale {
        guard let canonical = ICU.canonicalTag(tag) else { throw ContactsError.unknownLocale(tag) }
        if let made = made.withLock({ $0[canonical] }) { return made }
        let locale = try ListLocale(canonical: canonical)
        return made.withLock { known in
            if let first = known[canonical] { return first }
            known[canonical] = locale
            return locale
        }
    }

    /// English, the locale of a list none was chosen for.
    public static var english: ListLocale {
        // ICU ships English's collation and index in every build.
        try! named("en")
    }

    private static let made = Mutex<[String: ListLocale]>([:])

    private init(canonical: String) throws {
        tag = canonical
        collation = try Collation(locale: canonical)
        index = try NameIndex(locale: canonical)
    }

    /// The locale a new list takes when none is named: the language of `ROSTER_LOCALE`, else of
    /// `LC_ALL`, `LC_COLLATE` or `LANG` (POSIX's "sv_SE.UTF-8" read as "sv-SE"; "C" and "POSIX"
    /// skipped), else English.
    public static func fromEnvironment(_ environment: [String: String]) -> String {
        if let chosen = environment["ROSTER_LOCALE"], !chosen.isEmpty { return chosen }
        for name in ["LC_ALL", "LC_COLLATE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let base = value.prefix { $0 != "." && $0 != "@" }
            if base == "C" || base == "POSIX" { continue }
            if let tag = ICU.canonicalTag(String(base.map { $0 == "_" ? "-" : $0 })) { return tag }
        }
        return "en"
    }
}
