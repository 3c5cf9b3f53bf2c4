import Contacts
import Foundation

extension SearchHighlight {
    /// A field's text folded as the index folds its words (`SearchText.folded`),
    /// with the original character each folded byte came from; and, for the phone,
    /// its ASCII digits likewise.
    ///
    /// What separates words folds to spaces (no folded word holds one), and the
    /// text starts with one, so a word starts wherever a space is followed by
    /// anything else. ASCII text folds byte for byte (a space for each byte that is
    /// not a letter or a digit), so folded byte i + 1 is original byte i and no map
    /// is kept. Other text is folded a scalar at a time, each folded byte remembering
    /// the UTF-8 range of its whole character. The words come out as
    /// `SearchText.words` finds them decomposing the text whole: canonical
    /// reordering only moves combining marks, which are dropped or end a word
    /// wherever they stand.
    struct FoldedText {
        /// The folded text: a space, then the words, with spaces between them.
        private(set) var bytes: [UInt8] = [0x20]
        /// Per byte of `bytes`, the UTF-8 range of the original character it came
        /// from; empty when the text is ASCII (the map is then the identity).
        private var origins: [Range<Int>] = []
        /// The ASCII digits of the text (a phone's, without its punctuation).
        private(set) var digits: [UInt8] = []
        /// Per digit, the UTF-8 range of its character.
        private var digitOrigins: [Range<Int>] = []

        /// `text` folded, its digits kept when `keepingDigits`; nil when it is not
        /// valid UTF-8.
        /// - Complexity: O(text length). ASCII text takes one allocation; other
        ///   text decomposes through Foundation only the scalars past Latin
        ///   Extended-B that are not CJK ideographs.
        init?(_ text: UnsafeBufferPointer<UInt8>, keepingDigits: Bool) {
            bytes.reserveCapacity(text.count + 1)
            if keepingDigits {
                digits.reserveCapacity(text.count)
                digitOrigins.reserveCapacity(text.count)
            }
            if !text.contains(where: { $0 >= 0x80 }) {
                let folds = Self.asciiFolds
                bytes.append(contentsOf: text.lazy.map { folds[Int($0)] })
                guard keepingDigits else { return }
                for (offset, byte) in text.enumerated() where Self.isDigit(byte) {
                    addDigit(byte, from: offset..<offset + 1)
                }
                return
            }
            guard let string = String(validating: text, as: UTF8.self) else { return nil }
            origins.reserveCapacity(text.count + 1)
            origins.append(0..<0)
            var offset = 0
            for character in string {
                let range = offset..<offset + character.utf8.count
                offset = range.upperBound
                for scalar in character.unicodeScalars {
                    if scalar.isASCII {
                        add(Self.asciiFolds[Int(scalar.value)], from: range)
                        if keepingDigits && Self.isDigit(UInt8(scalar.value)) {
                            addDigit(UInt8(scalar.value), from: range)
                        }
                    } else {
                        Self.withFold(of: scalar) { add($0, from: range) }
                    }
                }
            }
        }

        /// The UTF-8 range in the original text of the character folded byte
        /// `index` (past the first) came from.
        func original(_ index: Int) -> Range<Int> {
            origins.isEmpty ? index - 1..<index : origins[index]
        }

        /// The UTF-8 range in the original text of digit `index`'s character.
        func originalOfDigit(_ index: Int) -> Range<Int> {
            digitOrigins[index]
        }

        /// One folded byte from the character at `range`.
        private mutating func add(_ byte: UInt8, from range: Range<Int>) {
            bytes.append(byte)
            origins.append(range)
        }

        private mutating func addDigit(_ byte: UInt8, from range: Range<Int>) {
            digits.append(byte)
            digitOrigins.append(range)
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        /// Per ASCII byte, its fold: a letter or digit in lower case, a space for the rest.
        private static let asciiFolds: [UInt8] = (0..<128).map { byte in
            switch UInt8(byte) {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(byte) | 0x20
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte)
            default: 0x20
            }
        }

        /// Blocks of scalars folded from a table made once (about 1,400 scalars, a
        /// few milliseconds at the first search) rather than through Foundation's
        /// decomposition, which costs a microsecond or two a scalar: Latin-1 to
        /// Latin Extended-B, Greek and Cyrillic, Latin Extended Additional (Vietnamese)
        /// and Greek Extended. Nearly every name that is not ASCII is all in them.
        private static let tables: [(scalars: Range<UInt32>, folds: [[UInt8]])] =
            [0x80..<0x250, 0x370..<0x530, 0x1E00..<0x2000].map { block in
                (block, block.map { Unicode.Scalar($0).map(slowFold(of:)) ?? [0x20] })
            }

        /// Calls `body` with each byte that `scalar` (not ASCII) adds to the folded text.
        private static func withFold(of scalar: Unicode.Scalar, _ body: (UInt8) -> Void) {
            let value = scalar.value
            for table in tables where table.scalars.contains(value) {
                for byte in table.folds[Int(value - table.scalars.lowerBound)] { body(byte) }
                return
            }
            if isCJKIdeograph(value) {
                UTF8.encode(scalar, into: body)
            } else {
                for byte in slowFold(of: scalar) { body(byte) }
            }
        }

        /// The CJK Unified Ideographs and Extension A, which have no decomposition
        /// and no case: each folds to itself.
        static func isCJKIdeograph(_ value: UInt32) -> Bool {
            (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
        }

        /// What one scalar adds to the folded text, the long way: its decomposition,
        /// each part folded by `SearchText.folded`, a space where one ends a word.
        static func slowFold(of scalar: Unicode.Scalar) -> [UInt8] {
            var fold: [UInt8] = []
            for part in String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars {
                if let letters = SearchText.folded(part) {
                    fold += letters.utf8
                } else {
                    fold.append(0x20)
                }
            }
            return fold
        }
    }
}
