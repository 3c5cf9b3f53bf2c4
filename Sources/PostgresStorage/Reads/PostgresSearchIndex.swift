import Contacts
import Foundation
import Synchronization

/// The newest `SearchTexts` of a process, shared by its readers: a search at data
/// version V is matched in memory against the texts of exactly V, which the
/// newest held becomes by applying the writes logged since (`roster_changes`),
/// their texts read by the search's own read of V. A version no write logged (a
/// seed, an import), too many versions behind, or none built yet: the texts are
/// read anew on a thread of their own, and meanwhile searches are PostgreSQL's
/// (`PostgresReads.matches`), as they are for a version older than the newest held.
public final class PostgresSearchIndex: Sendable {
    private let url: String
    private let newest = Mutex<SearchTexts?>(nil)
    private let building = Atomic<Bool>(false)
    private let log: @Sendable (String) -> Void

    /// Contacts fetched a round trip while the texts are read whole.
    static let batch = 20_000

    /// Texts read from the database at `url` (the primary), when `build()` is called.
    public init(url: String, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.url = url
        self.log = log
    }

    /// The texts of exactly `reads`' version, or nil when they cannot be had now.
    func texts(at reads: PostgresReads) throws -> SearchTexts? {
        guard let held = newest.withLock({ $0 }) else {
            build()
            return nil
        }
        if held.version == reads.version { return held }
        guard held.version < reads.version else { return nil }
        guard reads.version - held.version <= PostgresReads.maxChanges,
            let changed = try reads.changedIDs(after: held.version)
        else {
            build()
            return nil
        }
        let next = held.applying(try reads.searchTexts(of: changed), version: reads.version)
        install(next)
        return next
    }

    private func install(_ texts: SearchTexts) {
        newest.withLock { newest in
            if (newest?.version ?? -1) < texts.version { newest = texts }
        }
    }

    /// Reads every contact's text anew on a thread of its own (unless a read is
    /// under way), at the version its read sees.
    public func build() {
        guard
            building.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
                .exchanged
        else { return }
        let thread = Thread { [self] in
            defer { building.store(false, ordering: .releasing) }
            do {
                let started = Date()
                let texts = try readAll()
                install(texts)
                log(
                    "roster: search texts of \(texts.count) contacts (\(texts.bytes >> 20) MB) at version "
                        + "\(texts.version) read in \(String(format: "%.1f", Date().timeIntervalSince(started))) s"
                )
            } catch {
                log("roster: cannot read the search texts (\(error)); searches are PostgreSQL's")
            }
        }
        thread.name = "roster-search-texts"
        thread.start()
    }

    /// Every contact's text in one read, a batch at a time.
    func readAll() throws -> SearchTexts {
        let connection = try PostgresConnection(url: url)
        let version = try connection.begin(.snapshot, then: PostgresReads.versionSQL).int(0, 0)
        defer { try? connection.rollback() }
        try connection.execute(
            "DECLARE texts NO SCROLL CURSOR FOR SELECT id, search FROM contacts ORDER BY id")
        var builder = SearchTexts.Builder()
        while true {
            let result = try connection.query("FETCH \(Self.batch) FROM texts")
            for row in 0..<result.count { builder.append(id: result.int(row, 0), text: result.bytes(row, 1)) }
            if result.count < Self.batch { break }
        }
        return builder.finish(version: version)
    }

    /// The version of the newest texts held (nil: none yet).
    public var version: Int? { newest.withLock { $0?.version } }
}
