import Foundation
import Storage

/// `roster seed --db PATH --count N [--random-seed S] [--notes PERCENT]`: an empty database filled
/// with N synthetic contacts, progress on stderr.
enum SeedCommand {
    static func run(_ options: SeedOptions, migrations: String) throws {
        let store = try ContactStore.open(options.database, migrations: migrations)
        let started = Date()
        let reportsProgress = options.count >= 100_000
        try store.seed(count: options.count, randomSeed: options.randomSeed, notesPercent: options.notesPercent) {
            written in
            if reportsProgress { printError("seed: \(written) of \(options.count) contacts") }
        }
        let seconds = Date().timeIntervalSince(started)
        printError(
            "seed: \(options.count) contacts in \(options.database) in \(String(format: "%.2f", seconds)) s")
    }
}
