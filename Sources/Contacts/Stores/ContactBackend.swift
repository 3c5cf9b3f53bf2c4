import Phones

/// A database of contacts, whichever store keeps it (a SQLite file, or PostgreSQL),
/// as the server, `roster seed` and `roster import` use it: the one seam between the
/// application and the stores. Making one is cheap (nothing is opened); a server
/// calls `prepareToServe` once before anything else it serves through.
public protocol ContactBackend: Sendable {
    /// Other servers may write the same database (PostgreSQL): a server follows their
    /// writes (`openChangeFeed()`) and seeds an empty one only when asked to (another
    /// server may be seeding it). False for a file only this process serves (SQLite).
    var isShared: Bool { get }
    /// How a log line names the database: the file's path, or the kind of server (a
    /// URL may hold a password).
    var name: String { get }
    /// The region the list's phones are read in (docs/api.md, "Phone numbers"): for
    /// search texts, merge keys and how numbers are shown.
    var phoneRegion: PhoneRegion { get }

    /// Brings the database up to date with the migrations (creating a new file).
    func migrate() throws
    /// Makes the list's sort keys and sections those of its locale (migrated first): the locale
    /// asked for when the backend was made, else the one the list has, else
    /// `ListLocale.fromEnvironment`; rebuilt when the list's were made in another locale or by
    /// another ICU (progress logged). Returns that locale. `prepareToServe` and `seed` do it
    /// first; `roster import` calls it before it reads.
    func settleLocale() throws -> ListLocale
    /// The list's locale once settled (`settleLocale()`), else the one the list has.
    var locale: ListLocale { get }
    /// Whether the database, migrated first, holds no contacts.
    func isEmpty() throws -> Bool
    /// Fills the empty database with `count` synthetic contacts drawn from
    /// `randomSeed` (`roster seed`; migrated first); `progress` is told how many are
    /// written, at least every 100,000.
    /// - Throws: `ContactsError.notEmpty` when it holds contacts.
    func seed(count: Int, randomSeed: UInt64, notesPercent: Int, progress: @escaping (Int) -> Void) throws

    /// Readies the database for serving, once, before the calls below: migrated, what
    /// interrupted imports left removed, whatever the store keeps beside the contacts
    /// built, and, when empty, seeded with `seed` contacts (none for 0; `progress`
    /// told how far). Calls `loading()` before the list is read, and returns it.
    func prepareToServe(seed: Int, progress: @escaping (Int) -> Void, loading: () -> Void) throws -> ListState
    /// A new read connection, one per event loop.
    func openSource() throws -> any ContactSource
    /// The connection of the server's one writer of single contacts; `newest` is the
    /// newest list the server holds, which the writer may start from.
    func makeEditor(newest: @escaping @Sendable () -> ListState?) throws -> sending any ContactEditing
    /// Whether writes leave a log to copy into the database afterwards (`checkpoint()`).
    var checkpointsAfterWrites: Bool { get }
    /// Copies what writes left in the log into the database without waiting for any
    /// reader, on a connection of its own so that no write waits for it.
    func checkpoint()
    /// An import's connection in the server.
    func openImporter() throws -> any ImportTarget
    /// An import's connection in a process beside any server (`roster import`): its
    /// writes leave a server's writes the gaps between them.
    func openCommandImporter() throws -> any ImportTarget
    /// After an import's answer has gone out, on its connection: what it left
    /// invisible removed, what it left to merge merged, its log copied once readers
    /// have moved on. True when the writer has upkeep to do after it
    /// (`ContactEditing.upkeepStep()`).
    func settleImport(_ target: any ImportTarget) -> Bool
    /// Removes what imports left invisible (a replaced list, all of a failed import),
    /// freeing its space: after an import refused for a full disk, or whose client left.
    func collectImportLeftovers() throws
    /// After `roster import`: what the import left invisible removed and what it
    /// left to merge merged.
    func tidyAfterImport()
    /// A connection reading stored photos (docs/api.md, "Photos"), for a thread of its own.
    func openPhotoReader() throws -> any PhotoReading
    /// An export's read of every contact in list order.
    func openScan() throws -> any ContactScanning
    /// How searches, labels and favourites are scanned.
    var searcher: any ContactSearching { get }
    /// A connection told of other servers' writes (nil when none write: not `isShared`).
    func openChangeFeed() throws -> (any ContactChangeFeed)?
    /// Keeps `state` for the next start to read instead of the whole order, when
    /// serving stops (a store that reads its list whole each start keeps nothing).
    func saveOrder(_ state: ListState) throws
}
