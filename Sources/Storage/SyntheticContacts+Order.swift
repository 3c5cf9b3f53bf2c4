extension SyntheticContacts {
    /// Each pool name folded once: the seed never folds per contact.
    static let foldedFirst = firstNames.map(NameFolding.fold)
    static let foldedLast = lastNames.map(NameFolding.fold)
    static let foldedHash = hashNames.map(NameFolding.fold)

    /// Each pool name's place among all folded pool names in byte order, so that list
    /// order can be compared as small integers instead of byte strings.
    private static let (firstRank, lastRank, hashRank): ([Int], [Int], [Int]) = {
        let all = Set(foldedFirst + foldedLast + foldedHash).sorted { $0.lexicographicallyPrecedes($1) }
        let rank = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1, $0) })
        return (foldedFirst.map { rank[$0]! }, foldedLast.map { rank[$0]! }, foldedHash.map { rank[$0]! })
    }()

    /// Folded first and last name of a draw.
    static func folded(_ draw: Draw) -> (first: [UInt8], last: [UInt8]) {
        (
            draw.hash ? foldedHash[draw.first] : foldedFirst[draw.first],
            draw.last < 0 ? [] : foldedLast[draw.last]
        )
    }

    /// The draws in list order (`ContactSortKey`, then id).
    /// - Complexity: O(n log n) on 64-bit integers.
    func drawsInListOrder(count: Int) -> [Draw] {
        let draws = draws(count: count)
        // section (5 bits) | sort name rank (12) | first name rank (12) | id (35)
        let packed = draws.map { draw -> UInt64 in
            let firstRank = draw.hash ? Self.hashRank[draw.first] : Self.firstRank[draw.first]
            let sortRank = draw.last < 0 ? firstRank : Self.lastRank[draw.last]
            let (first, last) = Self.folded(draw)
            let section = UInt64(NameFolding.section(ofFolded: last.isEmpty ? first : last))
            return section << 59 | UInt64(sortRank) << 47 | UInt64(firstRank) << 35 | UInt64(draw.id)
        }
        return packed.sorted().map { draws[Int($0 & (1 << 35 - 1)) - 1] }
    }
}
