#if !FUZZING
    import Foundation
    import FuzzTargets
    import Platform

    /// Without libFuzzer: runs the target `ROSTER_FUZZ_TARGET` names over the files
    /// named on the command line (a corpus folder, or a crash to reproduce), prints
    /// each property that fails, and exits 1 if any did.
    ///
    ///     ROSTER_FUZZ_TARGET=csv swift run roster-fuzz crash-1234 Tests/fuzz/csv
    @main
    struct Replay {
        static func main() {
            let name = ProcessInfo.processInfo.environment[FuzzTarget.environmentVariable] ?? ""
            guard let target = FuzzTarget(rawValue: name) else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
                Logger.standardError.log("set \(FuzzTarget.environmentVariable) to one of: \(names)")
                exit(2)
            }
            var count = 0
            var failed = 0
            for path in CommandLine.arguments.dropFirst() {
                let files =
                    (try? FileManager.default.contentsOfDirectory(atPath: path)).map {
                        $0.sorted().map { path + "/" + $0 }
                    } ?? [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    count += 1
                    do {
                        try target.run([UInt8](data))
                    } catch {
                        failed += 1
                        print("\(file): \(error)")
                    }
                }
            }
            print("replayed \(count) inputs through \(target.rawValue), \(failed) failed")
            exit(failed == 0 ? 0 : 1)
        }
    }
#endif
