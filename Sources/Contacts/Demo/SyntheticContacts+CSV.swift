extension SyntheticContacts {
    /// The same contacts `SQLiteContactStore.seed` writes, as CSV with a header line, in
    /// chunks of about `chunkSize` bytes, in list order in `locale`: for anchoring the seed and
    /// import against other tools on identical data.
    public func csv(
        count: Int, in locale: ListLocale = .english, chunkSize: Int = 1 << 20,
        _ consume: ([UInt8]) throws -> Void
    ) rethrows {
        var writer = CSVWriter()
        writer.write(ContactFields.csvHeader)
        for (row, draw) in drawsInListOrder(count: count, in: locale).draws.enumerated() {
            writer.write(fields(of: draw, row: row).csvRecord)
            if writer.bytes.count >= chunkSize { try consume(writer.take()) }
        }
        try consume(writer.take())
    }
}
