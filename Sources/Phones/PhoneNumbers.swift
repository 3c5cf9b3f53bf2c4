import CPhoneNumbers

/// Phone numbers read and written by libphonenumber (docs/api.md, "Phone numbers"):
/// a typed number's E.164 form, that form formatted for a reader, and whether a
/// search query is a number at all.
///
/// A typed number has an E.164 form when it parses and its length is a possible
/// one for its country (libphonenumber's `IsPossibleNumberWithReason` is
/// `IS_POSSIBLE`), not only when it is valid (`IsValidNumber`): validity asks the
/// number ranges a country has allocated, which change every month and which the
/// library's metadata only knows as of its release, and it refuses the fictional
/// ranges lists are full of (555 numbers, Ofcom's drama numbers); the E.164 form
/// of a possible number is as well defined as a valid one's. A number shorter
/// than its country's numbers (`IS_POSSIBLE_LOCAL_ONLY`, dialled without its area
/// code) has none: its area is unknown.
///
/// Cost: a parse runs libphonenumber's regular expressions, tens of microseconds
/// a number (`roster-bench phones` prints it); it is paid where a number is written
/// or a query read, never per row shown, and not for North American numbers whose
/// form follows from their digits (`NorthAmericanNumbers`).
public enum PhoneNumbers {
    /// The E.164 form ("+442079460958") of `text` typed in `region` (its own `+` and
    /// country code win), or nil when it is not a possible number.
    public static func e164(_ text: String, region: PhoneRegion) -> String? {
        guard hasTwoDigits(text) else { return nil }
        guard let plain = plainDigits(text) else { return parsed(text, region: region) }
        return NorthAmericanNumbers.e164(plain, region: region) { parsed($0, region: region) }
    }

    /// libphonenumber's E.164 form of `text` typed in `region` (`e164(_:region:)` without its
    /// shortcuts).
    static func parsed(_ text: String, region: PhoneRegion) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                region.code.withCString { code in
                    written { roster_phone_e164(chars.baseAddress, chars.count, code, $0, $1) }
                }
            }
        }
    }

    /// `text` as its digits (after a `+` when it starts with one), when it holds
    /// nothing but ASCII digits, spaces, `-`, `.` and parentheses (and that leading
    /// `+`): libphonenumber reads such a text as those digits alone (it drops the
    /// punctuation before reading the number), and reads them about a third
    /// faster without it, its regular expressions having less to look at. Nil
    /// for any other text (letters, an extension, a second `+`), read as it is.
    static func plainDigits(_ text: String) -> String? {
        var digits: [UInt8] = []
        digits.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39: digits.append(byte)
            case 0x2B where digits.isEmpty: digits.append(byte)
            case 0x20, 0x2D, 0x2E, 0x28, 0x29: continue
            default: return nil
            }
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// `e164` as a reader in `reader` would dial it: the NATIONAL format when the
    /// number is the reader region's ("020 7946 0958" in GB), the INTERNATIONAL one
    /// otherwise ("+44 20 7946 0958" in US). A number libphonenumber places in no
    /// region (possible, not valid) counts as the reader's when it has the reader
    /// region's country code. Nil when `e164` is not an E.164 number.
    public static func display(_ e164: String, for reader: PhoneRegion) -> String? {
        e164.withCString { number in
            reader.code.withCString { code in written { roster_phone_format(number, code, $0, $1) } }
        }
    }

    /// `e164` in libphonenumber's NATIONAL format, or nil when it is not an E.164 number.
    public static func national(_ e164: String) -> String? {
        e164.withCString { number in written { roster_phone_format_as(number, 0, $0, $1) } }
    }

    /// `e164` in libphonenumber's INTERNATIONAL format, or nil when it is not an E.164 number.
    public static func international(_ e164: String) -> String? {
        e164.withCString { number in written { roster_phone_format_as(number, 1, $0, $1) } }
    }

    /// Whether a search query is written as a phone number: ASCII digits with the
    /// punctuation numbers are written with (spaces, `-`, `.`, `/`, parentheses), a
    /// `+` only first, and between `minimumQueryDigits` and 20 digits; a letter
    /// anywhere makes it words ("flat 12"), and a short run of digits ("4711") is
    /// searched as a part of numbers, not a whole one.
    public static func isPhoneQuery(_ query: String) -> Bool {
        var digits = 0
        var first = true
        for byte in query.utf8 {
            switch byte {
            case 0x30...0x39: digits += 1
            case 0x2B where first: break
            case 0x20, 0x09, 0x28, 0x29, 0x2D, 0x2E, 0x2F: break
            default: return false
            }
            if byte != 0x20 && byte != 0x09 { first = false }
        }
        return (minimumQueryDigits...20).contains(digits)
    }

    /// The fewest digits of a query read as a whole phone number (`isPhoneQuery`).
    public static let minimumQueryDigits = 6

    /// Whether `text` holds two decimal digits (any script's), the fewest
    /// libphonenumber reads as a number: most texts without them skip the parse.
    private static func hasTwoDigits(_ text: String) -> Bool {
        var count = 0
        for scalar in text.unicodeScalars {
            let isDigit =
                scalar.isASCII
                ? (0x30...0x39).contains(scalar.value) : scalar.properties.generalCategory == .decimalNumber
            if isDigit {
                count += 1
                if count == 2 { return true }
            }
        }
        return false
    }

    /// The text a C function writes into a buffer of `ROSTER_PHONE_BUFFER` bytes, or
    /// nil when it writes nothing.
    private static func written(_ fill: (UnsafeMutablePointer<CChar>, Int) -> Int) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(ROSTER_PHONE_BUFFER)) { buffer in
            let count = fill(buffer.baseAddress!, buffer.count)
            guard count > 0 else { return nil }
            return String(
                decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: count), as: UTF8.self)
        }
    }
}
