import Contacts
import Platform

/// `roster-bench details [COUNT]`: COUNT (200,000) of the seed's contacts with the
/// details an import of a full address book gives them (e-mails and a phone after
/// the primary ones, an address, a uid, for some a title and another property),
/// their `details` JSON written and read back, and their fields written and read as
/// a kept revision (`storedJSON`): what an import and a write pay per contact.
/// Each figure is the best of three rounds.
enum DetailsBenchmark {
    static func run() {
        let count = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 200_000 : 200_000
        var contacts: [(fields: ContactFields, details: ContactDetails)] = []
        contacts.reserveCapacity(count)
        var index = 0
        SyntheticContacts(seed: 1).forEachInListOrder(count: count, in: .english) { _, fields in
            contacts.append((fields, details(fields, index)))
            index += 1
        }
        var texts: [String] = []
        let write = best { texts = contacts.map(\.details.json) }
        var read = 0
        let readBack = best { read = texts.count { (try? ContactDetails(json: $0)) != nil } }
        var revisions: [String] = []
        let store = best { revisions = contacts.map(\.fields.storedJSON) }
        var restored = 0
        let restore = best { restored = revisions.count { (try? ContactFields(storedJSON: $0)) != nil } }
        let bytes = texts.reduce(0) { $0 + $1.utf8.count }
        print("details bytes per contact: \(bytes / max(count, 1))")
        print("details read back: \(read) of \(count); revisions read back: \(restored)")
        print("revision write per second: \(perSecond(count, store))")
        print("revision read per second: \(perSecond(count, restore))")
        print("details read per second: \(perSecond(count, readBack))")
        print("details write per second: \(perSecond(count, write))")
    }

    /// What a vCard import of a full card would leave in the details.
    private static func details(_ fields: ContactFields, _ index: Int) -> ContactDetails {
        var details = ContactDetails()
        details.emailLabel = "work"
        details.phoneLabel = "mobile"
        details.emails = [ContactCard.Labeled("home.\(fields.email)", label: "home")]
        details.phones = [ContactCard.Labeled("+44 20 7946 \(index % 10_000)", label: "work")]
        details.addresses = [
            ContactCard.Address(label: "work", street: "\(index % 500) Main Street", postcode: "SE1 3LD")
        ]
        details.uid = "urn:uuid:00000000-0000-4000-8000-\(String(index, radix: 16))"
        if index % 3 == 0 { details.title = "Engineer \"Ops\" / R&D" }
        if index % 10 == 0 {
            details.other = [ContactCard.Property(name: "X-SKYPE", value: "skype.\(index)")]
        }
        return details
    }

    /// The shortest of three runs of `body`, in seconds.
    private static func best(_ body: () -> Void) -> Double {
        (0..<3).map { _ in
            let start = MonotonicClock.system.nanoseconds()
            body()
            return Double(MonotonicClock.system.nanoseconds() - start) / 1e9
        }.min()!
    }

    private static func perSecond(_ count: Int, _ seconds: Double) -> Int { Int(Double(count) / seconds) }
}
