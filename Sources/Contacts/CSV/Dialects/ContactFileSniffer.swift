/// Tells what a contacts file is from its first bytes (`prefixLength`, 64 KiB,
/// is enough; less when the file is shorter): a CSV with its `CSVDialect`, a
/// vCard (the caller routes it to the vCard reader), or a file refused with a
/// message naming the cause and the fix (`ContactFileRefusal`).
///
/// In order: an empty file; a spreadsheet's own format (ZIP holding `xl/`,
/// ODF's mimetype or Numbers' `Index/`; OLE2 for `.xls`), a PDF, a ZIP or gzip
/// archive, binary data (a NUL byte outside UTF-16); the encoding (a UTF-8 or
/// UTF-16 BOM; UTF-16 without one when every other byte is NUL; else UTF-8 when
/// the prefix is valid UTF-8, a sequence cut by the prefix's end allowed, and
/// Windows-1252 when not: see `CSVTextEncoding`); `BEGIN:VCARD` first (a vCard);
/// a web page. Then the delimiter and the header: Excel's `sep=;` first line
/// says the delimiter; otherwise each of `,` `;` and tab reads the prefix, the
/// header is the first row of at least two fields of which one is a column
/// `HeaderVocabulary` knows (a one-column file: its only row of one known field),
/// and the delimiter is the one whose header names the most known columns, then
/// has the most fields, then splits the most following rows into as many fields
/// (comma first on a tie). Rows before the header (LinkedIn's "Notes:" and its
/// paragraph) are skipped.
public enum ContactFileSniffer {
    /// What a file is.
    public enum Verdict: Hashable, Sendable {
        case csv(CSVDialect)
        /// A vCard in this encoding: for the vCard reader.
        case vcard(CSVTextEncoding)
        case refused(ContactFileRefusal)
    }

    /// How much of a file's start `sniff` needs.
    public static let prefixLength = 64 * 1024

    /// What the file starting with `prefix` is. `isWholeFile`: the prefix is the
    /// whole file (its last line is complete, not cut).
    public static func sniff(prefix: [UInt8], isWholeFile: Bool = false) -> Verdict {
        let bytes = Array(prefix.prefix(prefixLength))
        let whole = isWholeFile && bytes.count == prefix.count
        if let refusal = magic(bytes) { return .refused(refusal) }
        guard let encoding = encoding(of: bytes, whole: whole) else { return .refused(.binary) }
        var text: [UInt8] = []
        var transcoder = UTF8Transcoder(encoding)
        bytes.withUnsafeBytes { transcoder.feed($0) { text.append(contentsOf: $0) } }
        if whole { transcoder.finish { text.append(contentsOf: $0) } }
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        guard let start = text.firstIndex(where: { !isSpace($0) }) else { return .refused(.empty) }
        let opening = String(decoding: text[start..<min(text.count, start + 16)], as: UTF8.self).uppercased()
        if opening.hasPrefix("BEGIN:VCARD") { return .vcard(encoding) }
        if opening.hasPrefix("<!DOCTYPE") || opening.hasPrefix("<HTML") || opening.hasPrefix("<?XML") {
            return .refused(.webPage)
        }
        if !whole, let lastLine = text.lastIndex(of: 0x0A) { text.removeSubrange((lastLine + 1)...) }
        return dialect(text, encoding: encoding)
    }

    // MARK: - Bytes

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    private static func magic(_ bytes: [UInt8]) -> ContactFileRefusal? {
        if bytes.allSatisfy(isSpace) { return .empty }
        func contains(_ text: String) -> Bool {
            let needle = Array(text.utf8)
            return bytes.count >= needle.count
                && (0...(bytes.count - needle.count)).contains { start in
                    bytes[start..<(start + needle.count)].elementsEqual(needle)
                }
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            if contains("mimetypeapplication/vnd.oasis.opendocument.spreadsheet") {
                return .spreadsheet("ods")
            }
            if contains("Index/Document.iwa") || contains("Index/Tables/") { return .spreadsheet("numbers") }
            if contains("xl/") || contains("[Content_Types].xml") { return .spreadsheet("xlsx") }
            return .archive
        }
        if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            return .spreadsheet("xls")
        }
        if bytes.starts(with: Array("%PDF-".utf8)) { return .pdf }
        if bytes.starts(with: [0x1F, 0x8B]) { return .archive }
        return nil
    }

    /// The encoding of a file starting with `bytes`; nil for binary data.
    static func encoding(of bytes: [UInt8], whole: Bool) -> CSVTextEncoding? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8WithBOM }
        if bytes.starts(with: [0xFF, 0xFE]) { return .utf16LittleEndian }
        if bytes.starts(with: [0xFE, 0xFF]) { return .utf16BigEndian }
        let sample = bytes.prefix(4096)
        var zeros = (even: 0, odd: 0)
        for (index, byte) in sample.enumerated() where byte == 0 {
            if index % 2 == 0 { zeros.even += 1 } else { zeros.odd += 1 }
        }
        let pairs = sample.count / 2
        if pairs > 0 && zeros.odd * 10 >= pairs * 4 && zeros.even * 10 < pairs { return .utf16LittleEndian }
        if pairs > 0 && zeros.even * 10 >= pairs * 4 && zeros.odd * 10 < pairs { return .utf16BigEndian }
        if zeros.even + zeros.odd > 0 || bytes.contains(0) { return nil }
        guard bytes.contains(where: { $0 >= 0x80 }) else { return .ascii }
        var end = bytes.count
        if !whole {
            // A sequence cut by the prefix's end is no error: drop its start.
            var back = end - 1
            while back > 0 && back > end - 4 && bytes[back] & 0xC0 == 0x80 { back -= 1 }
            let lead = bytes[back]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if back + length > end { end = back }
        }
        return String(validating: bytes[..<end], as: UTF8.self) != nil ? .utf8 : .windows1252
    }

    // MARK: - Rows

    private static let delimiters: [UInt8] = [0x2C, 0x3B, 0x09]

    /// The rows `text` holds with `delimiter`: each a record's fields and line, or
    /// nil for a row the reader refused.
    private static func rows(_ text: ArraySlice<UInt8>, delimiter: UInt8) -> [(line: Int, fields: [String])?]
    {
        var reader = CSVReader(maxField: 1 << 20, maxRow: 1 << 20, delimiter: delimiter)
        var rows: [(line: Int, fields: [String])?] = []
        let take: (CSVReader.Row) -> Void = { row in
            switch row {
            case .record(let line, let fields): rows.append((line, fields))
            case .error: rows.append(nil)
            }
        }
        text.withUnsafeBytes { reader.feed($0, take) }
        reader.finish(take)
        return rows
    }

    private struct Candidate {
        var delimiter: UInt8
        var index: Int
        var line: Int
        var header: [String]
        var score: (known: Int, fields: Int, consistent: Int)
    }

    private static func dialect(_ text: [UInt8], encoding: CSVTextEncoding) -> Verdict {
        var skip = 0
        var body = text[...]
        var choices = delimiters
        // Excel's "sep=;" line names the delimiter.
        if let end = text.firstIndex(of: 0x0A) ?? (text.count > 0 ? text.count : nil) {
            let line = String(decoding: text[..<end], as: UTF8.self).trimmingCharacters()
            if line.lowercased().hasPrefix("sep="), line.utf8.count == 5, let byte = line.utf8.last,
                byte != 0x22
            {
                choices = [byte]
                skip = 1
                body = text[min(text.count, end + 1)...]
            }
        }
        var best: Candidate?
        for delimiter in choices {
            guard let candidate = header(rows(body, delimiter: delimiter), delimiter: delimiter) else {
                continue
            }
            if let current = best, candidate.score <= current.score { continue }
            best = candidate
        }
        guard let best else {
            let first = String(decoding: body.prefix(while: { $0 != 0x0A && $0 != 0x0D }), as: UTF8.self)
            return .refused(.noHeader(first.trimmingCharacters()))
        }
        let line = best.line + (skip == 1 ? 1 : 0)
        let dialect = CSVDialect(
            encoding: encoding, delimiter: best.delimiter, rowsBeforeHeader: best.index + skip,
            headerLine: line,
            header: best.header)
        guard CSVCardMapping(header: dialect.header, layout: dialect.layout).canName else {
            return .refused(.noNameColumn(line: line, header: best.header))
        }
        return .csv(dialect)
    }

    /// The header among `rows`, and how well `delimiter` reads them.
    private static func header(_ rows: [(line: Int, fields: [String])?], delimiter: UInt8) -> Candidate? {
        func known(_ fields: [String]) -> Int {
            fields.filter { $0.utf8.count <= 128 && HeaderVocabulary.knows($0) }.count
        }
        let scanned = rows.prefix(200)
        let index =
            scanned.firstIndex { row in
                guard let row, row.fields.count >= 2 else { return false }
                return known(row.fields) >= 1
            }
            ?? scanned.firstIndex { row in
                guard let row, row.fields.count == 1 else { return false }
                return known(row.fields) == 1
            }
        guard let index, let row = rows[index] else { return nil }
        let following = rows[(index + 1)...].prefix(50)
        let consistent = following.filter { $0?.fields.count == row.fields.count }.count
        return Candidate(
            delimiter: delimiter, index: index, line: row.line, header: row.fields,
            score: (known(row.fields), row.fields.count, consistent))
    }
}
