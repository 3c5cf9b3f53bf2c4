import Contacts
import Foundation
import Phones

extension SQLiteContactStore {
    /// Fills an empty store with `count` synthetic contacts drawn from `randomSeed`
    /// (`notesPercent` of them with notes),
    /// in one transaction: the order index and sections included, so readers see all or nothing.
    ///
    /// The contacts are generated and ordered in memory (names are folded once per
    /// pool entry, and ordered as integers), then written in position order with ids
    /// given in that order too, so the table, the id index and the order index all
    /// grow by appending instead of inserting into their middle.
    ///
    /// - Parameter progress: called with the number written so far, every 100,000.
    /// - Throws: `ContactsError.notEmpty` when the store already holds contacts.
    public func seed(
        count: Int, randomSeed: UInt64, notesPercent: Int = SyntheticContacts.defaultNotesPercent,
        progress: ((Int) -> Void)? = nil
    ) throws {
        let existing = try self.count()
        guard existing == 0 else { throw ContactsError.notEmpty(path: database.path, contacts: existing) }
        let generator = SyntheticContacts(seed: randomSeed, notesPercent: notesPercent)
        let region = phoneRegion
        let firstID = try database.integer("SELECT value FROM roster_meta WHERE key = 'next_id'") ?? 1
        // The list's sections are its locale's before any contact is keyed in it.
        if try storedLocale()?.stamp != locale.stamp { try settleLocale(locale) }
        let locale = self.locale
        let (ordered, keys) = generator.drawsInListOrder(count: count, in: locale)
        // Into an empty database, a rollback journal writes each page once: only the few
        // pages that existed before are journaled, the rest are appended to the file.
        // WAL would write every page twice (log, then checkpoint). Both are atomic.
        try database.execute("PRAGMA journal_mode = DELETE")
        defer { try? database.execute("PRAGMA journal_mode = WAL") }
        // The frequent search patterns, from contacts spread over the whole list.
        // The search texts are made from parts worked out once per pool value
        // (`SyntheticDocuments`): the same texts as `SearchText.document`.
        var documents = SyntheticDocuments(region: region)
        let step = max(1, count / max(1, gramPolicy.sampleSize))
        let patterns = frequentPatterns(
            in: stride(from: 0, to: ordered.count, by: step).map { row in
                var bytes: [UInt8] = []
                let draw = ordered[row]
                documents.append(
                    documentOf: draw, row: row, fields: generator.fields(of: draw, row: row),
                    generator: generator, to: &bytes)
                return String(decoding: bytes, as: UTF8.self)
            }, contacts: count)
        let matcher = GramMatcher(patterns: patterns)
        let parts = documents
        // Making the rows (their search texts, and the patterns each one holds) runs on a
        // second thread while this one writes.
        let batches = BlockingQueue<RowBatch>(capacity: 4)
        let finished = BlockingQueue<(sectionRows: [Int], grams: GramBitmaps)>(capacity: 1)
        let producer = Thread {
            var sectionRows = [Int](repeating: 0, count: locale.titles.count)
            var grams = GramBitmaps(patterns: matcher.patterns.count, ids: firstID..<(firstID + count))
            var batch = RowBatch(capacity: 4096)
            var documents = parts
            var document: [UInt8] = []
            for (row, draw) in ordered.enumerated() {
                let key = keys.key(of: draw)
                sectionRows[key.section] += 1
                let fields = generator.fields(of: draw, row: row)
                document.removeAll(keepingCapacity: true)
                documents.append(
                    documentOf: draw, row: row, fields: fields, generator: generator, to: &document)
                batch.append(key: key, fields: fields) { $0 += document }
                document.withUnsafeBytes { grams.add(id: firstID + row, text: $0, matcher: matcher) }
                if batch.count == 4096 {
                    guard batches.put(batch) else { return }
                    batch = RowBatch(capacity: 4096)
                }
            }
            batches.put(batch)
            finished.put((sectionRows, grams))
            batches.close()
        }
        producer.start()
        defer { batches.close() }
        try database.transaction(.write) {
            try holdMerges()
            try gramBits.choose(patterns, contacts: count)
            // Rows come in list order: the order is written whole, then copied in packed.
            try beginPackedOrder()
            var written = 0
            // Each row's notes lines, for the order saved at the end.
            var lines: [UInt8] = []
            lines.reserveCapacity(count)
            do {
                // Three statements run together row by row, each to its end (`run()` resets
                // it), so none is ever left on a row when the order is copied.
                let insert = try database.statement(ContactField.insertSQL)
                let order = try database.statement(SQLiteContactStore.packedOrderInsertSQL)
                // The search index keeps the segments it writes unmerged until the end, then
                // merges them once: far faster than merging as they come.
                let search = try database.statement(SQLiteContactStore.searchInsertSQL)
                while let batch = batches.take() {
                    lines += batch.lines
                    try batch.write(
                        with: insert, order: order, search: search, firstPosition: written, firstID: firstID)
                    let before = written
                    written += batch.count
                    if written / 100_000 > before / 100_000 { progress?(written / 100_000 * 100_000) }
                }
            }
            guard let made = finished.take(), written == count else {
                throw ContactsError.inconsistent("seeding stopped after \(written) of \(count)")
            }
            try endPackedOrder()
            try mergeOnce()
            try gramBits.store(made.grams)
            try writeSections(rows: made.sectionRows)
            try recordIndexedRegion()
            try database.execute(
                """
                UPDATE roster_meta SET value = value + 1 WHERE key = 'data_version';
                UPDATE roster_meta SET value = \(firstID + count) WHERE key = 'next_id';
                """)
            // Rows were written in list order with ids in that order: the order is known.
            try saveOrder(version: dataVersion()) { emit in
                for (position, rowLines) in lines.enumerated() { emit(firstID + position, Int(rowLines)) }
            }
        }
    }

    /// Writes the per-section counts and first rows, in list order.
    func writeSections(rows: [Int]) throws {
        let sql = "UPDATE sections SET rows = :rows, first_row = :first_row WHERE section = :section"
        try database.withStatement(sql) { update in
            var firstRow = 0
            for (section, count) in rows.enumerated() {
                update.bind(section, to: ":section")
                update.bind(count, to: ":rows")
                update.bind(firstRow, to: ":first_row")
                try update.run()
                firstRow += count
            }
        }
    }
}
