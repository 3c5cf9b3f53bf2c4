import Testing

@testable import Contacts

/// What a contacts file reads as: the sniffer's verdict on its start, and the
/// rows `CSVCardReader` gives for the whole file, checked to be the same fed
/// whole, byte by byte, in pieces of 7 and 64 bytes, and (for files under 2 KB)
/// split in two at every byte.
struct ReadFile {
    let dialect: CSVDialect
    let rows: [CSVCardReader.Row]
    /// The encoding the reader ended with.
    let encoding: CSVTextEncoding

    var cards: [ContactCard] { rows.compactMap { if case .card(_, let card) = $0 { card } else { nil } } }
    var errors: [CSVError] { rows.compactMap { if case .error(let error) = $0 { error } else { nil } } }
}

func sniff(_ bytes: [UInt8]) -> ContactFileSniffer.Verdict {
    ContactFileSniffer.sniff(prefix: Array(bytes.prefix(ContactFileSniffer.prefixLength)), isWholeFile: true)
}

func sniff(_ text: String) -> ContactFileSniffer.Verdict { sniff(Array(text.utf8)) }

func readFile(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ReadFile {
    try readFile(Array(text.utf8), sourceLocation: sourceLocation)
}

func readFile(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> ReadFile {
    let verdict = ContactFileSniffer.sniff(
        prefix: Array(bytes.prefix(ContactFileSniffer.prefixLength)),
        isWholeFile: bytes.count <= ContactFileSniffer.prefixLength)
    guard case .csv(let dialect) = verdict else {
        Issue.record("not read as CSV: \(verdict)", sourceLocation: sourceLocation)
        throw CancellationError()
    }
    func run(_ cuts: [Int]) -> ([CSVCardReader.Row], CSVTextEncoding) {
        let reader = CSVCardReader(dialect: dialect)
        var rows: [CSVCardReader.Row] = []
        var start = 0
        for cut in cuts + [bytes.count] where cut >= start {
            bytes[start..<cut].withUnsafeBytes { reader.feed($0) { rows.append($0) } }
            start = cut
        }
        reader.finish { rows.append($0) }
        return (rows, reader.encoding)
    }
    let whole = run([])
    var chunkings: [[Int]] = [Array(0..<bytes.count), Array(stride(from: 7, to: bytes.count, by: 7))]
    chunkings.append(Array(stride(from: 64, to: bytes.count, by: 64)))
    if bytes.count < 2048 { chunkings += (0...bytes.count).map { [$0] } }
    for cuts in chunkings {
        let other = run(cuts)
        #expect(other.0 == whole.0, "cut at \(cuts.prefix(3))... differs", sourceLocation: sourceLocation)
        #expect(other.1 == whole.1, sourceLocation: sourceLocation)
        if other.0 != whole.0 { break }
    }
    return ReadFile(dialect: dialect, rows: whole.0, encoding: whole.1)
}

/// Every text the card holds (for "nothing lost" checks).
func texts(_ card: ContactCard) -> [String] {
    var all = [card.prefix, card.firstName, card.middleName, card.lastName, card.suffix, card.nickname]
    all += [card.company, card.department, card.title, card.birthday, card.notes, card.uid]
    all += card.emails.map(\.value) + card.phones.map(\.value) + card.urls.map(\.value) + card.categories
    for address in card.addresses {
        all += [address.poBox, address.extended, address.street, address.city, address.region]
        all += [address.postcode, address.country]
    }
    return all.filter { !$0.isEmpty } + card.other.map(\.value)
}

/// `rows` joined by CRLF with a final CRLF.
func csv(_ rows: String...) -> String { rows.joined(separator: "\r\n") + "\r\n" }
