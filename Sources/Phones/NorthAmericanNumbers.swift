import Synchronization

/// The E.164 forms of North American numbers (calling code 1) that follow from their digits,
/// without libphonenumber's parse (8.6 us a number here, `roster-bench phones`: 8.6 s of an
/// import of 1,000,000 contacts).
///
/// Two forms, their area codes starting with 2 to 9 as the plan's do: `+1` and 10 digits
/// (`+1 415-555-0132`), whose E.164 form is itself in any region; and 10 digits without a `+`
/// (`(415) 555-0132`) typed in a region of the plan (the United States, Canada, the
/// Caribbean's), whose form is `+1` and them. libphonenumber reads
/// both so because 10 is the plan's one possible length and a national prefix `1` it would
/// strip would leave 9 digits; rather than trust that, each area code (the first 3 of the 10) of
/// each form and region is read by libphonenumber the first time it comes, and only an area it
/// read so is taken from the digits after (another parses every time).
enum NorthAmericanNumbers {
    /// Per form (`+`, or the region's code for the second), per area code: 0 not read yet, 1
    /// read as its digits, 2 read otherwise.
    private static let areas = Mutex<[String: [UInt8]]>([:])
    /// Per region: whether it is in the plan (it reads `2025550123` as `+12025550123`).
    private static let regions = Mutex<[String: Bool]>([:])

    /// The E.164 form of `plain` (`PhoneNumbers.plainDigits`: ASCII digits after an optional
    /// `+`) typed in `region`: from its digits where its form and area were read so before,
    /// else what `parse` (libphonenumber) gives.
    static func e164(_ plain: String, region: PhoneRegion, parse: (String) -> String?) -> String? {
        let bytes = Array(plain.utf8)
        let form: String
        let area: Int
        let candidate: String
        // An area code starts with 2 to 9: `011` is the plan's international prefix and `1` its
        // national one, and a number starting so is read by its other digits (found by
        // `NorthAmericanNumbersTests`: in Jamaica `011 806 1079` has no form, and another
        // number of "area" 011 has).
        if bytes.count == 12 && bytes[0] == 0x2B && bytes[1] == 0x31 && bytes[2] >= 0x32 {
            (form, area, candidate) = ("+", Self.number(bytes[2..<5]), plain)
        } else if bytes.count == 10 && bytes[0] >= 0x32 && bytes[0] <= 0x39 && isInPlan(region, parse: parse)
        {
            (form, area, candidate) = (region.code, Self.number(bytes[0..<3]), "+1" + plain)
        } else {
            return parse(plain)
        }
        let known = areas.withLock { $0[form]?[area] ?? 0 }
        if known == 1 { return candidate }
        let parsed = parse(plain)
        if known == 0 {
            areas.withLock { areas in
                var marks = areas[form] ?? [UInt8](repeating: 0, count: 1000)
                marks[area] = parsed == candidate ? 1 : 2
                areas[form] = marks
            }
        }
        return parsed
    }

    /// Whether `region` is in the plan, asked of libphonenumber once a region.
    private static func isInPlan(_ region: PhoneRegion, parse: (String) -> String?) -> Bool {
        if let known = regions.withLock({ $0[region.code] }) { return known }
        let inPlan = parse("2025550123") == "+12025550123"
        regions.withLock { $0[region.code] = inPlan }
        return inPlan
    }

    /// The decimal number of 3 ASCII digits.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int {
        digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
