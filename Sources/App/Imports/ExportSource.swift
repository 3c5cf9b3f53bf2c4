import Contacts
import HTTP

/// `GET /export.csv` and `GET /export.vcf`: every contact in list order, as CSV
/// (formulas made text, details as their JSON object) or as vCards (3.0 or 4.0,
/// every detail written back), produced a few thousand contacts at a time as the
/// client reads (chunked), from one read transaction so the file is one
/// consistent version of the list.
final class ExportSource: ResponseBodySource {
    static let rowsPerPiece = 2000

    /// What the file is.
    enum Format: Equatable {
        case csv
        case vCard(VCardWriter.Version)
    }

    private let scan: any ContactScanning
    /// Where the contacts' stored photos are read, to be written into the file
    /// (docs/api.md, "Photos"); without it, a stored photo is left out.
    private let photos: (any PhotoReading)?
    private let format: Format
    private var headerWritten = false
    private var writer = CSVWriter()

    init(scan: any ContactScanning, photos: (any PhotoReading)? = nil, format: Format = .csv) {
        self.scan = scan
        self.photos = photos
        self.format = format
    }

    /// `fields` with their stored photo inline in their details (`{"type", "data"}`), as a
    /// file carries it; a photo gone meanwhile, or unreadable, is left out.
    private func inlined(_ fields: ContactFields) -> ContactFields {
        guard !fields.photo.isEmpty, let photos, let photo = try? photos.photo(fields.photo) else {
            return fields
        }
        var details = (try? ContactDetails(json: fields.details)) ?? ContactDetails()
        details.photo = .data(mediaType: photo.mediaType, bytes: photo.bytes)
        var inlined = fields
        inlined.details = details.json
        inlined.photo = ""
        return inlined
    }

    deinit { scan.close() }

    func next() throws -> [UInt8]? {
        if !headerWritten, format == .csv {
            headerWritten = true
            writer.write(ContactFields.csvHeader)
        }
        let contacts = try scan.next(limit: Self.rowsPerPiece)
        guard !contacts.isEmpty else {
            scan.close()
            let rest = writer.take()
            return rest.isEmpty ? nil : rest
        }
        switch format {
        case .csv:
            for contact in contacts { writer.write(inlined(contact).csvRecord) }
            return writer.take()
        case .vCard(let version):
            let cards = VCardWriter(version: version)
            var bytes = writer.take()
            for stored in contacts {
                let fields = inlined(stored)
                // Details the store holds are its own JSON; a damaged one is written as none.
                let details = (try? ContactDetails(json: fields.details)) ?? ContactDetails()
                cards.write(ContactCard(fields: fields, details: details), to: &bytes)
            }
            return bytes
        }
    }
}
