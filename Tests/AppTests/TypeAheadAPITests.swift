import Contacts
import Foundation
import TestSupport
import Testing

@testable import App

/// `name=`: type-ahead. The window opens at the first contact whose sort name (the
/// last name, or the first name when there is none) starts with the text's letters in the list
/// locale's collation (its primary weights: no accents, no case).
@Suite(.serialized)
struct TypeAheadAPITests {
    private func window(_ live: LiveApplication, _ query: String) throws -> [String: Any] {
        let (status, json) = try #require(live.client().getJSON("/window?height=400&\(query)"))
        #expect(status == 200, "\(query): \(json)")
        return json
    }

    /// The sort name of the contact in `window` at `row`.
    private func sortName(_ window: [String: Any], row: Int) throws -> String {
        let cells = window["cells"] as? [[String: Any]] ?? []
        let cell = try #require(cells.first { $0["row"] as? Int == row }, "row \(row) is in its window")
        let contact = try #require(cell["contact"] as? [String: Any])
        let last = contact["last_name"] as? String ?? ""
        return last.isEmpty ? contact["first_name"] as? String ?? "" : last
    }

    private func sortName(_ live: LiveApplication, row: Int, _ q: String = "") throws -> String {
        try sortName(window(live, "row=\(row)" + (q.isEmpty ? "" : "&q=\(q)")), row: row)
    }

    /// What type-ahead compares of a text (English: the shared lists'): its section and the
    /// primary weights of its letters.
    private func letters(_ text: String) -> [UInt8] { ContactSortKey.prefix(text, in: .english) }

    private func typed(_ live: LiveApplication, _ text: String, _ q: String = "") throws -> [String: Any] {
        let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        return try window(live, "name=\(encoded)" + (q.isEmpty ? "" : "&q=\(q)"))
    }

    @Test(arguments: TestStore.available)
    func theWindowOpensAtTheFirstNameThatStartsWithTheText(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let total = try #require(try window(live, "offset=0")["total"] as? Int)
        var random = SeededGenerator(seed: 11)
        for _ in 0..<12 {
            let name = try sortName(live, row: Int.random(in: 1..<total, using: &random))
            for length in [1, 2, 4] where name.count >= length {
                let prefix = String(name.prefix(length))
                // In upper case: letters are found whatever their case ("DAS " is "das").
                let typed = try typed(live, prefix.uppercased())
                let row = try #require(typed["row"] as? Int)
                let wanted = letters(prefix)
                #expect(letters(try sortName(typed, row: row)).starts(with: wanted), "\(prefix)")
                if row > 0 {
                    #expect(
                        !letters(try sortName(live, row: row - 1)).starts(with: wanted),
                        "\(prefix): the first")
                }
            }
        }
    }

    @Test(arguments: TestStore.available)
    func aTextNoNameStartsWithOpensWhereItWouldGo(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let total = try #require(try window(live, "offset=0")["total"] as? Int)
        let name = try sortName(live, row: total / 3)
        // No name starts with "abczzzz"; its place is after the names that start with "abcz".
        let text = String(name.prefix(3)) + "zzzz"
        let typed = try typed(live, text)
        let row = try #require(typed["row"] as? Int)
        #expect(row > total / 3)
        #expect(!letters(try sortName(typed, row: row)).lexicographicallyPrecedes(letters(text)))
        #expect(letters(try sortName(live, row: row - 1)).lexicographicallyPrecedes(letters(text)))
    }

    @Test(arguments: TestStore.available)
    func aSearchsResultsAreTypedAmongTheMatches(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let total = try #require(try window(live, "q=an&offset=0")["total"] as? Int)
        let name = try sortName(live, row: total / 2, "an")
        let prefix = String(name.prefix(2))
        let typed = try typed(live, prefix, "an")
        let row = try #require(typed["row"] as? Int)
        #expect(row <= total / 2)
        #expect(letters(try sortName(typed, row: row)).starts(with: letters(prefix)))
        if row > 0 {
            #expect(!letters(try sortName(live, row: row - 1, "an")).starts(with: letters(prefix)))
        }
    }

    @Test(
        arguments: TestStore.each([
            ("name=ab&offset=0&height=400", "name"), ("name=ab&row=3&height=400", "name"),
            ("name=%20&height=400", "name"), ("name=&height=400", "name"),
            ("name=\(String(repeating: "a", count: 65))&height=400", "name"),
            ("name=a&name=b&height=400", "name"),
        ]))
    func badNamesAre400NamingThem(store: TestStore, query: String, parameter: String) throws {
        let live = LiveApplication.shared(store)
        let (status, json) = try #require(live.client().getJSON("/window?\(query)"))
        #expect(status == 400)
        #expect(json["error"] as? String == "invalid_parameter")
        #expect((json["message"] as? String ?? "").contains(parameter), "\(query): \(json)")
    }
}
