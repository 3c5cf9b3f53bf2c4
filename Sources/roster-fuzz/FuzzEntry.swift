#if FUZZING
    import FuzzTargets
    import Platform

    #if canImport(Glibc)
        import Glibc
    #endif

    /// The target of this run, from `ROSTER_FUZZ_TARGET` (read once).
    private let selected: FuzzTarget = {
        let name = getenv(FuzzTarget.environmentVariable).map { String(cString: $0) } ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            Logger.standardError.log("set \(FuzzTarget.environmentVariable) to one of: \(names)")
            exit(2)
        }
        return target
    }()

    /// libFuzzer's entry point: one input for the target `ROSTER_FUZZ_TARGET` names
    /// (one binary serves every target, as libFuzzer takes one entry point per
    /// binary). A property that does not hold is a crash, so libFuzzer keeps the
    /// input. Built with `swift build --sanitize fuzzer --sanitize address
    /// -Xswiftc -DFUZZING` (see scripts/fuzz); without `FUZZING`, `Replay` runs
    /// the targets over files instead.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do {
            try selected.run(bytes)
        } catch {
            fatalError("\(selected.rawValue): \(error)")
        }
        return 0
    }
#endif
