import Contacts
import Foundation

/// `roster seed --db PATH --count N [--random-seed S] [--notes PERCENT]`: an empty database filled
/// with N synthetic contacts, progress on stderr.
enum SeedCommand {
    static func run(_ options: SeedOptions, migrations: String) throws {
        let started = Date()
        var reported = 0
        let progress = { (written: Int) in
            // A line each time another 100,000 are written (PostgreSQL's seed tells only those).
            guard written / 100_000 > reported / 100_000 else { return }
            reported = written
            printError("seed: \(written / 100_000 * 100_000) of \(options.count) contacts")
        }
        try Backends.backend(options.database, migrations: migrations, locale: options.locale).seed(
            count: options.count, randomSeed: options.randomSeed, notesPercent: options.notesPercent,
            progress: progress)
        let seconds = Date().timeIntervalSince(started)
        printError(
            "seed: \(Plural.count(options.count, "contact")) in \(options.database) in "
                + "\(String(format: "%.2f", seconds)) s")
    }
}
