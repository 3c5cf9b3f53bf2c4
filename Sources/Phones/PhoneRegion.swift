import CPhoneNumbers

/// The region a list's phone numbers are read in (docs/api.md, "Phone numbers"): an
/// ISO 3166 alpha-2 code libphonenumber holds numbering rules for. A number typed
/// without its country code (`(020) 7946 0958`) is taken as dialled in this region;
/// one with a leading `+` says its own country. It travels as a value to wherever
/// numbers are read (search documents, merge keys, the contact JSON), never as a
/// process-wide setting, so that two lists in one process may differ.
public struct PhoneRegion: Hashable, Sendable, CustomStringConvertible {
    /// The upper-case alpha-2 code, as libphonenumber names the region ("GB").
    public let code: String

    /// The region of `code` (upper-case, as ISO 3166 writes it), or nil when
    /// libphonenumber has no numbering rules for it (not a country code, or a
    /// non-geographic entity such as "001").
    public init?(_ code: String) {
        guard code.utf8.count == 2, code.utf8.allSatisfy({ (0x41...0x5A).contains($0) }),
            roster_phone_is_supported_region(code) == 1
        else { return nil }
        self.code = code
    }

    /// The United States: the region of a list nothing else decides one for.
    public static let unitedStates = PhoneRegion(checked: "US")

    /// The region a list's numbers are read in when `roster serve --region` does not
    /// name one: the region of the list's locale when it has one libphonenumber
    /// knows (`localeRegion`, an alpha-2 code such as a locale's "GB" of en_GB),
    /// else the United States. The one place that decides it.
    public static func listDefault(localeRegion: String?) -> PhoneRegion {
        localeRegion.flatMap { PhoneRegion($0.uppercased()) } ?? .unitedStates
    }

    /// A code known to be supported.
    private init(checked code: String) { self.code = code }

    public var description: String { code }
}
