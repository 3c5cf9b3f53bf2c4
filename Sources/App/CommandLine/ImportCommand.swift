import Contacts
import Foundation

/// `roster import --db PATH [--mode] [--errors] FILE.csv`: the import endpoint's
/// job (`ImportJob`), fed from a file, with progress on stderr. This thread reads
/// the CSV while the job's writer writes (`ImportJob.Reading.onCaller`).
enum ImportCommand {
    static func run(_ options: ImportOptions) throws -> Int32 {
        // Migrated first; the job then opens its own connection.
        let backend = Backends.backend(options.database, migrations: options.migrationsDirectory)
        let locale = try backend.settleLocale()
        guard let file = FileHandle(forReadingAtPath: options.file) else {
            printError("roster: cannot read \(options.file): no such file or no permission")
            return 1
        }
        defer { try? file.close() }
        let size = (try? FileManager.default.attributesOfItem(atPath: options.file)[.size] as? Int) ?? 0
        let resumed = DispatchSemaphore(value: 0)
        let job = ImportJob(
            open: { try backend.openCommandImporter() }, mode: options.mode, errors: options.errors,
            locale: locale, region: backend.phoneRegion, photos: .inspecting, reading: .onCaller,
            onResume: { resumed.signal() })
        var read = 0
        var reported = 0
        while true {
            let chunk = file.readData(ofLength: 1 << 20)
            if chunk.isEmpty { break }
            if !chunk.withUnsafeBytes({ job.feed($0) }) { resumed.wait() }
            read += chunk.count
            if size > 10 << 20 && read - reported >= size / 10 {
                reported = read
                printError("import: \(read * 100 / max(size, 1))% read")
            }
        }
        let outcome = job.finish()
        // What the import left invisible (a replaced list, all of a failed import),
        // and what it left to merge merged.
        backend.tidyAfterImport()
        let summary: ImportSummary
        switch outcome {
        case .success(let result): summary = result
        case .failure(let error):
            printError("roster: import \(options.file): \(error)")
            return 1
        }
        for error in summary.errors { printError("import: \(error)") }
        if summary.rejected > summary.errors.count {
            printError("import: and \(Plural.count(summary.rejected - summary.errors.count, "more bad row"))")
        }
        if !summary.ignoredColumns.isEmpty {
            printError("import: ignored columns: \(summary.ignoredColumns.joined(separator: ", "))")
        }
        if summary.aborted {
            printError(
                "import: \(Plural.count(summary.rejected, "bad row")); nothing was imported "
                    + "(use --errors skip to import the rest)"
            )
            return 1
        }
        printError(
            "import: \(Plural.count(summary.inserted, "contact")) added, \(summary.rejected) rejected, "
                + "\(summary.total) in the list, "
                + String(format: "%.2f s", summary.seconds))
        return 0
    }
}
