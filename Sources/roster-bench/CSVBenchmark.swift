import Contacts
import Foundation
import Platform

/// Reading CSV without a store: 1,000,000 seeded contacts as Roster exports them
/// (or the file named after `csv`), parsed by `CSVReader` into the list's fields
/// as an import does (`CSVColumns`), and read whole into `ContactCard`s by
/// `ContactFileSniffer` and `CSVCardReader`: MB/s and rows/s of each, the best of
/// three rounds, fed in 64 KiB pieces.
enum CSVBenchmark {
    static func run() {
        let path = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : ""
        var data = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
        if data.isEmpty { SyntheticContacts(seed: 1).csv(count: 1_000_000) { data += $0 } }
        print("csv bytes: \(data.count)")
        let fields = best {
            var reader = CSVReader(maxField: ContactField.maxUTF8Bytes, fieldCountFromHeader: true)
            var columns: CSVColumns?
            var rows = 0
            pieces(data) { piece in
                reader.feed(piece) { row in
                    guard case .record(_, let record) = row else { return }
                    if let columns {
                        rows += columns.contact(record).firstName.isEmpty ? 0 : 1
                    } else {
                        columns = try? CSVColumns(header: record)
                    }
                }
            }
            reader.finish { _ in }
            return rows
        }
        report("csv fields (CSVReader + CSVColumns)", data.count, fields)
        guard
            case .csv(let dialect) = ContactFileSniffer.sniff(
                prefix: Array(data.prefix(ContactFileSniffer.prefixLength)))
        else {
            print("csv cards: the file is not read as CSV")
            return
        }
        print("csv dialect: \(dialect.layout.name), \(dialect.encoding.name), \(dialect.delimiterName)")
        let cards = best {
            let reader = CSVCardReader(dialect: dialect)
            var rows = 0
            let take: (CSVCardReader.Row) -> Void = { if case .card = $0 { rows += 1 } }
            pieces(data) { reader.feed($0, take) }
            reader.finish(take)
            return rows
        }
        report("csv cards (ContactFileSniffer + CSVCardReader)", data.count, cards)
    }

    private static func pieces(_ data: [UInt8], _ body: (UnsafeRawBufferPointer) -> Void) {
        data.withUnsafeBytes { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + 65536)
                body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }

    private static func best(_ round: () -> Int) -> (seconds: Double, rows: Int) {
        var best = (seconds: Double.infinity, rows: 0)
        for _ in 0..<3 {
            let start = MonotonicClock.system.nanoseconds()
            let rows = round()
            let seconds = Double(MonotonicClock.system.nanoseconds() - start) / 1e9
            if seconds < best.seconds { best = (seconds, rows) }
        }
        return best
    }

    private static func report(_ name: String, _ bytes: Int, _ result: (seconds: Double, rows: Int)) {
        let megabytes = Double(bytes) / 1e6 / result.seconds
        print(
            "\(name): \(result.rows) rows, \(String(format: "%.2f", result.seconds)) s, "
                + "\(String(format: "%.0f", megabytes)) MB/s, \(String(format: "%.0f", Double(result.rows) / result.seconds)) rows/s"
        )
    }
}
