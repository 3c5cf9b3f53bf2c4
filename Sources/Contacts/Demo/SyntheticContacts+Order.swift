import Locales

/// The demo list's order in a locale. A seed never asks ICU for a key per contact: the draws'
/// names are made of a few hundred pool names, so each distinct sort name and first name is
/// keyed once, ranked among the others, and the draws are ordered by those ranks as integers.
extension SyntheticContacts {
    /// The keys of the names of a set of draws in one locale: each distinct sort name's and
    /// first name's section, ICU key and ranks.
    package struct NameKeys: Sendable {
        /// A distinct name's ICU key (full strength), its section (sort names only) and its
        /// ranks among the other names of its kind: by section and primary weights, then by
        /// section and the full key.
        struct Entry: Sendable {
            var key: [UInt8]
            var section: Int
            var primaryRank: UInt64 = 0
            var fullRank: UInt64 = 0
        }
        private var sortNames: [Int: Entry] = [:]
        private var firstNames: [Int: Entry] = [:]

        /// The keys of the names of `draws` in `locale`.
        package init(_ draws: [Draw], in locale: ListLocale) {
            for draw in draws {
                let sortCode = Self.sortNameCode(draw)
                if sortNames[sortCode] == nil {
                    let name =
                        draw.last >= 0
                        ? SyntheticContacts.lastName(of: draw) : SyntheticContacts.firstName(of: draw)
                    sortNames[sortCode] = Entry(
                        key: locale.collation.key(name), section: locale.index.section(of: name))
                }
                let firstCode = Self.firstNameCode(draw)
                if firstNames[firstCode] == nil {
                    firstNames[firstCode] = Entry(
                        key: locale.collation.key(SyntheticContacts.firstName(of: draw)), section: 0)
                }
            }
            Self.rank(&sortNames)
            Self.rank(&firstNames)
        }

        /// The draw's sort key.
        package func key(of draw: Draw) -> ContactSortKey {
            let name = sortNames[Self.sortNameCode(draw)]!
            return ContactSortKey(
                section: name.section, sortName: name.key,
                firstName: firstNames[Self.firstNameCode(draw)]!.key)
        }

        /// The draw's place in list order but for the id, as two integers compared in turn:
        /// (sort name's primary rank, first name's primary rank), then (their full ranks).
        func packed(_ draw: Draw) -> (UInt64, UInt64) {
            let name = sortNames[Self.sortNameCode(draw)]!
            let first = firstNames[Self.firstNameCode(draw)]!
            return (name.primaryRank << 32 | first.primaryRank, name.fullRank << 32 | first.fullRank)
        }

        /// Gives each entry its ranks: equal (section, primary part) share a primary rank, equal
        /// (section, key) a full rank.
        private static func rank(_ entries: inout [Int: Entry]) {
            func ordered(_ cut: (Entry) -> ArraySlice<UInt8>) -> [(Int, [UInt8])] {
                entries.map { code, entry in
                    (code, [UInt8(entry.section >> 8), UInt8(entry.section & 0xFF)] + cut(entry))
                }.sorted { $0.1.lexicographicallyPrecedes($1.1) }
            }
            for (full, pass) in [
                (false, ordered { Collation.primary(of: $0.key) }), (true, ordered { $0.key[...] }),
            ] {
                var rank: UInt64 = 0
                var previous: [UInt8]? = nil
                for (code, bytes) in pass {
                    if let previous, previous != bytes { rank += 1 }
                    previous = bytes
                    if full { entries[code]!.fullRank = rank } else { entries[code]!.primaryRank = rank }
                }
            }
        }

        /// The sort name of a draw as an integer: its last names and joint, or its first name.
        private static func sortNameCode(_ draw: Draw) -> Int {
            draw.last >= 0
                ? 1 << 40 | draw.last << 20 | (draw.secondLast + 1) << 2 | (draw.hyphen ? 1 : 0)
                : firstNameCode(draw)
        }

        /// The first name of a draw as an integer: its pool, name and middle initial.
        private static func firstNameCode(_ draw: Draw) -> Int {
            (draw.hash ? 1 << 30 : 0) | draw.first << 8 | draw.initial
        }
    }

    /// The draws in list order in `locale` (`ContactSortKey`, then id), with their names' keys.
    /// - Complexity: O(n log n) on integers, plus one ICU key per distinct name.
    package func drawsInListOrder(count: Int, in locale: ListLocale) -> (draws: [Draw], keys: NameKeys) {
        let draws = draws(count: count)
        let keys = NameKeys(draws, in: locale)
        let packed = draws.map { draw in
            let (high, low) = keys.packed(draw)
            return (high, low, draw.id)
        }
        return (packed.sorted { $0 < $1 }.map { draws[$0.2 - 1] }, keys)
    }
}

extension SyntheticContacts {
    /// Calls `body` with the sort key and fields of each of `count` contacts, in list order in
    /// `locale`: the contacts `SQLiteContactStore.seed` writes for this generator, so any store
    /// seeded from the same seed holds the same list.
    public func forEachInListOrder(
        count: Int, in locale: ListLocale, _ body: (ContactSortKey, ContactFields) throws -> Void
    ) rethrows {
        let (ordered, keys) = drawsInListOrder(count: count, in: locale)
        for (row, draw) in ordered.enumerated() {
            try body(keys.key(of: draw), fields(of: draw, row: row))
        }
    }
}
