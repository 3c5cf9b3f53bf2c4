import Testing

@testable import Contacts

/// The demo data's names: varied enough that a screen of the list is not one name.
struct SyntheticContactsTests {
    @Test func mostFullNamesAreDistinctInAHundredThousand() {
        let names = SyntheticContacts(seed: 1).draws(count: 100_000).map { draw in
            SyntheticContacts.firstName(of: draw) + " " + SyntheticContacts.lastName(of: draw)
        }
        let distinct = Set(names).count
        #expect(distinct * 10 >= names.count * 7, "\(distinct) distinct full names in 100,000")
        // Names are drawn with a spread, not uniformly: some are clearly commoner.
        var lastCounts: [String: Int] = [:]
        for draw in SyntheticContacts(seed: 1).draws(count: 100_000) where draw.last >= 0 {
            lastCounts[SyntheticContacts.lastNames[draw.last], default: 0] += 1
        }
        let counts = lastCounts.values.sorted()
        #expect(counts.last! > counts[counts.count / 2] * 3 / 2, "the commonest is well above the median")
    }

    @Test func theSameSeedDrawsTheSameNamesInTheSameListOrder() {
        let a = SyntheticContacts(seed: 5).drawsInListOrder(count: 20_000, in: .english).draws
        let b = SyntheticContacts(seed: 5).drawsInListOrder(count: 20_000, in: .english).draws
        let c = SyntheticContacts(seed: 6).drawsInListOrder(count: 20_000, in: .english).draws
        let fields = { (draws: [SyntheticContacts.Draw]) in
            draws.enumerated().map { SyntheticContacts(seed: 5).fields(of: $1, row: $0) }
        }
        #expect(a.map(\.id) == b.map(\.id) && fields(a) == fields(b))
        #expect(a.map(\.id) != c.map(\.id))
    }

    /// The seed keys each pool name once and orders draws by the names' ranks: the same keys and
    /// order as keying every contact's fields, in any locale.
    @Test(arguments: ["en", "sv", "zh", "ru"])
    func theRankedListOrderIsTheSortKeyOrderWithMiddleInitialsAndDoubleNames(locale tag: String) throws {
        let locale = try ListLocale.named(tag)
        let generator = SyntheticContacts(seed: 11)
        let (ordered, names) = generator.drawsInListOrder(count: 50_000, in: locale)
        #expect(ordered.contains { $0.initial > 0 } && ordered.contains { $0.secondLast >= 0 && $0.hyphen })
        #expect(ordered.contains { $0.secondLast >= 0 && !$0.hyphen })
        let keys = ordered.enumerated().map { row, draw -> (ContactSortKey, Int) in
            let key = names.key(of: draw)
            #expect(key == generator.fields(of: draw, row: row).sortKey(in: locale))
            return (key, draw.id)
        }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "ranked order agrees with byte order")
    }

    /// The first screen of the demo list, as `roster serve` seeds it (seed 1, 1,000,000).
    @Test func theListOpensOnVariedFullNamesWithNoFixturesInItsFirstRows() {
        let generator = SyntheticContacts(seed: 1)
        let ordered = generator.drawsInListOrder(count: 1_000_000, in: .english).draws
        let top = ordered.prefix(SyntheticContacts.plainRows).enumerated().map {
            generator.fields(of: $1, row: $0)
        }
        let screen = top.prefix(20)
        let shown = screen.map { "\($0.firstName) \($0.lastName)" }
        #expect(Set(shown).count >= 18, "\(shown)")
        #expect(screen.filter { !$0.lastName.isEmpty }.count >= 18, "\(shown)")
        #expect(!screen[0].lastName.isEmpty, "the list opens on a full name: \(shown[0])")
        // The first rows are not one name repeated: no full name more than three times in 200.
        let counts = Dictionary(
            top.prefix(200).map { ("\($0.firstName) \($0.lastName)", 1) }, uniquingKeysWith: +)
        #expect(counts.values.max()! <= 3, "\(counts.filter { $0.value > 2 })")
        let isFixture = { (fields: ContactFields) in
            SyntheticContacts.fixtureNotes.contains(fields.notes)
                || fields.company == SyntheticContacts.fixtureCompany
        }
        #expect(!top.contains(where: isFixture))
        // Further down, every fixture is there (escaping is still exercised by the seed).
        let deeper = ordered[SyntheticContacts.plainRows..<50_000].enumerated().map {
            generator.fields(of: $1, row: SyntheticContacts.plainRows + $0)
        }
        for note in SyntheticContacts.fixtureNotes {
            #expect(deeper.contains { $0.notes == note }, "\(note)")
        }
        #expect(deeper.contains { $0.company == SyntheticContacts.fixtureCompany })
    }
}
