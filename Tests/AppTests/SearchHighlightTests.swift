import Codecs
import Contacts
import Foundation
import HTTP
import Testing

@testable import App

struct SearchHighlightTests {
    /// `text` as field `field` of a contact, written with the marks of search `q`.
    private func marked(_ text: String, _ q: String, _ field: ContactField = .lastName) -> String {
        var html = ByteBuffer()
        if let highlight = SearchHighlight(query: q) {
            highlight.append(text, of: field, to: &html)
        } else {
            TextEscaping.append(text, as: .htmlInJSON, to: &html)
        }
        return String(decoding: html.array, as: UTF8.self)
    }

    private func escaped(_ text: String, as context: TextEscaping.Context = .htmlInJSON) -> String {
        var html = ByteBuffer()
        TextEscaping.append(text, as: context, to: &html)
        return String(decoding: html.array, as: UTF8.self)
    }

    @Test(arguments: [
        ("Anna-Lena <b>", "anna", ContactField.firstName, "<mark>Anna</mark>-Lena &lt;b&gt;"),
        ("Strauß", "ss", .lastName, "Strauß"),  // 2 characters match word starts only
        ("Strauß", "uss", .lastName, "Stra<mark>uß</mark>"),
        ("Strauß", "straus", .lastName, "<mark>Strauß</mark>"),  // ends inside ß's "ss"
        ("Süßer", "ser", .lastName, "Sü<mark>ßer</mark>"),  // starts inside it
        ("Østergaard", "ost", .lastName, "<mark>Øst</mark>ergaard"),
        ("Dæhlie", "da", .lastName, "<mark>Dæ</mark>hlie"),
        ("Dæhlie", "ehl", .lastName, "D<mark>æhl</mark>ie"),
        ("Rene\u{301}e", "rene", .firstName, "<mark>Rene\u{301}</mark>e"),  // the accent goes with its e
        ("Renée", "nee", .firstName, "Re<mark>née</mark>"),
        ("山田太郎", "山田", .lastName, "<mark>山田</mark>太郎"),
        ("山田太郎", "田太", .lastName, "山田太郎"),
        ("山田太郎", "田太郎", .lastName, "山<mark>田太郎</mark>"),
        ("(555) 123-4567", "5551", .phone, "(<mark>555) 1</mark>23-4567"),
        ("(555) 123-4567", "1234", .phone, "(555) <mark>123-4</mark>567"),
        ("(555) 123-4567", "23", .phone, "(555) 123-4567"),
        ("(555) 123-4567", "55 45", .phone, "(<mark>55</mark>5) 123-<mark>45</mark>67"),
        ("(555) 123-4567", "5551", .email, "(555) 123-4567"),  // the digits rule is the phone's
        ("O'Brien", "o'brien", .lastName, "<mark>O</mark>&#39;<mark>Brien</mark>"),
        ("O'Brien", "brien", .lastName, "O&#39;<mark>Brien</mark>"),
        ("r&d", "r d", .firstName, "<mark>r</mark>&amp;<mark>d</mark>"),
        ("r&d", "amp", .firstName, "r&amp;d"),
        ("a<b", "lt", .firstName, "a&lt;b"),
        ("Bob <b>", "<b>", .firstName, "<mark>B</mark>ob &lt;<mark>b</mark>&gt;"),
        ("Say \"hi\"", "\"hi\"", .firstName, "Say &quot;<mark>hi</mark>&quot;"),
        ("anna.lena@example.com", "lena ex", .email, "anna.<mark>lena</mark>@<mark>ex</mark>ample.com"),
        ("Annabel", "anna nab", .firstName, "<mark>Annab</mark>el"),  // overlapping: one mark
        ("Annabel", "ann abel", .firstName, "<mark>Annabel</mark>"),  // touching: one mark
        ("a\u{2028}b", "a b", .firstName, "<mark>a</mark>\\u2028<mark>b</mark>"),
    ])
    func marksWhatTheSearchRuleMatchesInTheOriginalTextEscaped(
        text: String, q: String, field: ContactField, expected: String
    ) {
        #expect(marked(text, q, field) == expected)
    }

    @Test(arguments: ["", "  ", "<&\"'>", "-- . @"])
    func aQueryWithoutWordsHasNoHighlight(q: String) {
        #expect(SearchHighlight(query: q) == nil)
    }

    @Test func wordsThatMatchNothingLeaveTheTextAsEscapingAloneWritesIt() {
        let text = "Zoë <O'Neil> & \"Co\"\n"
        #expect(marked(text, "xyz q", .firstName) == escaped(text))
        #expect(SearchHighlight(words: []).ranges(in: text, of: .firstName).isEmpty)
    }

    @Test func textThatIsNotUTF8IsWrittenWithoutMarks() {
        let bytes: [UInt8] = [0x61, 0x6E, 0xFF, 0x6E, 0x61]
        var html = ByteBuffer()
        bytes.withUnsafeBufferPointer { SearchHighlight(words: ["an"]).append($0, of: .firstName, to: &html) }
        var plain = ByteBuffer()
        bytes.withUnsafeBufferPointer { TextEscaping.append($0, as: .htmlInJSON, to: &plain) }
        #expect(html.array == plain.array)
    }

    @Test func cjkIdeographsFoldToThemselvesAsTheirDecompositionSays() {
        let ideographs = Array(0x3400...0x4DBF) + Array(0x4E00...0x9FFF)
        let differing = ideographs.filter { value in
            let scalar = Unicode.Scalar(UInt32(value))!
            return SearchHighlight.FoldedText.slowFold(of: scalar) != Array(String(scalar).utf8)
        }
        #expect(ideographs.allSatisfy { SearchHighlight.FoldedText.isCJKIdeograph(UInt32($0)) })
        #expect(differing.isEmpty)
    }

    // MARK: - Against a brute-force model

    /// Pieces of random fields: letters that fold to more or fewer letters, accents
    /// precomposed and decomposed, CJK, emoji, digits, punctuation, HTML and JSON
    /// specials.
    private static let pieces: [String] = [
        "a", "b", "n", "s", "o", "r", "e", "l", "i", "A", "N", "S", "O", "E", "L", "é", "e\u{301}", "É",
        "ß", "ẞ", "æ", "Æ", "ø", "Ø", "ł", "œ", "ı", "İ", "ñ", "n\u{303}", "ﬁ", "Ǆ", "山", "田", "한", "글",
        "😀", "👍🏽", "-", "'", "’", " ", ".", "@", "(", ")", "<", "&", "\"", ">", "1", "2", "5", "\u{2028}",
        "\t", "\r\n", "\u{301}", "\u{200D}", "a\u{200D}", "ا", "Σ", "ά", "й", "が", "ṩ", "कि", "豈",
    ]

    /// The characters of `text` that the rule marks, found the slow way: the folded
    /// text is grown a character at a time with `SearchText.words` over each prefix,
    /// so each folded scalar is owed to the character that added it; then every
    /// occurrence of every word is looked for at every position.
    private func modelMarks(_ text: String, _ words: [String], phone: Bool) -> [Bool] {
        let characters = Array(text)
        var folded: [Unicode.Scalar] = []
        var origin: [Int] = []
        var digits: [Unicode.Scalar] = []
        var digitOrigin: [Int] = []
        for k in characters.indices {
            let now = Array(
                SearchText.words(String(characters[0...k])).map { " " + $0 }.joined().unicodeScalars)
            #expect(now.starts(with: folded), "\(text.debugDescription) folds apart at \(k)")
            origin += Array(repeating: k, count: max(now.count - folded.count, 0))
            folded = now
            for scalar in SearchText.digits(String(characters[k])).unicodeScalars {
                digits.append(scalar)
                digitOrigin.append(k)
            }
        }
        var marks = Array(repeating: false, count: characters.count)
        func mark(_ needle: [Unicode.Scalar], skip: Int, in haystack: [Unicode.Scalar], _ origin: [Int]) {
            guard needle.count <= haystack.count else { return }
            for start in 0...(haystack.count - needle.count)
            where Array(haystack[start..<start + needle.count]) == needle {
                for k in origin[start + skip]...origin[start + needle.count - 1] { marks[k] = true }
            }
        }
        for word in words {
            let scalars = Array(word.unicodeScalars)
            if scalars.count >= 3 {
                mark(scalars, skip: 0, in: folded, origin)
                if phone && scalars.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }) {
                    mark(scalars, skip: 0, in: digits, digitOrigin)
                }
            } else {
                mark([" "] + scalars, skip: 1, in: folded, origin)
            }
        }
        return marks
    }

    /// `text` escaped for `context`, with each run of marked characters in `<mark>`.
    private func modelWritten(_ text: String, _ marks: [Bool], as context: TextEscaping.Context) -> String {
        var out = ""
        var open = false
        for (character, marked) in zip(text, marks) {
            if marked != open { out += marked ? "<mark>" : "</mark>" }
            open = marked
            out += escaped(String(character), as: context)
        }
        return out + (open ? "</mark>" : "")
    }

    /// Pieces of random phones: mostly digits and their punctuation, some digits
    /// that are not ASCII (words, but no part of the digits' run), and now and then
    /// anything.
    private static let phonePieces: [String] =
        (0...9).map(String.init) + (0...9).map(String.init) + [
            " ", "-", "(", ")", "+", ".", "/", "٣", "５", "x", "e\u{301}", "&", "\"", "<",
        ]

    private func randomText(_ random: inout SeededRandom, phone: Bool = false) -> String {
        let count = Int(random.next() % 14)
        return (0..<count).map { _ in
            let pieces = phone && random.next() % 8 != 0 ? Self.phonePieces : Self.pieces
            return pieces[Int(random.next() % UInt64(pieces.count))]
        }.joined()
    }

    /// Query words taken from the text (whole, parts, starts, runs of digits) and
    /// now and then from elsewhere.
    private func randomWords(for text: String, _ random: inout SeededRandom) -> [String] {
        let fieldWords = SearchText.words(text)
        let digits = Array(SearchText.digits(text).unicodeScalars)
        return (0...Int(random.next() % 3)).map { _ in
            let source: [Unicode.Scalar]
            let pick = random.next() % 6
            if pick < 2 && !digits.isEmpty {
                source = digits
            } else if pick == 2 {
                source = Array(SearchText.words(randomText(&random)).joined().unicodeScalars)
            } else {
                guard !fieldWords.isEmpty else { return "x" }
                source = Array(fieldWords[Int(random.next() % UInt64(fieldWords.count))].unicodeScalars)
            }
            guard !source.isEmpty else { return "x" }
            let start = Int(random.next() % UInt64(source.count))
            let length = 1 + Int(random.next() % UInt64(source.count - start))
            var word = String.UnicodeScalarView()
            word.append(contentsOf: source[start..<start + length])
            return String(word)
        }
    }

    @Test func marksEveryMatchTheRuleFindsAndNothingElseOverRandomFields() throws {
        var random = SeededRandom(seed: 0x5EA2C4)
        let fields: [ContactField] = [.firstName, .lastName, .email, .phone]
        for _ in 0..<4000 {
            let field = fields[Int(random.next() % 4)]
            let text = randomText(&random, phone: field == .phone)
            let words = randomWords(for: text, &random)
            let highlight = SearchHighlight(words: words)
            let context = "\(text.debugDescription) \(words) \(field)"

            // The folding the highlight matches on is the index's, word for word.
            let folded = text.withCString(encodedAs: UTF8.self) { pointer in
                SearchHighlight.FoldedText(
                    UnsafeBufferPointer(start: pointer, count: text.utf8.count), keepingDigits: true)
            }
            let foldedWords = folded.map { String(decoding: $0.bytes, as: UTF8.self).split(separator: " ") }
            #expect(foldedWords?.map(String.init) == SearchText.words(text), "\(context)")
            #expect(folded.map { String(decoding: $0.digits, as: UTF8.self) } == SearchText.digits(text))

            // Exactly the model's marks, merged, around escaped whole characters.
            let marks = modelMarks(text, words, phone: field == .phone)
            var html = ByteBuffer()
            highlight.append(text, of: field, to: &html)
            let written = String(decoding: html.array, as: UTF8.self)
            #expect(written == modelWritten(text, marks, as: .htmlInJSON), "\(context)")

            // Without its marks it is the escaped original, and it is a valid JSON string
            // holding the HTML.
            let unmarked = written.replacingOccurrences(of: "<mark>", with: "")
                .replacingOccurrences(of: "</mark>", with: "")
            #expect(unmarked == escaped(text), "\(context)")
            let decoded = try JSONSerialization.jsonObject(with: Data("[\"\(written)\"]".utf8)) as? [String]
            #expect(decoded == [modelWritten(text, marks, as: .html)], "\(context)")

            // Each marked part holds a match of some word, by the rule.
            let utf8 = Array(text.utf8)
            for range in highlight.ranges(in: text, of: field) {
                let part = String(decoding: utf8[range], as: UTF8.self)
                let partWords = SearchText.words(part).map { Array($0.unicodeScalars) }
                let partDigits = Array(SearchText.digits(part).unicodeScalars)
                let matched = words.contains { word in
                    let scalars = Array(word.unicodeScalars)
                    if scalars.count < 3 { return partWords.contains { $0.starts(with: scalars) } }
                    let digitRun =
                        field == .phone && word.allSatisfy(\.isASCII) && word.allSatisfy(\.isNumber)
                    return partWords.contains { $0.contains(scalars) }
                        || (digitRun && partDigits.contains(scalars))
                }
                #expect(matched, "\(context): \(part.debugDescription)")
            }
        }
    }
}

extension Array where Element: Equatable {
    /// Whether `part` stands somewhere in the array, in a row.
    fileprivate func contains(_ part: [Element]) -> Bool {
        guard part.count <= count else { return false }
        return (0...(count - part.count)).contains { Array(self[$0..<$0 + part.count]) == part }
    }
}
