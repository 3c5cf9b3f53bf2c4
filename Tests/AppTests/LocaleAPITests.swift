import Contacts
import Foundation
import TestSupport
import Testing

@testable import App

/// A list in another locale than English on a live application (docs/api.md, "The list's
/// locale", "Search across scripts"): `/sections` says the locale and shows its own letters
/// and other scripts' while they hold contacts, windows' cells index into those, and names in
/// other scripts are found by their Latin readings.
@Suite(.serialized)
struct LocaleAPITests {
    /// A live application in `locale` holding the world's contacts, imported.
    private func live(_ store: TestStore, _ locale: String) throws -> LiveApplication {
        let live = try LiveApplication(store, contacts: 0, locale: locale)
        var writer = CSVWriter()
        writer.write(ContactFields.csvHeader)
        for person in WorldNames.people {
            let fields = ContactFields(
                firstName: person.0, lastName: person.1, email: person.3, company: person.2,
                details: WorldNames.details(person))
            writer.write(fields.csvRecord)
        }
        let imported = live.call(
            "POST", "/import", String(decoding: writer.take(), as: UTF8.self),
            headers: ["Content-Type": "text/csv"])
        #expect(imported.status == 200, "\(imported.json)")
        return live
    }

    /// The contact cells of a window of every row, in row order.
    private func cells(_ live: LiveApplication, _ query: String = "") throws -> [[String: Any]] {
        let (status, json) = try #require(live.client().getJSON("/window?offset=0&height=20000\(query)"))
        #expect(status == 200)
        return (json["cells"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "contact" }
            .sorted { ($0["row"] as! Int) < ($1["row"] as! Int) }
    }

    @Test(arguments: TestStore.each([("zh"), ("ru"), ("sv")]))
    func sectionsAndCellsAreTheLocalesAsICUSays(store: TestStore, locale: String) throws {
        let live = try live(store, locale)
        let oracle = try ICUOracle.list(WorldNames.oraclePeople(), in: locale)
        let answer = try #require(live.client().getJSON("/sections")?.json)
        #expect(answer["locale"] as? String == locale)
        let sections = try #require(answer["sections"] as? [[String: Any]])
        let titles = sections.map { $0["title"] as! String }
        // The locale's own letters and # always; others while they hold contacts; in index order.
        let holding = Set(oracle.titles)
        #expect(
            titles
                == oracle.allTitles.filter {
                    oracle.ownTitles.contains($0) || $0 == "#" || holding.contains($0)
                })
        for section in sections {
            let title = section["title"] as! String
            #expect(section["rows"] as? Int == oracle.titles.filter { $0 == title }.count, "\(title)")
        }
        // Each row: the oracle's contact under the oracle's title (its `section` indexes the shown).
        let rows = try cells(live)
        #expect(rows.count == WorldNames.people.count)
        let names = rows.map { cell -> String in
            let contact = cell["contact"] as? [String: Any] ?? [:]
            return "\(contact["first_name"] as? String ?? "")|\(contact["last_name"] as? String ?? "")"
        }
        let people = WorldNames.people
        // (An import keeps names without their outer white space.)
        let trimmed = { (name: String) in name.trimmingCharacters(in: .whitespaces) }
        #expect(names == oracle.ids.map { "\(trimmed(people[$0 - 1].0))|\(trimmed(people[$0 - 1].1))" })
        #expect(rows.map { titles[$0["section"] as! Int] } == oracle.titles)
    }

    @Test(arguments: TestStore.available)
    func namesInOtherScriptsAreFoundByTheirReadings(store: TestStore) throws {
        let live = try live(store, "zh")
        let searches: [(String, String)] = [
            ("zhang", "张"), ("zhangwei", "张"), ("zw", "张"), ("wxy", "王"), ("petrov", "Петров"),
            ("papadopoulos", "Παπαδόπουλος"), ("satou", "佐藤"), ("さとう", "佐藤"), ("ㄱㅁㅈ", "김"),
            ("muller", "Müller"),
        ]
        for (query, last) in searches {
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let found = try cells(live, "&q=\(encoded)").map {
                ($0["contact"] as? [String: Any])?["last_name"] as? String ?? ""
            }
            #expect(found.contains(last), "\(query): \(found)")
        }
        // Not every name: a reading finds the names it reads.
        #expect(try cells(live, "&q=petrov").count == 1)
    }

    @Test(arguments: TestStore.available)
    func namesFoundByTheirReadingsMarkWhatTheReadingsRead(store: TestStore) throws {
        let live = try live(store, "zh")
        let marks: [(String, String)] = [
            ("zhang", "<mark>张</mark>"), ("zw", "<mark>伟</mark> <b><mark>张</mark></b>"),
            ("petrov", "<b><mark>Петров</mark></b>"), ("satou", "<b><mark>佐藤</mark></b>"),
            ("ㄱㅁㅈ", "<mark>민준</mark> <b><mark>김</mark></b>"),
        ]
        for (query, marked) in marks {
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let html = try cells(live, "&q=\(encoded)").map { $0["html"] as? String ?? "" }
            #expect(html.contains { $0.contains(marked) }, "\(query): \(html)")
        }
    }

    @Test(arguments: TestStore.available)
    func aVCardsReadingsOrderAndFindItsName(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0, locale: "ja")
        // As an iPhone exports them: the readings on X-PHONETIC lines.
        let cards: [(last: String, first: String, reading: String)] = [
            ("阿部", "", ""), ("しのだ", "", ""), ("佐藤", "花子", "さとう"), ("さくら", "", ""),
        ]
        var text = ""
        for card in cards {
            text += "BEGIN:VCARD\r\nVERSION:3.0\r\nN:\(card.last);\(card.first);;;\r\n"
            if !card.reading.isEmpty { text += "X-PHONETIC-LAST-NAME:\(card.reading)\r\n" }
            text += "END:VCARD\r\n"
        }
        let imported = live.call("POST", "/import", text, headers: ["Content-Type": "text/vcard"])
        #expect(imported.status == 200, "\(imported.json)")
        let titles = try #require(live.client().getJSON("/sections")?.json["sections"] as? [[String: Any]])
            .map { $0["title"] as? String ?? "" }
        let rows = try cells(live)
        let names = rows.map { ($0["contact"] as? [String: Any])?["last_name"] as? String ?? "" }
        // 佐藤 sorts and files as さとう: between さくら and しのだ, under さ (kanji unread come last).
        #expect(names == ["さくら", "佐藤", "しのだ", "阿部"])
        #expect(titles[rows[1]["section"] as! Int] == "さ")
        let found = try cells(live, "&q=satou").map {
            ($0["contact"] as? [String: Any])?["last_name"] as? String ?? ""
        }
        #expect(found == ["佐藤"])
    }
}
