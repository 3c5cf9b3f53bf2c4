import Foundation
import TestSupport
import Testing

@testable import HTTP

/// The fuzzer's seed corpus and every crash it ever found (Tests/fuzz/parser),
/// replayed through the parser whole, byte by byte and at every split.
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("fuzz/parser")

    @Test func everyCorpusInputParsesTheSameHoweverItArrives() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
        #expect(files.count >= 5)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(file)))
            _ = parseEverySplit(bytes)
        }
    }

    /// Seeded mutations of the corpus (flipped, dropped, repeated bytes): never a
    /// crash, and the same result whole and byte by byte.
    @Test func seededMutationsNeverCrashOrDependOnSplits() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        let seeds = try files.map { [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent($0))) }
        var random = SeededGenerator(seed: 2026)
        let interesting: [UInt8] = Array("\r\n :;,0x-+\t\u{0}".utf8) + [0x7F, 0x80, 0xFF]
        for _ in 0..<1500 {
            let seed = seeds[Int(random.next() % UInt64(seeds.count))]
            let bytes = random.mutated(seed, interesting: interesting)
            let whole = parse(bytes)
            #expect(whole == parse(bytes, splitAt: Array(1..<max(bytes.count, 1))), "\(bytes)")
        }
    }
}
