import Codecs
import Foundation
import HTTP
import Platform

/// Compresses a window-sized JSON body many times: the per-response cost of gzip.
enum GzipBenchmark {
    static func run() {
        let path = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : ""
        let body = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? sample()
        for (level, bits, memory) in [(1, 15, 8), (1, 14, 6), (1, 13, 7), (4, 15, 8), (6, 15, 8)]
            as [(Int32, Int32, Int32)]
        {
            let gzip = Gzip(level: level, windowBits: bits, memoryLevel: memory)
            var size = 0
            let rounds = 20_000
            let start = MonotonicClock.system.nanoseconds()
            for _ in 0..<rounds { size = gzip.compress(body).count }
            let micros = Double(MonotonicClock.system.nanoseconds() - start) / 1e3 / Double(rounds)
            print(
                "gzip level \(level) window \(bits) memory \(memory): \(body.count) -> \(size) bytes, \(String(format: "%.1f", micros)) us"
            )
        }
    }

    static func sample() -> [UInt8] {
        Array(
            String(
                repeating:
                    #"{"slot":3,"kind":"contact","row":12003,"html":"<img src='/avatar/1.svg'><p>Ann <b>Lee</b></p>"},"#,
                count: 60
            ).utf8)
    }
}
