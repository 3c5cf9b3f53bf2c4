/// Writes RFC 4180 records: fields joined by commas, a field quoted (with `"`
/// doubled) when it holds a comma, a quote, CR or LF, records ended by CRLF.
/// So that `CSVReader` reads back every record written, a record of one empty
/// field is `""`, not a blank line, and output that would start with U+FEFF
/// starts with a byte order mark first (readers skip one).
public struct CSVWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    private var started = false

    /// An empty writer.
    public init() {}

    /// Appends one record.
    public mutating func write(_ fields: [String]) {
        if !started, fields.first?.utf8.starts(with: [0xEF, 0xBB, 0xBF]) == true {
            bytes.append(contentsOf: [0xEF, 0xBB, 0xBF])
        }
        started = true
        if fields == [""] {
            bytes.append(contentsOf: [0x22, 0x22, 0x0D, 0x0A])
            return
        }
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(field)
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    /// Hands back the bytes written so far and starts empty, for streaming.
    public mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    private mutating func append(_ field: String) {
        let utf8 = field.utf8
        let needsQuotes = utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }
        guard needsQuotes else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(0x22)
        for byte in utf8 {
            if byte == 0x22 { bytes.append(0x22) }
            bytes.append(byte)
        }
        bytes.append(0x22)
    }
}

extension ContactFields {
    /// The CSV header naming the fields in `csvRecord` order.
    public static var csvHeader: [String] { ContactField.csvHeader }

    /// The fields in `csvHeader` order, formulas made plain text (`CSVFormulas`).
    public var csvRecord: [String] { ContactField.csvFields.map { CSVFormulas.neutralized(self[$0].text) } }
}
