/// The reading half of an import: CSV bytes in, checked contacts out (to the
/// transaction, or to a batch for it), bad rows counted and listed. Pure: it
/// runs on `ImportJob`'s reading thread, or on the thread that feeds the job.
///
/// The first record is the header (`CSVColumns`); a file without one, or whose
/// header names no name, company or e-mail column, is an error of the file
/// (`ContactsError`), not of a row. A row is bad when the CSV reader refuses it
/// (field count, quotes, UTF-8, size), when it has neither a first nor a last
/// name, or when a field is over its limit (`ContactField.Kind`).
final class ImportRowReader {
    /// Where a checked row goes: its fields, sort key and line.
    typealias Accept = (ContactFields, ContactSortKey, Int) throws -> Void

    private let policy: ImportErrorPolicy
    private var reader = CSVReader(maxField: ContactField.maxUTF8Bytes, fieldCountFromHeader: true)
    private var columns: CSVColumns?
    /// The counts and the listed errors so far.
    private(set) var summary = ImportSummary()
    /// Names repeat a lot (first names especially): each distinct one is folded once.
    private var folds: [String: [UInt8]] = [:]

    init(policy: ImportErrorPolicy) { self.policy = policy }

    /// Reads the next piece of the file, handing its good rows to `take`.
    /// - Throws: `ContactsError` for an unreadable header or one without a name
    ///   column, or when the database fails.
    func feed(_ bytes: UnsafeRawBufferPointer, into take: Accept) throws {
        try reader.feed(bytes) { try handle($0, take) }
    }

    /// Reads what the last piece left unfinished.
    /// - Throws: `ContactsError.emptyFile` when the file held no header line, or as `feed`.
    func finish(into take: Accept) throws {
        try reader.finish { try handle($0, take) }
        guard columns != nil else { throw ContactsError.emptyFile }
    }

    private func handle(_ row: CSVReader.Row, _ take: Accept) throws {
        switch row {
        case .error(let error):
            guard columns != nil else {
                throw ContactsError.unreadableHeader(line: error.line, problem: error.problem)
            }
            summary.reject(error)
        case .record(let line, let fields):
            guard let columns else {
                let mapping = try CSVColumns(header: fields, line: line)
                self.columns = mapping
                summary.ignoredColumns = mapping.ignored
                return
            }
            var contact = columns.contact(fields)
            if !contact.details.isEmpty {
                // A `details` column (Roster's export) is a JSON object: read it, store it in its one form.
                do {
                    let (normal, rest) = ContactDetails.normalized(
                        contact, try ContactDetails(json: contact.details))
                    contact = normal
                    contact.details = rest.json
                } catch {
                    summary.reject(
                        CSVError(line: line, column: nil, problem: "details: \(error.key) \(error.problem)"))
                    return
                }
            }
            var key = ContactSortKey(foldedFirst: fold(contact.firstName), foldedLast: fold(contact.lastName))
            if key.isNameless { key = contact.sortKey }  // no name: the company's or e-mail's
            if key.isNameless {
                summary.reject(
                    CSVError(
                        line: line, column: nil,
                        problem: "a contact needs a name, a company or an e-mail; this row has none"))
                return
            }
            if let (field, length, limit) = contact.overLimit() {
                summary.reject(
                    CSVError(
                        line: line, column: nil,
                        problem: "\(field.name) is \(length) characters long; at most \(limit) fit"))
                return
            }
            // Once an abort is certain, keep reading only to report errors.
            if policy == .abort && summary.rejected > 0 { return }
            try take(contact, key, line)
        }
    }

    private func fold(_ name: String) -> [UInt8] {
        if let folded = folds[name] { return folded }
        let folded = NameFolding.fold(name)
        if folds.count >= 200_000 { folds.removeAll(keepingCapacity: true) }
        folds[name] = folded
        return folded
    }
}
