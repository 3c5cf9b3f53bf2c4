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
        let a = SyntheticContacts(seed: 5).drawsInListOrder(count: 20_000)
        let b = SyntheticContacts(seed: 5).drawsInListOrder(count: 20_000)
        let c = SyntheticContacts(seed: 6).drawsInListOrder(count: 20_000)
        let fields = { (draws: [SyntheticContacts.Draw]) in
            draws.map { SyntheticContacts(seed: 5).fields(of: $0) }
        }
        #expect(a.map(\.id) == b.map(\.id) && fields(a) == fields(b))
        #expect(a.map(\.id) != c.map(\.id))
    }

    @Test func thePackedListOrderIsTheSortKeyOrderWithMiddleInitialsAndDoubleNames() {
        let generator = SyntheticContacts(seed: 11)
        let ordered = generator.drawsInListOrder(count: 50_000)
        #expect(ordered.contains { $0.initial > 0 } && ordered.contains { $0.secondLast >= 0 && $0.hyphen })
        #expect(ordered.contains { $0.secondLast >= 0 && !$0.hyphen })
        let keys = ordered.map { draw -> (ContactSortKey, Int) in
            let (first, last) = SyntheticContacts.folded(draw)
            let fields = generator.fields(of: draw)
            #expect(first == NameFolding.fold(fields.firstName) && last == NameFolding.fold(fields.lastName))
            return (ContactSortKey(foldedFirst: first, foldedLast: last), draw.id)
        }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "packed order agrees with byte order")
    }

    @Test func noPoolNameContinuesAnotherWithASpace() {
        let all = SyntheticContacts.foldedFirst + SyntheticContacts.foldedLast + SyntheticContacts.foldedHash
        for name in all {
            for other in all where other.count > name.count && other.starts(with: name) {
                #expect(other[name.count] > 0x2D, "\(String(decoding: other, as: UTF8.self))")
            }
        }
    }
}
