/// Why a file cannot be read as contacts, with a message naming the cause and
/// what to do: what `ContactFileSniffer` answers for a file that is not a
/// contacts CSV (nor a vCard, which it routes to the vCard reader).
public struct ContactFileRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the file is, or lacks.
    public enum Cause: Hashable, Sendable {
        /// No bytes, or nothing but white space.
        case empty
        /// A spreadsheet's own format: "xlsx", "xls", "ods" or "numbers".
        case spreadsheet(String)
        case pdf
        /// A ZIP or gzip archive that is no spreadsheet.
        case archive
        /// Binary data (NUL bytes, an image...), or a web page.
        case notText
        /// No line in the file's start looks like a header that names a column.
        case noHeader
        /// A header, but no column a contact can be named by (a name, a company,
        /// an e-mail or a phone).
        case noNameColumn
    }

    public let cause: Cause
    /// One sentence for a person: the cause, then the fix.
    public let message: String

    public var description: String { message }

    static let empty = ContactFileRefusal(
        cause: .empty,
        message: "the file is empty: export the address book again (as CSV or vCard) and import that file")

    static func spreadsheet(_ kind: String) -> ContactFileRefusal {
        let how =
            switch kind {
            case "xlsx", "xls":
                "an Excel workbook (.\(kind)), not CSV: in Excel choose File > Save As > "
                    + "CSV UTF-8 (Comma delimited) and import that file"
            case "ods":
                "an OpenDocument spreadsheet (.ods), not CSV: in LibreOffice choose File > Save As > "
                    + "Text CSV, character set Unicode (UTF-8), and import that file"
            default:
                "a Numbers document (.numbers), not CSV: in Numbers choose File > Export To > CSV "
                    + "(text encoding Unicode (UTF-8)) and import that file"
            }
        return ContactFileRefusal(cause: .spreadsheet(kind), message: "the file is " + how)
    }

    static let pdf = ContactFileRefusal(
        cause: .pdf,
        message:
            "the file is a PDF, which holds no contacts to read: export the address book as CSV or vCard "
            + "from the app that holds it and import that file")

    static let archive = ContactFileRefusal(
        cause: .archive,
        message:
            "the file is a compressed archive (ZIP or gzip): unpack it and import the CSV or vCard file inside"
    )

    static let binary = ContactFileRefusal(
        cause: .notText,
        message:
            "the file is not text (it holds binary data): import a CSV or vCard export of the address book")

    static let webPage = ContactFileRefusal(
        cause: .notText,
        message: "the file is a web page (HTML or XML), not CSV: save the address book as CSV or vCard "
            + "and import that file")

    static func noHeader(_ firstLine: String) -> ContactFileRefusal {
        let shown = firstLine.count > 80 ? String(firstLine.prefix(80)) + "..." : firstLine
        return ContactFileRefusal(
            cause: .noHeader,
            message:
                "no header line found: the file's first lines (\"\(shown)\") name no column Roster knows; "
                + "the first line must name the columns, e.g. First Name,Last Name,E-mail Address")
    }

    static func noNameColumn(line: Int, header: [String]) -> ContactFileRefusal {
        let names = header.prefix(20).map { $0.isEmpty ? "\"\"" : String($0.prefix(40)) }.joined(
            separator: ", ")
        return ContactFileRefusal(
            cause: .noNameColumn,
            message: "line \(line): the header names no column a contact can be known by (it has: \(names)); "
                + "name a first or last name, Name, Company or E-mail column")
    }
}
