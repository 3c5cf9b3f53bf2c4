import CICU

/// The ICU Roster links, and what it says about locale tags. A list keeps the ICU version its
/// sort keys were made with: another version may order or index names differently, so a start
/// under another one rebuilds them (docs/api.md, "The list's locale").
public enum ICU {
    /// ICU's version, as "72.1".
    public static let version: String = {
        var buffer = [CChar](repeating: 0, count: 32)
        roster_icu_version(&buffer, Int32(buffer.count))
        return string(buffer)
    }()

    /// The canonical BCP 47 form of `tag` ("zh_hant" -> "zh-Hant", "EN-us" -> "en-US"), or nil
    /// when it names no language ICU can read.
    public static func canonicalTag(_ tag: String) -> String? {
        guard !tag.isEmpty, tag.utf8.count < 100 else { return nil }
        return text(capacity: 160) { roster_icu_canonical_tag(tag, $0, $1) }
    }

    /// The language subtag of a tag ("zh-Hant-TW" -> "zh").
    public static func language(of tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    /// The region a locale's speakers most likely live in ("sv" -> "SE", "zh-Hant" -> "TW"), or
    /// nil when ICU knows none.
    public static func likelyRegion(of tag: String) -> String? {
        text(capacity: 16) { roster_icu_likely_region(tag, $0, $1) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The NUL-terminated text in `chars`.
    static func string(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The UTF-8 text a shim call writes into a buffer of `capacity` bytes, given its length as
    /// the call's answer (negative: none); nil when it does not fit.
    static func text(capacity: Int, _ call: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: capacity)
        let length = Int(call(&buffer, Int32(capacity)))
        guard length >= 0, length <= capacity else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The UTF-8 text a shim call writes, however long: called again with room when the first
    /// buffer was short.
    static func growingText(_ call: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String {
        var capacity = 256
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let length = Int(call(&buffer, Int32(capacity)))
            if length < 0 { return "" }
            if length <= capacity {
                return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity = length
        }
    }
}

/// ICU could not make what a locale needs: ICU's error name, and what was being made.
public struct ICUError: Error, CustomStringConvertible {
    /// ICU's error name (U_ILLEGAL_ARGUMENT_ERROR...).
    public let name: String
    /// What failed: "a collator for 'xx'".
    public let making: String

    public var description: String { "ICU could not make \(making): \(name)" }
}
