import Contacts
import HTTP

/// `GET /export.csv`: every contact as CSV in list order, produced a few
/// thousand rows at a time as the client reads (chunked), from one read
/// transaction so the file is one consistent version of the list.
final class ExportSource: ResponseBodySource {
    static let rowsPerPiece = 2000

    private let scan: any ContactScanning
    private var headerWritten = false
    private var writer = CSVWriter()

    init(scan: any ContactScanning) {
        self.scan = scan
    }

    deinit { scan.close() }

    func next() throws -> [UInt8]? {
        if !headerWritten {
            headerWritten = true
            writer.write(ContactFields.csvHeader)
        }
        let contacts = try scan.next(limit: Self.rowsPerPiece)
        guard !contacts.isEmpty else {
            scan.close()
            let rest = writer.take()
            return rest.isEmpty ? nil : rest
        }
        for contact in contacts { writer.write(contact.csvRecord) }
        return writer.take()
    }
}
