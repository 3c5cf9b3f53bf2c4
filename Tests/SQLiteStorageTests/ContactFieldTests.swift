import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// The one table of a contact's fields, and what is derived from it.
struct ContactFieldTests {
    @Test func theTableNamesTheColumnsTheMigrationsCreateInTheirOrder() throws {
        let folder = TestFolder()
        let store = try folder.store()
        let info = try store.database.statement("PRAGMA table_info(contacts)")
        var columns: [String] = []
        while try info.step() { columns.append(info.string(at: 1)) }
        // Migrations 0010 and 0013 added `labels` and `photo` after the write counter: reads
        // and writes name their columns (`columnList`), so the table's order is not the cases'.
        let fields = ContactField.allCases.filter { $0 != .labels && $0 != .photo }.map(\.name)
        #expect(Array(columns.dropFirst(1).prefix(fields.count)) == fields, "after id")
        #expect(
            Array(columns.dropFirst(1 + fields.count)) == ["revision", "labels", "photo"],
            "then the write counter")
        #expect(ContactField.columnList == ContactField.allCases.map(\.name).joined(separator: ", "))
    }

    @Test func everyNameAndAliasFindsItsOwnFieldAndNoOther() {
        var seen: [String: ContactField] = [:]
        for field in ContactField.allCases {
            for name in [field.name] + field.spec.aliases {
                #expect(ContactField(header: name) == field, "\(name)")
                #expect(
                    ContactField(header: " " + name.uppercased() + " ") == field,
                    "case and spaces are ignored")
                let key = ContactField.headerKey(name)
                #expect(seen[key].map { $0 == field } ?? true, "\(name) is also an alias of \(seen[key]!)")
                seen[key] = field
            }
        }
        #expect(ContactField(header: "Favourite colour") == nil)
    }

    @Test func textFieldsHaveTheLimitsOfTheContract() {
        for field in ContactField.allCases {
            let limit =
                field == .notes
                ? 4000
                : field == .details ? 200_000 : field == .labels ? 50 * 101 : field == .photo ? 64 : 256
            let expected: ContactField.Kind = field == .favorite ? .boolean : .text(maxLength: limit)
            #expect(field.kind == expected, "\(field.name)")
            #expect(field.spec.isDocument == (field == .details))
            #expect(field.spec.isList == (field == .labels))
            #expect(field.spec.isPhoto == (field == .photo))
        }
        #expect(
            ContactField.windowFields
                == ContactField.allCases.filter { ![.notes, .details, .labels, .photo].contains($0) })
        #expect(ContactField.maxUTF8Bytes == 800_000)
    }

    @Test func fieldsRoundTripThroughTheirSubscriptsAndTheCSVRecord() {
        var random = SeededRandom(seed: 31)
        for _ in 0..<200 {
            var fields = ContactFields()
            for field in ContactField.csvFields {
                switch field.kind {
                case .text:
                    fields[field] = .text(
                        String(repeating: "é,\"", count: random.below(4)) + "\(random.below(100))")
                case .boolean: fields[field] = .boolean(random.below(2) == 1)
                }
            }
            #expect(fields.csvRecord == ContactField.csvFields.map { fields[$0].text })
            let columns = try? CSVColumns(header: ContactFields.csvHeader)
            #expect(columns?.contact(fields.csvRecord) == fields)
            #expect(fields.overLimit() == nil)
        }
        var long = ContactFields(firstName: "A")
        long.city = String(repeating: "ø", count: 257)
        #expect(
            long.overLimit().map { [$0.field.name, "\($0.length)", "\($0.limit)"] } == ["city", "257", "256"])
    }
}
