import Codecs
import Foundation
import Platform

#if canImport(Glibc)
    import Glibc
#endif

/// `roster-bench compress DIR [ROUNDS]`: every file of DIR (captured window bodies)
/// compressed by each library at each level the answers could use, side by side:
/// mean compressed bytes, the ratio to zlib level 1's bytes of the same bodies,
/// and microseconds per body. The bodies are taken in turn, each once per round,
/// so no loop sees one body again and again (a repeated input trains the branch
/// predictor and reads faster than the real, varied answers). Each round runs every
/// contender in turn (ROUNDS, default 5; each contender's median round counts),
/// timed by the thread's CPU clock, so that other work on a shared machine weighs
/// on every contender alike and time spent descheduled counts for none.
enum CompressBenchmark {
    /// One compressor under test: a name and the work on one body.
    struct Contender {
        var name: String
        var compress: ([UInt8]) -> Int
    }

    static func run() {
        let arguments = CommandLine.arguments
        guard arguments.count > 2 else {
            print("usage: roster-bench compress DIR [ROUNDS]")
            return
        }
        let rounds = arguments.count > 3 ? max(1, Int(arguments[3]) ?? 5) : 5
        let bodies = load(arguments[2])
        guard !bodies.isEmpty else {
            print("compress: no files in \(arguments[2])")
            return
        }
        let plain = bodies.reduce(0) { $0 + $1.count }
        print("compress bodies: \(bodies.count), mean bytes \(plain / bodies.count)")
        let all = contenders()
        var bytes = [Int](repeating: 0, count: all.count)
        var times = [[Double]](repeating: [], count: all.count)
        for _ in 0..<rounds {
            for (index, contender) in all.enumerated() {
                var total = 0
                let start = cpuNanoseconds()
                for body in bodies { total += contender.compress(body) }
                times[index].append(Double(cpuNanoseconds() - start) / 1e3 / Double(bodies.count))
                bytes[index] = total
            }
        }
        for (index, contender) in all.enumerated() {
            let mean = Double(bytes[index]) / Double(bodies.count)
            let micros = times[index].sorted()[times[index].count / 2]
            print(
                "compress \(contender.name): \(String(format: "%.0f", mean)) bytes (ratio "
                    + "\(String(format: "%.3f", Double(bytes[index]) / Double(plain))), "
                    + "\(String(format: "%.2f", Double(bytes[index]) / Double(bytes[0])))x zlib 1), "
                    + "\(String(format: "%.1f", micros)) us")
        }
    }

    /// The calling thread's CPU time.
    static func cpuNanoseconds() -> UInt64 {
        var now = timespec()
        _ = try? syscall("clock_gettime") { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) }
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// zlib at level 1 first (the baseline: nginx's default, and the answers' old
    /// coding), then libdeflate 1 to 12, igzip (ISA-L) 0 to 3, zstd -5 to 3, and zlib
    /// as the streams use it.
    static func contenders() -> [Contender] {
        var all: [Contender] = []
        let zlib = Gzip(level: 1)
        all.append(Contender(name: "zlib 1") { zlib.compress($0).count })
        let streams = Gzip(level: 1, windowBits: 14, memoryLevel: 6)
        all.append(Contender(name: "zlib 1 (window 14, memory 6)") { streams.compress($0).count })
        for level in Int32(1)...12 {
            let deflate = Deflate(level: level)
            all.append(Contender(name: "libdeflate \(level)") { deflate.compress($0).count })
        }
        for level in Int32(0)...3 {
            let igzip = Igzip(level: level)
            all.append(Contender(name: "igzip \(level)") { igzip.compress($0).count })
        }
        for level in [Int32(-5), -3, -1, 1, 2, 3] {
            let zstd = Zstd(level: level)
            all.append(Contender(name: "zstd \(level)") { zstd.compress($0).count })
        }
        return all
    }

    /// The files of `folder`, in name order.
    static func load(_ folder: String) -> [[UInt8]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().compactMap { name in
            FileManager.default.contents(atPath: folder + "/" + name).map { [UInt8]($0) }
        }.filter { !$0.isEmpty }
    }
}
