import TestSupport
import Testing

@testable import Contacts

/// Items read from `bytes` fed whole, checked to be the same fed byte by byte,
/// in random pieces, and (for short inputs) split in two at every place.
func readVCard(_ bytes: [UInt8], keepPhotos: Bool = true, maxCardBytes: Int = 8 << 20) -> [VCardReader.Item] {
    func run(_ cuts: [Int]) -> [VCardReader.Item] {
        var reader = VCardReader(keepPhotos: keepPhotos, maxCardBytes: maxCardBytes)
        var items: [VCardReader.Item] = []
        var start = 0
        for cut in cuts + [bytes.count] where cut >= start {
            bytes[start..<cut].withUnsafeBytes { reader.feed($0) { items.append($0) } }
            start = cut
        }
        reader.finish { items.append($0) }
        return items
    }
    let whole = run([])
    #expect(run(Array(0..<bytes.count)) == whole, "byte by byte differs")
    var random = SeededGenerator(seed: UInt64(bytes.count))
    for _ in 0..<4 {
        var cuts: [Int] = []
        var at = 0
        while at < bytes.count {
            at += 1 + Int(random.next() % 97)
            cuts.append(min(at, bytes.count))
        }
        #expect(run(cuts) == whole, "random pieces differ")
    }
    if bytes.count < 800 {
        for cut in 0...bytes.count where run([cut]) != whole {
            Issue.record("split at \(cut) differs")
            break
        }
    }
    return whole
}

func readVCard(_ text: String, keepPhotos: Bool = true, maxCardBytes: Int = 8 << 20) -> [VCardReader.Item] {
    readVCard(Array(text.utf8), keepPhotos: keepPhotos, maxCardBytes: maxCardBytes)
}

/// The cards of `items`, recording an issue for every error.
func vcards(_ items: [VCardReader.Item], sourceLocation: SourceLocation = #_sourceLocation) -> [ContactCard] {
    items.compactMap { item in
        switch item {
        case .card(_, let card): return card
        case .error(let error):
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// The one card of `text` (read with photos kept unless told).
func vcard(_ text: String, keepPhotos: Bool = true, sourceLocation: SourceLocation = #_sourceLocation)
    -> ContactCard
{
    let cards = vcards(readVCard(crlf(text), keepPhotos: keepPhotos), sourceLocation: sourceLocation)
    #expect(cards.count == 1, sourceLocation: sourceLocation)
    return cards.first ?? ContactCard()
}

func vcardErrors(_ items: [VCardReader.Item]) -> [VCardError] {
    items.compactMap { if case .error(let error) = $0 { error } else { nil } }
}

/// `text` with its LF line ends made CRLF, as exporters write them.
func crlf(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
}

/// `card` written with `writer`.
func written(_ card: ContactCard, _ version: VCardWriter.Version = .v3) -> String {
    VCardWriter(version: version).text([card])
}
