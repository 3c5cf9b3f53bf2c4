import CICU
import Glibc

/// The alphabetic index of a locale, as ICU's AlphabeticIndex builds it, with the labels of other
/// languages added: the buckets a contacts list is sectioned into (Android's ContactsProvider's
/// recipe). ICU's underflow, inflow and overflow buckets are one section, `#`, placed last.
/// Thread-safe: built once into ICU's immutable index.
public final class NameIndex: @unchecked Sendable {
    private let index: OpaquePointer
    /// The sections' titles in order: every distinct letter label, then `#`.
    public let titles: [String]
    /// The titles of the locale's own index (without the added languages), for lists that show
    /// them even when empty.
    public let ownTitles: Set<String>
    /// Each ICU bucket's section (an index into `titles`).
    private let sectionOfBucket: [Int]

    /// The languages whose labels every index adds (those of another language than the list's):
    /// Android's set.
    public static let addedLanguages = ["en", "ja", "ko", "th", "ar", "he", "el", "uk", "sr"]
    /// ICU's label limit for an index.
    public static let maxLabels = 300

    /// The index of `locale`, with `addedLanguages`' labels where their language is not the
    /// locale's.
    public init(locale: String) throws {
        let language = ICU.language(of: locale)
        let extra = Self.addedLanguages.filter { $0 != language }
        index = try Self.open(locale, extra: extra)
        let own = try Self.open(locale, extra: [])
        defer { roster_index_close(own) }
        var titles: [String] = []
        var sectionOfBucket: [Int] = []
        var position: [String: Int] = [:]
        var overflow: [Int] = []
        for bucket in 0..<Int(roster_index_bucket_count(index)) {
            let (label, type) = Self.label(index, bucket)
            if type != 0 {
                overflow.append(bucket)
                sectionOfBucket.append(-1)
                continue
            }
            if let known = position[label] {
                sectionOfBucket.append(known)
            } else {
                position[label] = titles.count
                sectionOfBucket.append(titles.count)
                titles.append(label)
            }
        }
        for bucket in overflow { sectionOfBucket[bucket] = titles.count }
        titles.append("#")
        self.titles = titles
        self.sectionOfBucket = sectionOfBucket
        ownTitles = Set(
            (0..<Int(roster_index_bucket_count(own))).compactMap { bucket in
                let (label, type) = Self.label(own, bucket)
                return type == 0 ? label : nil
            })
    }

    deinit { roster_index_close(index) }

    /// The section (an index into `titles`) of a sort name.
    /// - Complexity: O(log labels) comparisons by ICU.
    public func section(of name: String) -> Int {
        var name = name
        let bucket = name.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) {
                Int(roster_index_bucket_of(index, $0.baseAddress, Int32($0.count)))
            }
        }
        return bucket >= 0 && bucket < sectionOfBucket.count ? sectionOfBucket[bucket] : titles.count - 1
    }

    private static func open(_ locale: String, extra: [String]) throws -> OpaquePointer {
        var error = [CChar](repeating: 0, count: 64)
        let made = withArrayOfCStrings(extra) { pointers in
            roster_index_open(
                locale, pointers, Int32(extra.count), Int32(maxLabels), &error, Int32(error.count))
        }
        guard let made else {
            throw ICUError(name: ICU.string(error), making: "an alphabetic index for '\(locale)'")
        }
        return made
    }

    private static func label(_ index: OpaquePointer, _ bucket: Int) -> (String, Int32) {
        var type: Int32 = 0
        let label = ICU.growingText { roster_index_bucket_label(index, Int32(bucket), $0, $1, &type) }
        return (label, type)
    }
}

/// Calls `body` with C strings of `strings`, alive for the call.
private func withArrayOfCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R)
    -> R
{
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
