/// How a server runs a search's, a label's and the favourites' scans over an event
/// loop's source, whose pinned read sees `version`: a store may split a long scan
/// over connections of its own (SQLite), or leave it to its source (a database
/// server answers each in one query, `SourceSearch`).
public protocol ContactSearching: Sendable {
    /// The contacts every word of `words` finds, read at `version`, which `store`'s pinned read sees.
    func matches(_ words: [String], store: any ContactSource, version: Int) throws -> ContactIDSet
    /// The contacts holding label `name`, read at `version`, which `store`'s pinned read sees.
    func labelled(_ name: String, store: any ContactSource, version: Int) throws -> ContactIDSet
    /// The starred contacts, read at `version`, which `store`'s pinned read sees.
    func favorites(store: any ContactSource, version: Int) throws -> ContactIDSet
}
