#if !FUZZING
    import Foundation

    /// Without libFuzzer: runs the fuzz target over the files named on the command
    /// line (a corpus, or a crash to reproduce) and reports how many passed.
    @main
    struct Replay {
        static func main() {
            var count = 0
            for path in CommandLine.arguments.dropFirst() {
                let files =
                    (try? FileManager.default.contentsOfDirectory(atPath: path)).map {
                        $0.map { path + "/" + $0 }
                    } ?? [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    let bytes = [UInt8](data)
                    _ = bytes.withUnsafeBufferPointer {
                        fuzzRequestParser($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count)
                    }
                    count += 1
                }
            }
            print("replayed \(count) inputs")
        }
    }
#endif
