#if canImport(Glibc)
    import Glibc
#endif

/// `roster-bench NAME`: runs one benchmark and prints `name: value` lines, the headline last.
let benchmarks: [String: () -> Void] = [
    "engine": EngineBenchmark.run,
    "store": StoreBenchmark.run,
    "gzip": GzipBenchmark.run,
    "compress": CompressBenchmark.run,
    "handler": HandlerBenchmark.run,
    "csv": CSVBenchmark.run,
    "vcard": VCardBenchmark.run,
    "selection": SelectionBenchmark.run,
    "details": DetailsBenchmark.run,
    "phones": PhonesBenchmark.run,
    "keys": KeysBenchmark.run,
    "photos": PhotosBenchmark.run,
]

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 1, let benchmark = benchmarks[arguments.first!] else {
    let names = benchmarks.keys.sorted().joined(separator: "|")
    print("usage: roster-bench \(names)")
    exit(2)
}
benchmark()
