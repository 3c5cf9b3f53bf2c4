import Foundation

/// A streaming, push-based vCard reader (2.1, 3.0 and 4.0, as Apple Contacts,
/// Google Contacts, Nextcloud, Thunderbird, Android and Outlook export them):
/// feed it bytes in chunks of any size, get one `ContactCard` per
/// `BEGIN:VCARD` ... `END:VCARD` back, or an error naming the line. Pure: no
/// I/O; it holds one card at a time, never the file.
///
/// Lines end in CRLF or LF; a line starting with a space or tab continues the
/// one before (unfolding, RFC 6350 3.2), and in a quoted-printable value a line
/// ending in `=` goes on with the next whatever it starts with (vCard 2.1's soft
/// line breaks). A UTF-8 BOM is skipped. A vCard 2.1 base64 value may go on over
/// lines without a `:` up to a blank line. What each property becomes is told by
/// `VCardCardBuilder`; parameters by `VCardParameters`; labels by `VCardLabels`.
///
/// Errors: a card with a line over `maxCardBytes`, more than `maxCardBytes` in
/// all, a line without `:`, an unknown CHARSET, an undecodable PHOTO (when photos
/// are kept), a `BEGIN:VCARD` before its `END:VCARD` or no `END:VCARD` at all is
/// reported once, with the line and the card's first line, and skipped up to its
/// `END:VCARD`; text outside cards is reported once per run of such lines.
public struct VCardReader: Sendable {
    /// What reading gives, in the file's order.
    public enum Item: Equatable, Sendable {
        /// A card whose `BEGIN:VCARD` is on `line` (1-based).
        case card(line: Int, ContactCard)
        /// A card (or text) that could not be read.
        case error(VCardError)
    }

    /// Whether PHOTO (and other inline binaries) are kept; dropped otherwise.
    public let keepPhotos: Bool
    /// The most bytes one card (and so one line) may hold.
    public let maxCardBytes: Int

    private var logical: [UInt8] = []
    private var logicalLine = 1
    private var lineNumber = 1
    private var pending = false
    private var atLineStart = true
    private var softBreakAt: Int?
    private var continuationAt: Int?
    private var tooLong = false
    /// Where the physical line being read starts in `logical`.
    private var physicalStart = 0
    private var firstLine = true

    var builder: VCardCardBuilder
    var inCard = false
    var skipping = false
    var cardLine = 0
    var cardBytes = 0
    var afterJunk = false

    /// A reader that keeps photos or not, and a card at most `maxCardBytes` long (8 MiB).
    public init(keepPhotos: Bool = false, maxCardBytes: Int = 8 << 20) {
        self.keepPhotos = keepPhotos
        self.maxCardBytes = maxCardBytes
        builder = VCardCardBuilder(keepPhotos: keepPhotos)
        logical.reserveCapacity(256)
    }

    /// Reads `bytes`, calling `emit` for each card (or error) they complete.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Item) throws -> Void) rethrows {
        var index = 0
        let count = bytes.count
        while index < count {
            if atLineStart {
                atLineStart = false
                let byte = bytes[index]
                if let at = softBreakAt {
                    softBreakAt = nil
                    continuationAt = at
                } else if pending && (byte == 0x20 || byte == 0x09) {
                    index += 1
                } else {
                    if pending { try endLogical(emit) }
                    startLogical(at: lineNumber)
                }
                physicalStart = logical.count
                continue
            }
            var end = count
            if let found = memchr(bytes.baseAddress! + index, 0x0A, count - index) {
                end = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
            }
            if !tooLong {
                if logical.count + (end - index) > maxCardBytes {
                    // Nothing of the line is kept, so that no chunking reads part of it.
                    tooLong = true
                    logical.removeAll(keepingCapacity: true)
                } else {
                    logical.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
                }
            }
            index = end
            if end < count {
                index += 1
                try endPhysical(emit)
            }
        }
    }

    /// Ends the input: the last line is read, and a card left open is an error.
    public mutating func finish(_ emit: (Item) throws -> Void) rethrows {
        let lastLine = atLineStart ? lineNumber - 1 : lineNumber
        if !atLineStart { _ = try endAfterSoftBreak(line: lineNumber, emit) }
        if pending { try endLogical(emit) }
        softBreakAt = nil
        continuationAt = nil
        atLineStart = true
        if inCard {
            if !skipping {
                try emit(.error(VCardError(line: lastLine, cardLine: cardLine, message: "no END:VCARD")))
            }
            inCard = false
            skipping = false
        }
    }

    private mutating func startLogical(at line: Int) {
        logical.removeAll(keepingCapacity: true)
        logicalLine = line
        pending = true
        tooLong = false
        continuationAt = nil
    }

    /// A line end: CR dropped, a soft break noted, and a soft break's `END:VCARD`
    /// kept a line of its own (an exporter's last value ending in a stray `=`).
    private mutating func endPhysical(_ emit: (Item) throws -> Void) rethrows {
        lineNumber += 1
        atLineStart = true
        // Only this physical line's own CR and `=`: an empty line after a soft break has neither.
        let own = logical.count > physicalStart
        if own && logical.last == 0x0D { logical.removeLast() }
        if try endAfterSoftBreak(line: lineNumber - 1, emit) { return }
        if own && logical.count > physicalStart && logical.last == 0x3D && !tooLong && isQuotedPrintable() {
            logical.removeLast()
            softBreakAt = logical.count
        }
    }

    /// Whether the physical line after a soft break is `END:VCARD`: if so the
    /// line before is read, and this one becomes a line of its own.
    private mutating func endAfterSoftBreak(line: Int, _ emit: (Item) throws -> Void) rethrows -> Bool {
        guard let at = continuationAt else { return false }
        continuationAt = nil
        guard !tooLong else { return false }
        let isEnd = logical.withUnsafeBufferPointer { VCardBytes.isLine($0, at..<$0.count, "END:VCARD") }
        guard isEnd else { return false }
        logical.removeSubrange(at...)
        try endLogical(emit)
        startLogical(at: line)
        logical.append(contentsOf: "END:VCARD".utf8)
        return true
    }

    /// Whether the logical line's parameters say QUOTED-PRINTABLE.
    private func isQuotedPrintable() -> Bool {
        logical.withUnsafeBufferPointer { line in
            var quoted = false
            var index = 0
            while index + 16 <= line.count {
                let byte = line[index]
                if byte == 0x22 { quoted.toggle() } else if byte == 0x3A && !quoted { return false }
                if !quoted && VCardBytes.upper(byte) == 0x51
                    && VCardBytes.equalsUpper(line, index..<(index + 16), "QUOTED-PRINTABLE")
                {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    private mutating func endLogical(_ emit: (Item) throws -> Void) rethrows {
        pending = false
        let line = logical
        let number = logicalLine
        let overlong = tooLong
        try line.withUnsafeBufferPointer { whole in
            var start = 0
            if firstLine {
                firstLine = false
                if whole.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
                if whole.starts(with: [0xFF, 0xFE]) || whole.starts(with: [0xFE, 0xFF]) {
                    afterJunk = true
                    let message = "the file is UTF-16: only UTF-8 (or a CHARSET it names) is read"
                    try emit(.error(VCardError(line: number, cardLine: number, message: message)))
                }
            }
            try take(UnsafeBufferPointer(rebasing: whole[start...]), at: number, overlong: overlong, emit)
        }
    }
}
