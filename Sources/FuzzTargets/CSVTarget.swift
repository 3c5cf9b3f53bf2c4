import Contacts

/// The streaming CSV reader, with the default limits and with small ones that a
/// short input can reach (field count taken from the header there).
///
/// - The same rows (records and errors, lines and columns included) whole, in
///   random pieces (empty ones too) and byte by byte.
/// - Rows come in line order; records start on increasing lines, hold no field
///   over the limit and, once a header fixed it, the header's field count; error
///   positions are 1-based.
/// - The records, written back with `CSVWriter` and read again with the same
///   settings, are the same records, with no errors.
enum CSVTarget {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        var random = InputRandom(bytes)
        let settings = [
            CSVReader(),
            CSVReader(maxField: 12, maxRow: 40, fieldCountFromHeader: true),
        ]
        for reader in settings {
            let whole = rows(bytes, reader, pieces: [0..<bytes.count])
            let pieces = rows(bytes, reader, pieces: random.pieces(of: bytes.count, sizes: 0...17))
            try require(whole == pieces, differ("random pieces", whole, pieces, reader))
            if bytes.count <= 4096 {
                let byByte = rows(bytes, reader, pieces: random.pieces(of: bytes.count, sizes: 1...1))
                try require(whole == byByte, differ("byte by byte", whole, byByte, reader))
            }
            try checkOrder(whole, reader)

            let records = whole.compactMap { row -> [String]? in
                if case .record(_, let fields) = row { fields } else { nil }
            }
            var writer = CSVWriter()
            for record in records { writer.write(record) }
            let again = rows(
                writer.bytes, reader, pieces: random.pieces(of: writer.bytes.count, sizes: 1...300))
            let recordsAgain = again.map { row -> [String]? in
                if case .record(_, let fields) = row { fields } else { nil }
            }
            try require(
                recordsAgain == records,
                "records written and read again differ (maxField \(reader.maxField)):\n"
                    + "read:    \(records)\nwritten: \(writer.bytes.debugText)\nread again: \(again)")
        }
    }

    /// The rows `reader` finds in `bytes` fed as `pieces`, then finished.
    static func rows(_ bytes: [UInt8], _ reader: CSVReader, pieces: [Range<Int>]) -> [CSVReader.Row] {
        var reader = reader
        var rows: [CSVReader.Row] = []
        bytes.withUnsafeBytes { buffer in
            for piece in pieces {
                reader.feed(UnsafeRawBufferPointer(rebasing: buffer[piece])) { rows.append($0) }
            }
        }
        reader.finish { rows.append($0) }
        return rows
    }

    private static func checkOrder(_ rows: [CSVReader.Row], _ settings: CSVReader) throws(FuzzFailure) {
        var lastLine = 0
        var lastRecordLine = 0
        var expected: Int?
        for row in rows {
            switch row {
            case .record(let line, let fields):
                try require(
                    line > lastRecordLine && line >= lastLine, "record on line \(line) after \(lastLine)")
                try require(
                    fields.allSatisfy { $0.utf8.count <= settings.maxField },
                    "a field over \(settings.maxField) bytes on line \(line)")
                if settings.fieldCountFromHeader {
                    if let expected {
                        try require(
                            fields.count == expected, "\(fields.count) fields, the header has \(expected)")
                    } else {
                        expected = fields.count
                    }
                }
                lastRecordLine = line
                lastLine = line
            case .error(let error):
                try require(
                    error.line >= lastLine && error.line >= 1, "error \(error) after line \(lastLine)")
                try require((error.column ?? 1) >= 1, "error \(error) in a column before the first")
                lastLine = error.line
            }
        }
    }

    private static func differ(
        _ how: String, _ whole: [CSVReader.Row], _ other: [CSVReader.Row], _ reader: CSVReader
    )
        -> String
    {
        "rows read \(how) differ from rows read whole (maxField \(reader.maxField)):\n"
            + "whole: \(whole)\n\(how): \(other)"
    }
}
