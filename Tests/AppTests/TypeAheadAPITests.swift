import Contacts
import Foundation
import TestSupport
import Testing

@testable import App

/// `name=`: type-ahead. The window opens at the first contact whose sort name (the
/// last name, or the first name when there is none) starts with the text, folded.
@Suite(.serialized)
struct TypeAheadAPITests {
    private func window(_ live: LiveApplication, _ query: String) throws -> [String: Any] {
        let (status, json) = try #require(live.client().getJSON("/window?height=400&\(query)"))
        #expect(status == 200, "\(query): \(json)")
        return json
    }

    /// The folded sort name of the contact in `window` at `row`.
    private func sortName(_ window: [String: Any], row: Int) throws -> [UInt8] {
        let cells = window["cells"] as? [[String: Any]] ?? []
        let cell = try #require(cells.first { $0["row"] as? Int == row }, "row \(row) is in its window")
        let contact = try #require(cell["contact"] as? [String: Any])
        let last = NameFolding.fold(contact["last_name"] as? String ?? "")
        return last.isEmpty ? NameFolding.fold(contact["first_name"] as? String ?? "") : last
    }

    private func sortName(_ live: LiveApplication, row: Int, _ q: String = "") throws -> [UInt8] {
        try sortName(window(live, "row=\(row)" + (q.isEmpty ? "" : "&q=\(q)")), row: row)
    }

    @Test(arguments: TestStore.available)
    func theWindowOpensAtTheFirstNameThatStartsWithTheText(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let total = try #require(try window(live, "offset=0")["total"] as? Int)
        var random = SeededGenerator(seed: 11)
        for _ in 0..<12 {
            let name = try sortName(live, row: Int.random(in: 1..<total, using: &random))
            for length in [1, 2, 4] where name.count >= length {
                let prefix = String(decoding: name.prefix(length), as: UTF8.self)
                let typed = try window(
                    live,
                    "name=\(prefix.uppercased().addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
                )
                let row = try #require(typed["row"] as? Int)
                // Folded as names are: "das " (a double last name's first part) is "das".
                let wanted = NameFolding.fold(prefix)
                #expect(try sortName(typed, row: row).starts(with: wanted), "\(prefix)")
                if row > 0 {
                    #expect(!(try sortName(live, row: row - 1).starts(with: wanted)), "\(prefix): the first")
                }
            }
        }
    }

    @Test(arguments: TestStore.available)
    func aTextNoNameStartsWithOpensWhereItWouldGo(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let total = try #require(try window(live, "offset=0")["total"] as? Int)
        let name = try sortName(live, row: total / 3)
        // `~` sorts after every letter: no name starts with "abc~", and its place is
        // right after the names that start with "abc".
        let text = Array(name.prefix(3)) + [UInt8(ascii: "~")]
        let typed = try window(live, "name=\(String(decoding: name.prefix(3), as: UTF8.self))~")
        let row = try #require(typed["row"] as? Int)
        #expect(row > total / 3)
        #expect(!(try sortName(typed, row: row).lexicographicallyPrecedes(text)))
        #expect(try sortName(live, row: row - 1).lexicographicallyPrecedes(text))
    }

    @Test(arguments: TestStore.available)
    func aSearchsResultsAreTypedAmongTheMatches(store: TestStore) throws {
        let live = LiveApplication.shared(store)
        let total = try #require(try window(live, "q=an&offset=0")["total"] as? Int)
        let name = try sortName(live, row: total / 2, "an")
        let prefix = String(decoding: name.prefix(2), as: UTF8.self)
        let typed = try window(live, "q=an&name=\(prefix)")
        let row = try #require(typed["row"] as? Int)
        #expect(row <= total / 2)
        #expect(try sortName(typed, row: row).starts(with: name.prefix(2)))
        if row > 0 { #expect(!(try sortName(live, row: row - 1, "an").starts(with: name.prefix(2)))) }
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
