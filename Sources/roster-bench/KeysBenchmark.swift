import Contacts
import Phones
import Platform

/// What a contact's keys cost where it is written (an import, a write, a seed without its
/// shortcuts): microseconds per contact for its sort key (ICU's collation and alphabetic index)
/// and its search text (`SearchText.document`: words, readings, phones), over 100,000 of the
/// demo contacts in `en`, `zh` and `sv`, and over Han, Cyrillic and Hangul names.
enum KeysBenchmark {
    static func run() {
        var demo: [ContactFields] = []
        demo.reserveCapacity(100_000)
        SyntheticContacts(seed: 1).forEachInListOrder(count: 100_000, in: .english) { _, fields in
            demo.append(fields)
        }
        let scripts = (0..<20_000).map { index in
            let names = [("伟", "张"), ("Иван", "Петров"), ("민준", "김"), ("秀英", "王"), ("Мария", "Смирнова")]
            let (first, last) = names[index % names.count]
            return ContactFields(
                firstName: first + String(index % 97), lastName: last, phone: "+1 415-555-0132")
        }
        for tag in ["en", "zh", "sv"] {
            guard let locale = try? ListLocale.named(tag) else { continue }
            let region = locale.phoneRegion
            for (name, contacts) in [("demo", demo), ("other scripts", scripts)] {
                let sortKey = perContact(contacts) { _ = $0.sortKey(in: locale) }
                let search = perContact(contacts) { _ = SearchText.document($0, region: region) }
                print("keys \(tag) \(name): sort key us per contact: \(sortKey)")
                print("keys \(tag) \(name): search text us per contact: \(search)")
            }
        }
    }

    /// Microseconds per contact of `body` over `contacts`, rounded to hundredths.
    private static func perContact(_ contacts: [ContactFields], _ body: (ContactFields) -> Void) -> Double {
        let start = MonotonicClock.system.nanoseconds()
        for contact in contacts { body(contact) }
        let nanoseconds = Double(MonotonicClock.system.nanoseconds() - start)
        return (nanoseconds / Double(max(contacts.count, 1)) / 10).rounded() / 100
    }
}
