/// The reading half of an import: a file's bytes in, checked contacts out (to the
/// transaction, or to a batch for it), bad rows counted and listed. Pure: it
/// runs on `ImportJob`'s reading thread, or on the thread that feeds the job.
///
/// The file's first 64 KB say what it is (`ContactFileSniffer`): Roster's own CSV
/// goes the fast way below, straight into fields; any other CSV (Google, Outlook,
/// Thunderbird, LinkedIn, a spreadsheet's, in UTF-16 or Windows-1252, with `;` or
/// tabs) and vCards are read into cards (`CSVCardReader`, `VCardReader`) and kept
/// whole: the list's fields, and every other value as the contact's details. A
/// file that is no contacts file (a spreadsheet, a PDF...) is refused with a
/// message naming the cause and the fix.
///
/// The first record is the header (`CSVColumns`); a file without one, or whose
/// header names no name, company or e-mail column, is an error of the file
/// (`ContactsError`), not of a row. A row is bad when the CSV reader refuses it
/// (field count, quotes, UTF-8, size), when it has neither a first nor a last
/// name, when a field is over its limit (`ContactField.Kind`), or when an e-mail or
/// phone breaks `ContactValidation`'s rules (the error policy decides, as for any
/// bad row).
final class ImportRowReader {
    /// Where a checked row goes: its fields, sort key, line and the photo it brought (to store
    /// before the contact, which names it by digest).
    typealias Accept = (ContactFields, ContactSortKey, Int, StoredPhoto?) throws -> Void

    private let policy: ImportErrorPolicy
    /// How photos are taken (docs/api.md, "Photos"); without it vCard photos are dropped and a
    /// CSV's `photo` column is ignored.
    private let photos: PhotoIntake?
    /// The file's start, until it says what the file is.
    private var prefix: [UInt8]? = []
    /// What the file is, once known (nil while sniffing).
    private(set) var verdict: ContactFileSniffer.Verdict?
    private var reader = CSVReader(maxField: ContactField.maxUTF8Bytes, fieldCountFromHeader: true)
    private var cardReader: CSVCardReader?
    private var vCards: VCardReader?
    private var transcoder: UTF8Transcoder?
    private var columns: CSVColumns?
    /// The counts and the listed errors so far.
    private(set) var summary = ImportSummary()
    /// The list's locale, which keys the rows.
    private let locale: ListLocale
    /// Names repeat a lot (first names especially): each distinct one is keyed once.
    private var keys: [String: [UInt8]] = [:]
    /// Each distinct sort name's section.
    private var sections: [String: Int] = [:]

    init(policy: ImportErrorPolicy, locale: ListLocale, photos: PhotoIntake? = nil) {
        self.policy = policy
        self.locale = locale
        self.photos = photos
    }

    /// Reads the next piece of the file, handing its good rows to `take`.
    /// - Throws: `ContactsError` for a file that is no contacts file, an unreadable
    ///   header or one without a name column, or when the database fails.
    func feed(_ bytes: UnsafeRawBufferPointer, into take: Accept) throws {
        if var start = prefix {
            start.append(contentsOf: bytes)
            guard start.count >= ContactFileSniffer.prefixLength else {
                prefix = start
                return
            }
            prefix = nil
            try decide(start, whole: false, take)
            return
        }
        try route(bytes, take)
    }

    /// Reads what the last piece left unfinished.
    /// - Throws: `ContactsError.emptyFile` when the file held no header line, or as `feed`.
    func finish(into take: Accept) throws {
        if let start = prefix {
            prefix = nil
            try decide(start, whole: true, take)
        }
        if let cardReader {
            try cardReader.finish { try handleCard($0, take) }
            guard cardReader.mapping != nil else { throw ContactsError.emptyFile }
        } else if vCards != nil {
            try transcoder!.finish { try readVCards($0, take) }
            try vCards!.finish { try handleVCard($0, take) }
        } else {
            try reader.finish { try handle($0, take) }
            guard columns != nil else { throw ContactsError.emptyFile }
        }
    }

    /// What the file starting with `start` is; then reads `start` that way.
    private func decide(_ start: [UInt8], whole: Bool, _ take: Accept) throws {
        let verdict = ContactFileSniffer.sniff(prefix: start, isWholeFile: whole)
        self.verdict = verdict
        switch verdict {
        case .csv(let dialect)
        where dialect.layout == .roster && dialect.delimiter == UInt8(ascii: ",")
            && dialect.rowsBeforeHeader == 0
            && [.utf8, .utf8WithBOM, .ascii].contains(dialect.encoding):
            break  // Roster's own: the fast way, straight into fields
        case .csv(let dialect):
            cardReader = CSVCardReader(dialect: dialect)
        case .vcard(let encoding):
            vCards = VCardReader(keepPhotos: photos != nil)
            transcoder = UTF8Transcoder(encoding)
        case .refused(let refusal):
            if refusal.cause == .empty { throw ContactsError.emptyFile }
            throw ContactsError.unreadableFile(refusal.message)
        }
        try start.withUnsafeBytes { try route($0, take) }
    }

    private func route(_ bytes: UnsafeRawBufferPointer, _ take: Accept) throws {
        if let cardReader {
            try cardReader.feed(bytes) { try handleCard($0, take) }
        } else if vCards != nil {
            try transcoder!.feed(bytes) { try readVCards($0, take) }
        } else {
            try reader.feed(bytes) { try handle($0, take) }
        }
    }

    private func readVCards(_ utf8: UnsafeRawBufferPointer, _ take: Accept) throws {
        try vCards!.feed(utf8) { try handleVCard($0, take) }
    }

    private func handleCard(_ row: CSVCardReader.Row, _ take: Accept) throws {
        switch row {
        case .error(let error):
            guard cardReader?.mapping != nil else {
                throw ContactsError.unreadableHeader(line: error.line, problem: error.problem)
            }
            summary.reject(error)
        case .card(let line, let card): try takeCard(card, line: line, take)
        }
    }

    private func handleVCard(_ item: VCardReader.Item, _ take: Accept) throws {
        switch item {
        case .error(let error):
            summary.reject(CSVError(line: error.line, column: nil, problem: error.message))
        case .card(let line, let card): try takeCard(card, line: line, take)
        }
    }

    /// A card as a contact: its list fields, and all the rest as its details.
    private func takeCard(_ card: ContactCard, line: Int, _ take: Accept) throws {
        var (fields, details) = card.split()
        var photo: StoredPhoto?
        if case .data(_, let bytes)? = details.photo {
            details.photo = nil
            if let photos {
                switch photos.take(bytes) {
                case .success(let taken):
                    photo = taken
                    fields.photo = taken.digest
                case .failure(let refusal):
                    summary.reject(CSVError(line: line, column: nil, problem: "PHOTO: \(refusal.message)"))
                    return
                }
            }
        }
        var contact = fields
        contact.details = details.json
        try check(contact, details, photo: photo, line: line, take)
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
            var details: ContactDetails?
            var photo: StoredPhoto?
            if !contact.photo.isEmpty {
                // A `photo` column: a `data:` URI is kept as the photo, a URL in the details.
                let cell = contact.photo
                contact.photo = ""
                if let photos, let (_, bytes) = PhotoIntake.dataURI(cell) {
                    switch photos.take(bytes) {
                    case .success(let taken):
                        photo = taken
                        contact.photo = taken.digest
                    case .failure(let refusal):
                        summary.reject(
                            CSVError(line: line, column: nil, problem: "photo: \(refusal.message)"))
                        return
                    }
                } else if photos != nil, !cell.hasPrefix("data:") {
                    var kept = (try? ContactDetails(json: contact.details)) ?? ContactDetails()
                    if kept.photo == nil {
                        kept.photo = .url(cell)
                        contact.details = kept.json
                    }
                }
            }
            if !contact.details.isEmpty {
                // A `details` column (Roster's export) is a JSON object: read it, store it in its one form.
                do {
                    var (normal, rest) = ContactDetails.normalized(
                        contact, try ContactDetails(json: contact.details))
                    // Roster's own export: a photo inline in the details is stored apart.
                    if let photos, photo == nil, case .data(_, let bytes)? = rest.photo {
                        switch photos.take(bytes) {
                        case .success(let taken):
                            photo = taken
                            normal.photo = taken.digest
                            rest.photo = nil
                        case .failure(let refusal):
                            summary.reject(
                                CSVError(
                                    line: line, column: nil, problem: "details: photo \(refusal.message)"))
                            return
                        }
                    }
                    contact = normal
                    contact.details = rest.json
                    details = rest
                } catch {
                    summary.reject(
                        CSVError(line: line, column: nil, problem: "details: \(error.key) \(error.problem)"))
                    return
                }
            }
            try check(contact, details, photo: photo, line: line, take)
        }
    }

    /// Hands `contact` (from `line`, its details read already) to `take` when it can be
    /// stored; else counts and lists why not.
    private func check(
        _ contact: ContactFields, _ details: ContactDetails?, photo: StoredPhoto?, line: Int, _ take: Accept
    ) throws {
        if contact.isNameless {
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
        if let problem = ContactValidation.problem(
            in: contact, checking: ContactValidation.checkedFields, details: details)
        {
            summary.reject(CSVError(line: line, column: nil, problem: problem.description))
            return
        }
        // Once an abort is certain, keep reading only to report errors.
        if policy == .abort && summary.rejected > 0 { return }
        for field in ContactField.allCases where contact[field] != ContactValue(emptyOf: field.kind) {
            summary.fieldCounts[field.rawValue] += 1
        }
        let names = ContactSortKey.names(
            firstName: contact.firstName, lastName: contact.lastName, company: contact.company,
            email: contact.email,
            phoneticFirst: details?.phoneticFirstName ?? "", phoneticLast: details?.phoneticLastName ?? "")
        let key = ContactSortKey(
            section: section(names.sortName), sortName: key(names.sortName), firstName: key(names.first))
        try take(contact, key, line, photo)
    }

    /// ICU's key of `name` in the list's locale, made once per distinct name.
    private func key(_ name: String) -> [UInt8] {
        if let known = keys[name] { return known }
        let key = locale.collation.key(name)
        if keys.count >= 200_000 { keys.removeAll(keepingCapacity: true) }
        keys[name] = key
        return key
    }

    /// The section of sort name `name`, found once per distinct name.
    private func section(_ name: String) -> Int {
        if let known = sections[name] { return known }
        let section = locale.index.section(of: name)
        if sections.count >= 200_000 { sections.removeAll(keepingCapacity: true) }
        sections[name] = section
        return section
    }
}
