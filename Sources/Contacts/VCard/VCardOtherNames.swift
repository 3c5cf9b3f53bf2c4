/// Whether an `other` property's name can be written as it stands: only when
/// the reader, reading `name:value`, would keep it in `other` under exactly that
/// name. Anything else (a CSV column's header, a name the reader maps, one with
/// parameters the reader decodes) the writer wraps in `X-ROSTER-FIELD`.
enum VCardOtherNames {
    private static func parsed(_ name: String, _ check: (VCardPropertyLine) -> Bool) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, first != 0x20, first != 0x09,
            !bytes.contains(0x0D), !bytes.contains(0x0A)
        else { return false }
        let line = bytes + [0x3A]
        return line.withUnsafeBufferPointer { buffer in
            guard let property = VCardPropertyLine.parse(buffer), property.head == 0..<bytes.count,
                property.parameters.decodingParameters.isEmpty,
                property.parameters.encoding != .quotedPrintable,
                !hasQuotedPrintableOutsideQuotes(bytes),
                isToken(buffer, property.name), property.group.map({ isToken(buffer, $0) }) ?? true
            else { return false }
            return check(property)
        }
    }

    /// A name the reader keeps in `other` as it stands.
    static func isWritable(_ name: String) -> Bool {
        parsed(name) { $0.kind == .other || $0.kind == .abLabel }
    }

    /// `FN` or `FN;params`: the card's own formatted name, first in `other`.
    static func isOwnFormattedName(_ name: String) -> Bool {
        parsed(name) { $0.kind == .fn && $0.group == nil }
    }

    /// The group of a name (`item1` of `item1.X-ABDATE`), lowercased; nil for none.
    static func group(_ name: String) -> String? {
        guard let end = name.firstIndex(where: { $0 == ";" || $0 == ":" }) ?? Optional(name.endIndex),
            let dot = name[..<end].firstIndex(of: ".")
        else { return nil }
        return name[..<dot].lowercased()
    }

    /// Letters, digits and `-`: what RFC 6350 allows in names and groups.
    private static func isToken(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        !range.isEmpty
            && range.allSatisfy { index in
                let byte = VCardBytes.upper(line[index])
                return (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
            }
    }

    /// The reader joins a line ending in `=` with the next when its parameters
    /// hold QUOTED-PRINTABLE, outside double quotes.
    private static func hasQuotedPrintableOutsideQuotes(_ bytes: [UInt8]) -> Bool {
        var outside: [UInt8] = []
        var quoted = false
        for byte in bytes {
            if byte == 0x22 { quoted.toggle() } else if !quoted { outside.append(VCardBytes.upper(byte)) }
        }
        let word = Array("QUOTED-PRINTABLE".utf8)
        guard outside.count >= word.count else { return false }
        return (0...(outside.count - word.count)).contains {
            outside[$0..<($0 + word.count)].elementsEqual(word)
        }
    }
}
