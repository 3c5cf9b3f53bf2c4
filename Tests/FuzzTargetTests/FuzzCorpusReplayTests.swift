import Foundation
import FuzzTargets
import TestSupport
import Testing

/// The fuzzers' corpora (Tests/fuzz/<target>: seeds and every crash libFuzzer
/// found), replayed through the same target functions `roster-fuzz` runs, so each
/// crash stays a regression test; plus a short seeded mutation run per target.
struct FuzzCorpusReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("fuzz")

    static func corpus(_ target: FuzzTarget) throws -> [(name: String, bytes: [UInt8])] {
        let folder = root.appendingPathComponent(target.rawValue)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            ($0, [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))))
        }
    }

    @Test func everyCorpusFolderBelongsToATarget() throws {
        let folders = try FileManager.default.contentsOfDirectory(
            at: Self.root, includingPropertiesForKeys: [.isDirectoryKey]
        ).filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
        #expect(Set(folders.map(\.lastPathComponent)) == Set(FuzzTarget.allCases.map(\.rawValue)))
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyCorpusInputHolds(_ target: FuzzTarget) throws {
        let corpus = try Self.corpus(target)
        #expect(corpus.count >= 9)
        for (name, bytes) in corpus {
            do {
                try target.run(bytes)
            } catch {
                Issue.record("Tests/fuzz/\(target.rawValue)/\(name): \(error)")
            }
        }
    }

    /// Corpus inputs with a few bytes flipped, dropped, repeated or replaced by
    /// ones the formats care about.
    @Test(arguments: FuzzTarget.allCases)
    func seededMutationsHold(_ target: FuzzTarget) throws {
        let seeds = try Self.corpus(target).map(\.bytes)
        var random = SeededGenerator(seed: 4180)
        let interesting: [UInt8] = Array("\r\n :;,\"=&%+-.e0x\t\u{0}".utf8) + [0x7F, 0x80, 0xEF, 0xFF]
        for _ in 0..<400 {
            let seed = seeds[Int(random.next() % UInt64(seeds.count))]
            let bytes = random.mutated(seed, interesting: interesting)
            do {
                try target.run(bytes)
            } catch {
                Issue.record("\(target.rawValue) on \(bytes): \(error)")
                return
            }
        }
    }
}
