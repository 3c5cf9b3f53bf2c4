import Testing

@testable import Contacts

/// The persistent order against an array doing the same edits.
struct ListOrderTests {
    private static func ids(_ order: ListOrder) -> [Int32] { order.allEntries.map(\.id) }

    @Test(arguments: [0, 1, 700, 40_000])
    func randomEditsMatchAnArrayAndEarlierValuesStayAsTheyWere(size: Int) {
        var random = SeededRandom(seed: UInt64(size) + 5)
        var model = (0..<size).map { OrderEntry(id: $0) }
        var order = ListOrder(model)
        var nextID = size
        var kept: [(ListOrder, [OrderEntry])] = []
        for step in 0..<3_000 {
            switch random.below(4) {
            case 0, 1:
                let rank = random.below(model.count + 1)
                let entry = OrderEntry(id: nextID, revision: UInt32(step))
                nextID += 1
                model.insert(entry, at: rank)
                order = order.inserting(entry, at: rank)
            case 2 where !model.isEmpty:
                let rank = random.below(model.count)
                model.remove(at: rank)
                order = order.removing(at: rank)
            case 3 where !model.isEmpty:
                let rank = random.below(model.count)
                let entry = OrderEntry(id: Int(model[rank].id), revision: UInt32(step))
                model[rank] = entry
                order = order.replacing(at: rank, with: entry)
            default:
                continue
            }
            #expect(order.count == model.count)
            if step % 500 == 0 { kept.append((order, model)) }
            if !model.isEmpty {
                let rank = random.below(model.count)
                #expect(order[rank] == model[rank], "row \(rank) at step \(step)")
                let lower = random.below(model.count)
                let upper = lower + random.below(60)
                #expect(order.entries(in: lower..<upper) == Array(model[lower..<min(upper, model.count)]))
            }
        }
        #expect(order.allEntries == model)
        for (old, oldModel) in kept {
            #expect(old.allEntries == oldModel, "a later edit changed an earlier value")
        }
    }

    @Test func manyInsertsAtOneEndAndRemovingEverythingKeepTheOrder() {
        var order = ListOrder.empty
        for id in 0..<20_000 { order = order.inserting(OrderEntry(id: id), at: order.count) }
        for id in 0..<5_000 { order = order.inserting(OrderEntry(id: 100_000 + id), at: 0) }
        let ids = Self.ids(order)
        #expect(ids.prefix(3) == [104_999, 104_998, 104_997])
        #expect(ids.suffix(2) == [19_998, 19_999])
        while order.count > 0 { order = order.removing(at: order.count / 2) }
        #expect(order.count == 0 && order.entries(in: 0..<10).isEmpty)
        order = order.inserting(OrderEntry(id: 7), at: 0)
        #expect(Self.ids(order) == [7])
    }

    @Test func entriesOutsideTheRowsAreClamped() {
        let order = ListOrder((0..<10).map { OrderEntry(id: $0) })
        #expect(Self.ids(ListOrder(order.entries(in: 8..<20))) == [8, 9])
        #expect(order.entries(in: 10..<20).isEmpty)
        #expect(order.entries(in: -5..<1).map(\.id) == [0])
    }

    @Test func thePartitionPointIsWhereAnEntryGoes() {
        let order = ListOrder(stride(from: 0, to: 3_000, by: 3).map { OrderEntry(id: $0) })
        for target in [-1, 0, 1, 3, 1_500, 2_997, 2_998, 5_000] {
            let rank = order.partitionPoint { Int($0.id) < target }
            #expect(rank == (0..<order.count).filter { Int(order[$0].id) < target }.count, "\(target)")
        }
    }

    @Test(arguments: [0, 1, 513, 5_000])
    func aFilteredListKeepsTheOrderAndCountsEachSectionsMatches(size: Int) {
        var random = SeededRandom(seed: UInt64(size) + 11)
        // Ids shuffled into the order, sections of random sizes (some empty).
        var ids = Array(0..<size)
        for index in ids.indices.reversed() { ids.swapAt(index, random.below(index + 1)) }
        let titles = ListLocale.english.titles
        var sizes = [Int](repeating: 0, count: titles.count)
        for _ in 0..<size { sizes[random.below(sizes.count / 2) * 2] += 1 }
        var firstRow = 0
        let sections = titles.indices.map { index in
            defer { firstRow += sizes[index] }
            return SectionInfo(
                index: index, title: titles[index], rows: sizes[index], firstRow: firstRow)
        }
        let list = ListState(version: 3, sections: sections, order: ListOrder(ids.map { OrderEntry(id: $0) }))
        // Every contact kept: the list itself (the same order, not a copy).
        var everyone = ContactIDSet()
        for id in ids { everyone.insert(id) }
        let all = list.filtered(keeping: everyone)
        #expect(all.order.allEntries.map { Int($0.id) } == ids && all.sections == list.sections)
        // As many ids as contacts, one of them not in the list: filtered for real.
        if size > 1 {
            var short = ContactIDSet()
            for id in ids.dropFirst() { short.insert(id) }
            short.insert(size + 7)
            #expect(short.count == size)
            #expect(
                list.filtered(keeping: short).order.allEntries.map { Int($0.id) } == Array(ids.dropFirst()))
        }
        for density in [0, 1, 10, 100] {
            var kept = ContactIDSet()
            for id in 0..<size + 50 where random.below(100) < density { kept.insert(id) }
            let filtered = list.filtered(keeping: kept)
            let expected = ids.filter { kept.contains($0) }
            #expect(filtered.order.allEntries.map { Int($0.id) } == expected)
            #expect(filtered.version == 3)
            var row = 0
            for section in sections {
                let inSection = ids[section.firstRow..<section.firstRow + section.rows].filter {
                    kept.contains($0)
                }
                #expect(filtered.sections[section.index].rows == inSection.count, "section \(section.title)")
                #expect(filtered.sections[section.index].firstRow == row)
                row += inSection.count
            }
        }
    }
}

/// The order as a height index: lines before a row and the row at a pixel against sums.
struct ListOrderHeightTests {
    @Test(arguments: [0, 1, 600, 30_000])
    func linesBeforeARowAndTheRowAtAPixelMatchRunningSums(size: Int) {
        var random = SeededRandom(seed: UInt64(size) + 3)
        var model = (0..<size).map { OrderEntry(id: $0, lines: random.below(4)) }
        var order = ListOrder(model)
        // Edits change the sums along one path.
        for step in 0..<200 where !model.isEmpty || step % 2 == 0 {
            let rank = random.below(model.count + 1)
            if step % 3 == 0 || model.isEmpty {
                let entry = OrderEntry(id: size + step, lines: random.below(4))
                model.insert(entry, at: rank)
                order = order.inserting(entry, at: rank)
            } else if step % 3 == 1, rank < model.count {
                model.remove(at: rank)
                order = order.removing(at: rank)
            } else if rank < model.count {
                let entry = OrderEntry(id: Int(model[rank].id), revision: 1, lines: random.below(4))
                model[rank] = entry
                order = order.replacing(at: rank, with: entry)
            }
        }
        var sums = [0]
        for entry in model { sums.append(sums.last! + Int(entry.lines)) }
        #expect(order.lines == sums.last!)
        for _ in 0..<300 {
            let rank = random.below(model.count + 1)
            #expect(order.lines(before: rank) == sums[rank])
            if rank < model.count {
                #expect(order.entryAndLines(at: rank) == (model[rank], sums[rank]))
            }
        }
        guard !model.isEmpty else { return }
        let top = { (row: Int) in row * 56 + sums[row] * 20 }
        for _ in 0..<300 {
            let y = random.below(top(model.count))
            let row = order.row(atPixel: y, base: 56, perLine: 20)
            #expect(top(row) <= y && y < top(row + 1), "pixel \(y): row \(row)")
        }
        #expect(order.row(atPixel: 0, base: 56, perLine: 20) == 0)
        #expect(order.row(atPixel: top(model.count) - 1, base: 56, perLine: 20) == model.count - 1)
    }
}

/// The order of a million contacts, notes lines and all, fits the height index's budget.
struct ListOrderMemoryTests {
    @Test func aMillionEntriesTakeAtMostSixteenMebibytes() {
        let order = ListOrder((0..<1_000_000).map { OrderEntry(id: $0, lines: $0 % 4) })
        #expect(MemoryLayout<OrderEntry>.stride == 12)
        #expect(order.memoryBytes > 12_000_000, "every entry is counted")
        #expect(order.memoryBytes <= 16 << 20, "\(order.memoryBytes) bytes")
        // After many writes (leaves split), still within it.
        var edited = order
        for step in 0..<2_000 { edited = edited.inserting(OrderEntry(id: 2_000_000 + step), at: step * 499) }
        #expect(edited.memoryBytes <= 16 << 20, "\(edited.memoryBytes) bytes")
    }
}
