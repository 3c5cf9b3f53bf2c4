import Contacts
import Platform

/// `roster-bench vcard [COUNT]`: COUNT (1,000,000) of the seed's contacts as
/// vCard 3.0 cards with two e-mails, a phone, an address, a note for some, read
/// back by `VCardReader` in 64 KiB chunks, beside the same contacts as CSV read
/// by `CSVReader`: cards/s, MB/s, and the ratio of the two reading times.
enum VCardBenchmark {
    static func run() {
        let count = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 1_000_000 : 1_000_000
        let contacts = SyntheticContacts(seed: 1)
        var vcf: [UInt8] = []
        vcf.reserveCapacity(count * 400)
        let writer = VCardWriter()
        var index = 0
        var writeSeconds = 0.0
        contacts.forEachInListOrder(count: count, in: .english) { _, fields in
            let card = card(fields, index)
            index += 1
            let start = MonotonicClock.system.nanoseconds()
            writer.write(card, to: &vcf)
            writeSeconds += seconds(since: start)
        }
        var csv: [UInt8] = []
        contacts.csv(count: count) { csv.append(contentsOf: $0) }

        var cards = 0
        var errors = 0
        let readSeconds = timed {
            var reader = VCardReader()
            let count: (VCardReader.Item) -> Void = { item in
                if case .card = item { cards += 1 } else { errors += 1 }
            }
            feedPieces(vcf) { reader.feed($0, count) }
            reader.finish(count)
        }
        var records = 0
        let csvSeconds = timed {
            var reader = CSVReader()
            feedPieces(csv) { chunk in reader.feed(chunk) { _ in records += 1 } }
            reader.finish { _ in records += 1 }
        }
        print("vcard bytes: \(vcf.count) (\(vcf.count / max(count, 1)) per card)")
        print("vcard write cards/s: \(Int(Double(count) / writeSeconds))")
        print(
            "csv read records/s: \(Int(Double(records) / csvSeconds)), \(megabytes(csv.count, csvSeconds)) MB/s"
        )
        print("vcard read MB/s: \(megabytes(vcf.count, readSeconds))")
        print("vcard read seconds for \(cards) cards (\(errors) errors): \(rounded(readSeconds))")
        print("vcard read time / csv read time: \(rounded(readSeconds / csvSeconds))")
        print("vcard read cards/s: \(Int(Double(cards) / readSeconds))")
    }

    /// A card from the seed's fields, with more than the list shows.
    private static func card(_ fields: ContactFields, _ index: Int) -> ContactCard {
        var card = ContactCard()
        card.firstName = fields.firstName
        card.lastName = fields.lastName
        card.company = fields.company
        card.title = index % 3 == 0 ? "Engineer" : ""
        card.emails = [ContactCard.Labeled(fields.email, label: "work")]
        if index % 2 == 0 { card.emails.append(ContactCard.Labeled("home.\(fields.email)", label: "home")) }
        card.phones = [ContactCard.Labeled(fields.phone, label: "mobile")]
        card.addresses = [
            ContactCard.Address(label: "work", street: "\(index % 500) Main Street", city: fields.city)
        ]
        card.notes = fields.notes
        card.favorite = fields.favorite
        card.uid = "urn:uuid:00000000-0000-4000-8000-\(String(index, radix: 16))"
        if index % 10 == 0 { card.other = [ContactCard.Property(name: "X-SKYPE", value: "skype.\(index)")] }
        return card
    }

    private static func feedPieces(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) -> Void) {
        bytes.withUnsafeBytes { all in
            var start = 0
            while start < all.count {
                let end = min(start + 65_536, all.count)
                body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }

    private static func timed(_ body: () -> Void) -> Double {
        let start = MonotonicClock.system.nanoseconds()
        body()
        return seconds(since: start)
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(MonotonicClock.system.nanoseconds() - start) / 1e9
    }

    private static func megabytes(_ bytes: Int, _ seconds: Double) -> Int {
        Int(Double(bytes) / 1e6 / seconds)
    }

    private static func rounded(_ value: Double) -> String { String(Double(Int(value * 100)) / 100) }
}
