import Contacts

/// A contact as one line of COPY's text format, as the seed and imports write them.
enum CopyLine {
    /// The COPY that takes these lines.
    static let copySQL = "COPY contacts (id, sort_key, lines, search, \(ContactField.columnList)) FROM STDIN"

    /// One COPY text line: id, sort key, notes lines, search words, then every field.
    static func append(
        id: Int, key: [UInt8], fields: ContactFields, document: String, to buffer: inout [UInt8]
    ) {
        buffer.append(contentsOf: String(id).utf8)
        buffer.append(9)
        buffer.append(contentsOf: "\\\\".utf8)  // bytea's `\x`, its backslash escaped for COPY
        buffer.append(contentsOf: key.byteaLiteral.utf8.dropFirst())
        buffer.append(9)
        buffer.append(UInt8(ascii: "0") + UInt8(NoteLines.count(fields.notes)))
        buffer.append(9)
        appendEscaped(document, to: &buffer)
        for field in ContactField.allCases {
            buffer.append(9)
            switch fields[field] {
            case .text(let text): appendEscaped(text, to: &buffer)
            case .boolean(let value): buffer.append(UInt8(ascii: value ? "t" : "f"))
            }
        }
        buffer.append(10)
    }

    /// `text` in COPY's text format: backslash, tab, line feed and carriage return escaped.
    static func appendEscaped(_ text: String, to buffer: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): buffer.append(contentsOf: [92, 92])
            case 9: buffer.append(contentsOf: [92, UInt8(ascii: "t")])
            case 10: buffer.append(contentsOf: [92, UInt8(ascii: "n")])
            case 13: buffer.append(contentsOf: [92, UInt8(ascii: "r")])
            default: buffer.append(byte)
            }
        }
    }
}
