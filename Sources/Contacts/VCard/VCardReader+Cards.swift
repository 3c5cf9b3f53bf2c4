/// The reader's cards: each unfolded line opens a card, adds to it, closes it,
/// or is an error.
extension VCardReader {
    mutating func take(
        _ line: UnsafeBufferPointer<UInt8>, at number: Int, overlong: Bool, _ emit: (Item) throws -> Void
    ) rethrows {
        let blank =
            line.isEmpty
            || ((line[0] == 0x20 || line[0] == 0x09) && line.allSatisfy { $0 == 0x20 || $0 == 0x09 })
        guard inCard else {
            if blank && !overlong { return }
            if VCardBytes.isLine(line, 0..<line.count, "BEGIN:VCARD") {
                begin(at: number)
            } else if !afterJunk {
                afterJunk = true
                let message = "text outside BEGIN:VCARD ... END:VCARD"
                try emit(.error(VCardError(line: number, cardLine: number, message: message)))
            }
            return
        }
        cardBytes += line.count
        if overlong || cardBytes > maxCardBytes {
            let what = overlong ? "a line" : "the card"
            try fail(at: number, "\(what) is longer than \(maxCardBytes) bytes", emit)
        }
        if blank {
            builder.open = .none
            return
        }
        guard let property = VCardPropertyLine.parse(line) else {
            if !skipping && !builder.continueBinary(line) {
                try fail(at: number, "a line without ':'", emit)
            }
            return
        }
        let value = property.value
        switch property.kind {
        case .end where VCardBytes.isLine(line, value, "VCARD"):
            inCard = false
            if skipping {
                skipping = false
                return
            }
            switch builder.finish() {
            case .success(let card): try emit(.card(line: cardLine, card))
            case .failure(var error):
                error.cardLine = cardLine
                try emit(.error(error))
            }
        case .begin where VCardBytes.isLine(line, value, "VCARD"):
            if !skipping {
                let message = "no END:VCARD before the BEGIN:VCARD on line \(number)"
                try emit(.error(VCardError(line: number, cardLine: cardLine, message: message)))
            }
            begin(at: number)
        default:
            guard !skipping else { return }
            if let message = builder.add(line, property, at: number) { try fail(at: number, message, emit) }
        }
    }

    private mutating func begin(at number: Int) {
        inCard = true
        skipping = false
        afterJunk = false
        cardLine = number
        cardBytes = 0
        builder.reset()
    }

    private mutating func fail(at number: Int, _ message: String, _ emit: (Item) throws -> Void) rethrows {
        guard !skipping else { return }
        skipping = true
        try emit(.error(VCardError(line: number, cardLine: cardLine, message: message)))
    }
}
