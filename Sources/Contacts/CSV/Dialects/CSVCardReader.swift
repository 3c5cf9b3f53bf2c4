/// Reads a whole contacts CSV into `ContactCard`s: bytes in chunks of any size
/// (an import body as it arrives; never the whole file at once) in the encoding
/// `ContactFileSniffer` found, cards or row errors out, by line.
///
/// ```swift
/// guard case .csv(let dialect) = ContactFileSniffer.sniff(prefix: start) else { ... }
/// let reader = CSVCardReader(dialect: dialect)
/// for chunk in body { reader.feed(chunk) { row in ... } }
/// reader.finish { row in ... }
/// ```
///
/// The bytes go through `UTF8Transcoder` to `CSVReader` with the dialect's
/// delimiter; the rows before the header are skipped, the header read into a
/// `CSVCardMapping`, and each later record made a card. A row is an error (the
/// reader goes on; the caller skips it or stops) when `CSVReader` refuses it
/// (quotes, size, UTF-8), when it has more fields than the header with text in
/// the extra ones (fewer are taken as empty: some exporters drop trailing empty
/// cells), or when its card has no name, company, e-mail or phone: "a contact
/// with no name but a company or an e-mail is a contact". A row with no text at
/// all is no contact and no error.
public final class CSVCardReader {
    /// One row of the file.
    public enum Row: Equatable, Sendable {
        /// The card of the record starting on `line` (1-based).
        case card(line: Int, ContactCard)
        case error(CSVError)
    }

    /// How the file is written.
    public let dialect: CSVDialect
    /// The header's plan, once the header line is read.
    public private(set) var mapping: CSVCardMapping?
    /// The encoding read: the dialect's, except that `ascii` becomes `utf8` or
    /// `windows1252` at the file's first non-ASCII sequence.
    public var encoding: CSVTextEncoding { transcoder.encoding }

    private var transcoder: UTF8Transcoder
    private var reader: CSVReader
    private var skipped = 0

    /// A reader of a file written as `dialect`; fields up to `maxField` bytes
    /// (enough for every field's limit by default), rows up to `maxRow`.
    public init(dialect: CSVDialect, maxField: Int = ContactField.maxUTF8Bytes, maxRow: Int = 256 * 1024) {
        self.dialect = dialect
        transcoder = UTF8Transcoder(dialect.encoding)
        reader = CSVReader(maxField: maxField, maxRow: maxRow, delimiter: dialect.delimiter)
    }

    /// Reads the next piece of the file, calling `emit` for each row it completes.
    public func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Row) throws -> Void) rethrows {
        var transcoder = self.transcoder
        defer { self.transcoder = transcoder }
        try transcoder.feed(bytes) { text in try reader.feed(text) { try handle($0, emit) } }
    }

    /// Reads what the last piece left unfinished.
    public func finish(_ emit: (Row) throws -> Void) rethrows {
        var transcoder = self.transcoder
        defer { self.transcoder = transcoder }
        try transcoder.finish { text in try reader.feed(text) { try handle($0, emit) } }
        try reader.finish { try handle($0, emit) }
    }

    private func handle(_ row: CSVReader.Row, _ emit: (Row) throws -> Void) throws {
        if skipped < dialect.rowsBeforeHeader {
            skipped += 1
            return
        }
        switch row {
        case .error(let error):
            try emit(.error(error))
        case .record(let line, let fields):
            guard let mapping else {
                mapping = CSVCardMapping(header: fields, layout: dialect.layout)
                return
            }
            let count = mapping.header.count
            if fields.count > count, fields[count...].contains(where: { !$0.trimmingCharacters().isEmpty }) {
                try emit(
                    .error(
                        CSVError(
                            line: line, column: nil,
                            problem:
                                "the row has \(Plural.count(fields.count, "field")); the header has \(count)")
                    ))
                return
            }
            let card = mapping.card(fields)
            if card.firstName.isEmpty && card.lastName.isEmpty && card.company.isEmpty && card.emails.isEmpty
                && card.phones.isEmpty
            {
                if fields.allSatisfy({ $0.trimmingCharacters().isEmpty }) { return }
                try emit(
                    .error(
                        CSVError(
                            line: line, column: nil,
                            problem: "the row has no name, company, e-mail or phone: a contact needs one")))
                return
            }
            try emit(.card(line: line, card))
        }
    }
}
