extension SyntheticContacts {
    /// Each pool name folded once: the seed never folds a whole name per contact.
    static let foldedFirst = firstNames.map(NameFolding.fold)
    static let foldedLast = lastNames.map(NameFolding.fold)
    static let foldedHash = hashNames.map(NameFolding.fold)
    /// " a." ... " z." folded, by initial number; the two last-name joints.
    static let foldedInitials: [[UInt8]] = [[]] + (0..<26).map { [0x20, 0x61 + UInt8($0), 0x2E] }
    static let foldedSpace = NameFolding.fold("a b")[1...1]
    static let foldedHyphen = NameFolding.fold("a-b")[1...1]

    /// Each pool name's place among all folded pool names in byte order, so that list
    /// order can be compared as small integers instead of byte strings.
    private static let (firstRank, lastRank, hashRank): ([UInt64], [UInt64], [UInt64]) = {
        let all = Set(foldedFirst + foldedLast + foldedHash).sorted { $0.lexicographicallyPrecedes($1) }
        precondition(all.count < 1 << rankBits, "pool names must fit the packed sort order")
        let rank = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1, UInt64($0)) })
        return (foldedFirst.map { rank[$0]! }, foldedLast.map { rank[$0]! }, foldedHash.map { rank[$0]! })
    }()
    private static let rankBits = 10

    /// Folded first and last name of a draw: the same bytes as folding its whole names.
    package static func folded(_ draw: Draw) -> (first: [UInt8], last: [UInt8]) {
        var first = draw.hash ? foldedHash[draw.first] : foldedFirst[draw.first]
        if draw.initial > 0 { first += foldedInitials[draw.initial] }
        guard draw.last >= 0 else { return (first, []) }
        var last = foldedLast[draw.last]
        if draw.secondLast >= 0 {
            last += draw.hyphen ? foldedHyphen : foldedSpace
            last += foldedLast[draw.secondLast]
        }
        return (first, last)
    }

    /// A draw's place in list order but for the id: section (5 bits), sort name as
    /// (first part's rank, joint: none < space < hyphen, second part's rank), first
    /// name as (rank, middle initial). Byte order of the folded names agrees because
    /// a joint or an initial's space sorts below every letter that could continue a
    /// pool name, and no pool name continues another with a space (checked by tests).
    private static func packedKey(_ draw: Draw) -> UInt64 {
        let firstRank = draw.hash ? hashRank[draw.first] : Self.firstRank[draw.first]
        var sortName = firstRank << (2 + UInt64(rankBits))
        if draw.last >= 0 {
            sortName = lastRank[draw.last] << (2 + UInt64(rankBits))
            if draw.secondLast >= 0 {
                sortName |= (draw.hyphen ? 2 : 1) << UInt64(rankBits) | lastRank[draw.secondLast]
            }
        }
        // The sort name's first part decides its section.
        let sortPart =
            draw.last >= 0
            ? foldedLast[draw.last] : draw.hash ? foldedHash[draw.first] : foldedFirst[draw.first]
        let section = UInt64(NameFolding.section(ofFolded: sortPart))
        let firstName = firstRank << 5 | UInt64(draw.initial)
        return section << 37 | sortName << 15 | firstName
    }

    /// The draws in list order (`ContactSortKey`, then id).
    /// - Complexity: O(n log n) on 64-bit integers.
    package func drawsInListOrder(count: Int) -> [Draw] {
        let draws = draws(count: count)
        // The key takes 42 bits; the id (at most 22 bits up to 4M contacts) fills the rest.
        if count < 1 << 22 {
            let packed = draws.map { Self.packedKey($0) << 22 | UInt64($0.id) }
            return packed.sorted().map { draws[Int($0 & (1 << 22 - 1)) - 1] }
        }
        let keyed = draws.map { (Self.packedKey($0), $0.id) }
        return keyed.sorted { $0 < $1 }.map { draws[$0.1 - 1] }
    }
}

extension SyntheticContacts {
    /// Calls `body` with the sort key and fields of each of `count` contacts, in
    /// list order: the contacts `SQLiteContactStore.seed` writes for this generator, so
    /// any store seeded from the same seed holds the same list.
    public func forEachInListOrder(count: Int, _ body: (ContactSortKey, ContactFields) throws -> Void)
        rethrows
    {
        for (row, draw) in drawsInListOrder(count: count).enumerated() {
            let (first, last) = Self.folded(draw)
            try body(ContactSortKey(foldedFirst: first, foldedLast: last), fields(of: draw, row: row))
        }
    }
}
