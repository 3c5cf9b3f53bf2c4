import Contacts

/// The streaming vCard reader, keeping photos and not, with the default limit
/// and one a short input can reach.
///
/// - The same items (cards and errors, lines included) whole, in random pieces
///   (empty ones too) and byte by byte.
/// - Items come in line order, cards on increasing lines; an error's card starts
///   no later than the error.
/// - Every card read, written back by `VCardWriter` in 3.0 and in 4.0 and read
///   again, is the same card, and written again, the same text.
enum VCardTarget {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        var random = InputRandom(bytes, salt: 2426)
        for (keepPhotos, limit) in [(true, 8 << 20), (false, 8 << 20), (true, 200)] {
            let whole = items(bytes, keepPhotos, limit, pieces: [0..<bytes.count])
            let pieces = items(
                bytes, keepPhotos, limit, pieces: random.pieces(of: bytes.count, sizes: 0...17))
            try require(whole == pieces, "random pieces differ:\nwhole: \(whole)\npieces: \(pieces)")
            if bytes.count <= 4096 {
                let byByte = items(
                    bytes, keepPhotos, limit, pieces: random.pieces(of: bytes.count, sizes: 1...1))
                try require(whole == byByte, "byte by byte differs:\nwhole: \(whole)\nbytes: \(byByte)")
            }
            var lastLine = 0
            var lastCard = 0
            for item in whole {
                switch item {
                case .card(let line, _):
                    try require(
                        line >= lastLine && line > lastCard, "a card on line \(line) after line \(lastLine)")
                    lastLine = line
                    lastCard = line
                case .error(let error):
                    try require(
                        error.line >= lastLine && error.cardLine <= error.line && error.cardLine >= 1,
                        "error \(error) (card on line \(error.cardLine)) after line \(lastLine)")
                    lastLine = error.line
                }
            }
            guard keepPhotos, limit > 200 else { continue }
            for case .card(_, let card) in whole {
                for version in VCardWriter.Version.allCases {
                    var text: [UInt8] = []
                    VCardWriter(version: version).write(card, to: &text)
                    let again = items(
                        text, true, limit, pieces: random.pieces(of: text.count, sizes: 1...300))
                    try require(
                        again == [.card(line: 1, card)],
                        "a card written as \(version.rawValue) and read again differs:\nread: \(card)\n"
                            + "written: \(text.debugText)\nread again: \(again)")
                    var rewritten: [UInt8] = []
                    VCardWriter(version: version).write(card, to: &rewritten)
                    try require(rewritten == text, "the same card written twice differs")
                }
            }
        }
    }

    static func items(_ bytes: [UInt8], _ keepPhotos: Bool, _ limit: Int, pieces: [Range<Int>])
        -> [VCardReader.Item]
    {
        var reader = VCardReader(keepPhotos: keepPhotos, maxCardBytes: limit)
        var items: [VCardReader.Item] = []
        bytes.withUnsafeBytes { buffer in
            for piece in pieces {
                reader.feed(UnsafeRawBufferPointer(rebasing: buffer[piece])) { items.append($0) }
            }
        }
        reader.finish { items.append($0) }
        return items
    }
}
