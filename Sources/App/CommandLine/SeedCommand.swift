import Contacts
import Foundation
import PostgresStorage
import SQLiteStorage

/// `roster seed --db PATH --count N [--random-seed S] [--notes PERCENT]`: an empty database filled
/// with N synthetic contacts, progress on stderr.
enum SeedCommand {
    static func run(_ options: SeedOptions, migrations: String) throws {
        let started = Date()
        let reportsProgress = options.count >= 100_000
        let progress = { (written: Int) in
            if reportsProgress { printError("seed: \(written) of \(options.count) contacts") }
        }
        if PGConnection.isURL(options.database) {
            try MigratedStores.migratePostgres(options.database, migrations: migrations)
            try PostgresSeeder.seed(
                url: options.database, count: options.count, randomSeed: options.randomSeed,
                notesPercent: options.notesPercent, progress: progress)
        } else {
            let store = try MigratedStores.sqlite(options.database, migrations: migrations)
            try store.seed(
                count: options.count, randomSeed: options.randomSeed, notesPercent: options.notesPercent,
                progress: progress)
        }
        let seconds = Date().timeIntervalSince(started)
        printError(
            "seed: \(options.count) contacts in \(options.database) in \(String(format: "%.2f", seconds)) s")
    }
}
