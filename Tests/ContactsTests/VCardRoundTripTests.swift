import TestSupport
import Testing

@testable import Contacts

/// Random cards written and read back: the same card, in either version, in any
/// chunking, and the same text when written again.
struct VCardRoundTripTests {
    /// Seeded random cards over everything a card holds, within what a vCard can
    /// say (`VCardWriter`: no CR, no empty values, categories trimmed and none of
    /// Google's marks).
    struct Cards {
        var random: SeededGenerator

        mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

        mutating func text(_ maxLength: Int = 24) -> String {
            VCardReaderTests.randomText(&random, length: below(maxLength + 1))
        }

        mutating func nonEmpty(_ maxLength: Int = 24) -> String {
            let value = text(maxLength)
            return value.isEmpty ? pick(["x", "é", "日本", " "]) : value
        }

        mutating func label() -> String {
            switch below(4) {
            case 0: ""
            case 1: pick(ContactCard.Labeled.wellKnown)
            case 2:
                pick([
                    "Atelier", "Home", "CAR", "pref", "x-school", "Boat; dock", "a,b\\c", "_$!<Mobile>!$_",
                    "HomeFAX",
                ])
            default: nonEmpty(10)
            }
        }

        mutating func labeled() -> [ContactCard.Labeled] {
            (0..<below(4)).map { _ in ContactCard.Labeled(nonEmpty(), label: label()) }
        }

        mutating func card() -> ContactCard {
            var card = ContactCard()
            if chance(85) {
                card.firstName = text(12)
                card.lastName = text(12)
                if chance(30) { card.middleName = text(8) }
                if chance(20) { card.prefix = pick(["Dr.", "Mme", text(5)]) }
                if chance(20) { card.suffix = pick(["Jr.", "III", text(5)]) }
            }
            if chance(40) { card.nickname = text() }
            if chance(60) { card.company = text() }
            if chance(30) { card.department = pick([text(), "A;B", "A;", ";", text() + ";" + text()]) }
            if chance(40) { card.title = text() }
            card.emails = labeled()
            card.phones = labeled()
            card.urls = labeled()
            for _ in 0..<below(3) {
                var address = ContactCard.Address(label: label())
                address.poBox = chance(20) ? text(6) : ""
                address.extended = chance(20) ? text(6) : ""
                address.street = text()
                address.city = nonEmpty(10)
                address.region = chance(50) ? text(6) : ""
                address.postcode = chance(50) ? text(6) : ""
                address.country = chance(50) ? text(8) : ""
                card.addresses.append(address)
            }
            switch below(5) {
            case 0: card.birthday = "19\(10 + below(90))-0\(1 + below(9))-\(10 + below(18))"
            case 1: card.birthday = "--1\(below(3))-0\(1 + below(9))"
            case 2: card.birthday = pick(["circa 1800", "spring", "1987-13-40", "T", "19870914", "--0307"])
            default: break
            }
            if chance(50) { card.notes = text(120) }
            card.categories = (0..<below(3)).map { _ in pick(["Friends", "a,b", "x;y", "Golf\\club", "日本"]) }
            if chance(40) { card.uid = pick(["urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", text()]) }
            card.favorite = chance(30)
            switch below(5) {
            case 0:
                let bytes = (0..<below(300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                card.photo = .data(
                    mediaType: pick([
                        "image/jpeg", "image/png", "", "image/svg+xml", "image/PNG", "IMAGE/gif", "x;y",
                    ]), bytes: bytes)
            case 1:
                card.photo = .url(
                    pick(["https://p.example/a,b;c.jpg", "https://p.example/\(below(99)).png"]))
            default: break
            }
            let names = [
                "X-SKYPE", "IMPP;X-SERVICE-TYPE=Skype;type=HOME", "item1.X-ABDATE", "item1.X-ABLabel",
                "ITEM2.X-ABLabel",
                "X-FOO;X-P=\"a:b;c\"", "Gender", "E-mail 3 - Type", "TITLE", "EMAIL;TYPE=work", "FN",
                "X-ROSTER-FIELD",
                "X-A;CHARSET=UTF-8", "Mileage", "", "ANNIVERSARY;VALUE=date-and-or-time",
            ]
            card.other = (0..<below(5)).map { _ in ContactCard.Property(name: pick(names), value: text(40)) }
            if !card.formattedName.isEmpty && chance(25) {
                let own = nonEmpty(20)
                if !card.isVCardFormattedName(own) {
                    card.other.insert(.init(name: pick(["FN", "FN;LANGUAGE=en"]), value: own), at: 0)
                }
            }
            return card
        }
    }

    @Test(arguments: VCardWriter.Version.allCases)
    func randomCardsComeBackTheSame(_ version: VCardWriter.Version) {
        var cards = Cards(random: SeededGenerator(seed: version == .v3 ? 30 : 40))
        let writer = VCardWriter(version: version)
        var all: [ContactCard] = []
        var file: [UInt8] = []
        for index in 0..<3000 {
            let card = cards.card()
            var text: [UInt8] = []
            writer.write(card, to: &text)
            var reader = VCardReader(keepPhotos: true)
            var items: [VCardReader.Item] = []
            text.withUnsafeBytes { reader.feed($0) { items.append($0) } }
            reader.finish { items.append($0) }
            guard items == [.card(line: 1, card)] else {
                var differences = "\(items.count) items"
                if case .card(_, let read) = items.first {
                    let fields = zip(Mirror(reflecting: card).children, Mirror(reflecting: read).children)
                    differences = fields.filter { "\($0.value)" != "\($1.value)" }
                        .map { "\($0.label ?? ""): \($0.value) became \($1.value)" }.joined(separator: "\n")
                }
                Issue.record(
                    "card \(index): \(differences)\nwritten:\n\(String(decoding: text, as: UTF8.self))")
                return
            }
            var again: [UInt8] = []
            writer.write(card, to: &again)
            #expect(again == text)
            if index < 150 {
                all.append(card)
                file += text
            }
        }
        #expect(vcards(readVCard(file)) == all, "a file of cards, in any chunking")
    }
}
