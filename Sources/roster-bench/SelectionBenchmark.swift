import Contacts
import Platform

/// `roster-bench selection [N]`: a search's selection of the list's rows
/// (`OrderSelection`) over N contacts (10,000,000 unless given), ids in row order (as
/// a seed writes them) and shuffled, for matches from none to all: milliseconds per
/// selection, median of 5, and the bytes it holds; beside it the same matches made
/// a tree of their own (`ListState.filtered`, what searches built before), median of 3.
enum SelectionBenchmark {
    static func run() {
        let count = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 10_000_000
        var random = SeededRandom(seed: 7)
        var ids = Array(0..<count)
        for (name, shuffled) in [("in row order", false), ("shuffled", true)] {
            if shuffled { ids.shuffle(using: &random) }
            var builder = ListOrder.Builder()
            for id in ids { builder.append(OrderEntry(id: id, lines: id % 5 == 0 ? 1 : 0)) }
            let order = builder.order()
            let list = ListState(
                version: 1, sections: [SectionInfo(index: 0, title: "A", rows: count, firstRow: 0)],
                order: order)
            for share in [0, 1, 1_000, 50_000, 500_000, 1_000_000] {
                var kept = ContactIDSet(largest: count)
                for id in 0..<count where Int.random(in: 0..<1_000_000, using: &random) < share {
                    kept.insert(id)
                }
                var times: [Double] = []
                var bytes = 0
                for _ in 0..<5 {
                    let start = MonotonicClock.system.seconds()
                    let selection = OrderSelection(order, keeping: kept)
                    times.append((MonotonicClock.system.seconds() - start) * 1000)
                    bytes = selection.memoryBytes
                }
                times.sort()
                var trees: [Double] = []
                for _ in 0..<3 {
                    let start = MonotonicClock.system.seconds()
                    let tree = list.filtered(keeping: kept)
                    trees.append((MonotonicClock.system.seconds() - start) * 1000)
                    bytes += tree.total & 0
                }
                trees.sort()
                let ms = (times[2] * 10).rounded() / 10
                print(
                    "selection ms, ids \(name), \(share) per million kept: \(ms) (\(bytes) bytes); "
                        + "as a tree: \((trees[1] * 10).rounded() / 10)")
            }
        }
    }
}
