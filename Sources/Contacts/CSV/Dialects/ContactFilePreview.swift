/// What the import dialog shows before anything is written: the encoding and
/// delimiter found, the exporter's layout, how each column maps to a field or is
/// kept as extra, and the first rows as they will be stored (cards, or the
/// errors of rows that cannot be), all read from the file's start.
public struct ContactFilePreview: Sendable {
    /// One column of the file.
    public struct Column: Hashable, Sendable {
        /// The header, as written.
        public let header: String
        /// What it fills: "first name", "e-mail 1", "phone (work)", "address
        /// (home): city"..., or "kept as extra".
        public let field: String
        /// Its cells go to the card's `other` under the header.
        public let keptAsExtra: Bool
    }

    public let dialect: CSVDialect
    public let columns: [Column]
    /// The first rows, as `CSVCardReader` reads them.
    public let rows: [CSVCardReader.Row]

    /// The encoding's name ("UTF-8", "UTF-16 LE", "Windows-1252"...).
    public var encoding: String { dialect.encoding.name }
    /// The delimiter's name ("comma", "semicolon", "tab").
    public var delimiter: String { dialect.delimiterName }
    /// The layout's name ("Google Contacts", "Outlook (German)", "CSV"...).
    public var layout: String { dialect.layout.name }

    /// The preview of a file written as `dialect` that starts with `prefix` (the
    /// bytes the sniffer saw; `isWholeFile` when that is all of it): its first
    /// `rowLimit` rows.
    public init(dialect: CSVDialect, prefix: [UInt8], isWholeFile: Bool = false, rowLimit: Int = 5) {
        self.dialect = dialect
        let mapping = CSVCardMapping(header: dialect.header, layout: dialect.layout)
        columns = zip(dialect.header, mapping.columns).map { header, column in
            Column(header: header, field: column.description, keptAsExtra: column == .extra)
        }
        let reader = CSVCardReader(dialect: dialect)
        var rows: [CSVCardReader.Row] = []
        let take: (CSVCardReader.Row) -> Void = { if rows.count < rowLimit { rows.append($0) } }
        prefix.withUnsafeBytes { reader.feed($0, take) }
        if isWholeFile { reader.finish(take) }
        self.rows = rows
    }

    /// The preview as lines a person reads: the file, then each column's field.
    public var summary: [String] {
        ["\(layout), \(encoding), \(delimiter) delimited, header on line \(dialect.headerLine)"]
            + columns.map { "\($0.header): \($0.field)" }
    }
}
