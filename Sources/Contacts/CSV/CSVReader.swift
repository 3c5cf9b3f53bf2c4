/// A streaming, push-based RFC 4180 reader: feed it bytes in chunks of any size,
/// get records (or row errors) back. Pure: no I/O, no allocation per byte.
/// Fields are separated by `delimiter`: a comma unless told otherwise (`;` and
/// tab are what spreadsheets write; `ContactFileSniffer` finds which).
///
/// Accepts a UTF-8 BOM, CRLF, LF or CR line ends, quoted fields with `""` for a
/// quote, line breaks inside quotes, empty fields and a missing final line end.
/// A row error (wrong field count, invalid UTF-8, a field over `maxField` bytes,
/// a row over `maxRow` bytes, a stray quote) names its line and column and
/// skips just that row, so a caller may stop or go on; an unterminated quote
/// can only be found at the end.
public struct CSVReader: Sendable {
    /// One parsed row.
    public enum Row: Equatable, Sendable {
        /// The fields of a record starting on `line` (1-based).
        case record(line: Int, fields: [String])
        /// A row that could not be read.
        case error(CSVError)
    }

    /// Longest field, in bytes.
    public let maxField: Int
    /// Longest row, in bytes.
    public let maxRow: Int
    /// Fields every record must have (the header's count), once known.
    public var expectedFields: Int?
    /// Take `expectedFields` from the first record (the header line).
    public let fieldCountFromHeader: Bool
    /// The byte between fields: `,` (0x2C) unless given, `;` or tab for a
    /// spreadsheet's CSV. Never a quote or a line end.
    public let delimiter: UInt8

    private enum State: Sendable {
        case fieldStart, unquoted, quoted, quoteInQuoted, afterCR, skipping, skippingQuoted
    }

    private var state = State.fieldStart
    private var field: [UInt8] = []
    private var fields: [String] = []
    private var rowBytes = 0
    private var line = 1
    private var rowLine = 1
    private var fieldStartColumn = 1
    private var column = 1
    private var rowError: CSVError?
    private var atStart = true
    private var bomMatched = 0
    private var rowHasContent = false

    /// A reader with the given limits (4 KiB fields, 64 KiB rows by default). With
    /// `fieldCountFromHeader`, every record must have as many fields as the first.
    public init(
        maxField: Int = 4096, maxRow: Int = 64 * 1024, expectedFields: Int? = nil,
        fieldCountFromHeader: Bool = false, delimiter: UInt8 = 0x2C
    ) {
        precondition(delimiter != 0x22 && delimiter != 0x0A && delimiter != 0x0D, "not a delimiter")
        self.delimiter = delimiter
        self.maxField = maxField
        self.maxRow = maxRow
        self.expectedFields = expectedFields
        self.fieldCountFromHeader = fieldCountFromHeader
    }

    /// Parses `bytes`, calling `emit` for each complete row.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Row) throws -> Void) rethrows {
        var index = 0
        if atStart {
            // Skip a UTF-8 BOM (EF BB BF), even if it arrives split across chunks.
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            while index < bytes.count && bomMatched < 3 && bytes[index] == bom[bomMatched] {
                bomMatched += 1
                index += 1
            }
            if bomMatched == 3 || (index < bytes.count) {
                if bomMatched > 0 && bomMatched < 3 {
                    // Not a BOM after all: those bytes were data.
                    for byte in bom[0..<bomMatched] { try consume(byte, emit) }
                }
                atStart = false
            } else {
                return
            }
        }
        while index < bytes.count {
            // Fast path: copy a run of plain field bytes in one go.
            if rowError == nil && (state == .unquoted || state == .quoted) {
                let run = plainRun(bytes, from: index, quoted: state == .quoted)
                if run > 0 {
                    // Stop short of either limit, so that the byte-by-byte path reports
                    // it at the exact byte.
                    let take = min(run, max(maxField - field.count, 0), max(maxRow - rowBytes, 0))
                    field.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<(index + take)]))
                    rowBytes += take
                    column += take
                    index += take
                    if take < run {
                        try consume(bytes[index], emit)
                        index += 1
                    }
                    continue
                }
            }
            try consume(bytes[index], emit)
            index += 1
        }
    }

    /// The length of the run at `start` that needs no state change: up to the next
    /// delimiter, quote or line end (unquoted), or quote or line feed (quoted).
    private func plainRun(_ bytes: UnsafeRawBufferPointer, from start: Int, quoted: Bool) -> Int {
        var index = start
        if quoted {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x22 || byte == 0x0A { break }
                index += 1
            }
        } else {
            let delimiter = self.delimiter
            while index < bytes.count {
                let byte = bytes[index]
                if byte == delimiter || byte == 0x0A || byte == 0x0D || byte == 0x22 { break }
                index += 1
            }
        }
        return index - start
    }

    /// Ends the input: emits the last row if it had no line end, and reports an
    /// unterminated quote.
    public mutating func finish(_ emit: (Row) throws -> Void) rethrows {
        if atStart && bomMatched > 0 && bomMatched < 3 {
            atStart = false
            for byte in [UInt8]([0xEF, 0xBB, 0xBF])[0..<bomMatched] { try consume(byte, emit) }
        }
        switch state {
        case .quoted, .skippingQuoted:
            let error = CSVError(
                line: rowLine, column: fieldStartColumn, problem: "a quoted field is never closed")
            resetRow()
            try emit(.error(error))
        case .afterCR:
            state = .fieldStart
        case .fieldStart where !rowHasContent && fields.isEmpty:
            break
        default:
            try endRow(emit)
        }
    }

    // MARK: - The state machine

    private mutating func consume(_ byte: UInt8, _ emit: (Row) throws -> Void) rethrows {
        if state == .afterCR {
            state = .fieldStart
            if byte == 0x0A {
                column = 1
                return
            }
        }
        rowBytes += 1
        // A line end that ends the row is not part of it: a row fits the same with
        // or without one.
        let endsRow = (byte == 0x0A || byte == 0x0D) && state != .quoted
        if rowBytes > maxRow && rowError == nil && state != .skipping && state != .skippingQuoted && !endsRow
        {
            fail("the row is longer than \(maxRow) bytes")
        }
        switch state {
        case .skipping:
            if byte == 0x0A || byte == 0x0D {
                try lineEnd(byte, emit)
            } else if byte == 0x22 {
                state = .skippingQuoted
            }
        case .skippingQuoted:
            if byte == 0x22 { state = .skipping } else if byte == 0x0A { newLineInField() }
        case .fieldStart:
            rowHasContent = true
            fieldStartColumn = column
            switch byte {
            case 0x22: state = .quoted
            case delimiter: endField()
            case 0x0A, 0x0D:
                rowHasContent = !fields.isEmpty
                try lineEnd(byte, emit)
            default:
                state = .unquoted
                append(byte)
            }
        case .unquoted:
            switch byte {
            case delimiter:
                endField()
                state = .fieldStart
            case 0x0A, 0x0D: try lineEnd(byte, emit)
            case 0x22: fail("a quote inside an unquoted field; quote the whole field and double the quote")
            default: append(byte)
            }
        case .quoted:
            if byte == 0x22 {
                state = .quoteInQuoted
            } else {
                // The line feed is the last byte of its line: an error there has its column.
                append(byte)
                if byte == 0x0A { newLineInField() }
            }
        case .quoteInQuoted:
            switch byte {
            case 0x22:
                append(0x22)
                state = .quoted
            case delimiter:
                endField()
                state = .fieldStart
            case 0x0A, 0x0D: try lineEnd(byte, emit)
            default: fail("text after the closing quote of a field")
            }
        case .afterCR:
            break
        }
        column += 1
    }

    private mutating func append(_ byte: UInt8) {
        guard rowError == nil else { return }
        if field.count >= maxField {
            fail("a field is longer than \(maxField) bytes")
            return
        }
        field.append(byte)
    }

    private mutating func newLineInField() {
        line += 1
        column = 0
    }

    private mutating func endField() {
        guard rowError == nil else { return }
        guard let text = String(validating: field, as: UTF8.self) else {
            fail("the text is not valid UTF-8", column: fieldStartColumn)
            return
        }
        fields.append(text)
        field.removeAll(keepingCapacity: true)
    }

    private mutating func lineEnd(_ byte: UInt8, _ emit: (Row) throws -> Void) rethrows {
        if state == .skipping || rowError != nil {
            let error = rowError
            resetRow()
            advanceLine(byte)
            if let error { try emit(.error(error)) }
            return
        }
        let blank = fields.isEmpty && field.isEmpty && !rowHasContent
        if blank {
            resetRow()
            advanceLine(byte)
            return  // blank lines are not records
        }
        try endRow(emit)
        advanceLine(byte)
    }

    private mutating func advanceLine(_ byte: UInt8) {
        line += 1
        column = 0
        rowLine = line
        state = byte == 0x0D ? .afterCR : .fieldStart
    }

    private mutating func endRow(_ emit: (Row) throws -> Void) rethrows {
        endField()
        if let error = rowError {
            resetRow()
            try emit(.error(error))
            return
        }
        let record = fields
        let startLine = rowLine
        resetRow()
        if expectedFields == nil && fieldCountFromHeader { expectedFields = record.count }
        if let expected = expectedFields, record.count != expected {
            try emit(
                .error(
                    CSVError(
                        line: startLine, column: nil,
                        problem:
                            "the row has \(Plural.count(record.count, "field")); the header has \(expected)"))
            )
            return
        }
        try emit(.record(line: startLine, fields: record))
    }

    private mutating func resetRow() {
        field.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
        rowError = nil
        rowBytes = 0
        rowHasContent = false
        state = .fieldStart
    }

    private mutating func fail(_ problem: String, column: Int? = nil) {
        guard rowError == nil else { return }
        rowError = CSVError(line: rowLine, column: column ?? self.column, problem: problem)
        field.removeAll(keepingCapacity: true)
        if state == .quoted {
            state = .skippingQuoted
        } else {
            state = .skipping
        }
    }
}

/// A row that could not be read: where and why.
public struct CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line the row starts on.
    public let line: Int
    /// The 1-based column (byte) where it went wrong, when known.
    public let column: Int?
    /// What is wrong, for a person.
    public let problem: String

    /// `line L, column C: problem`.
    public var description: String {
        "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": \(problem)"
    }
}
