/// Scans asked of the source itself, in one read: for a store that answers each in one query.
public struct SourceSearch: ContactSearching {
    /// The source's own scans.
    public init() {}

    public func matches(_ words: [String], store: any ContactSource, version: Int) throws -> ContactIDSet {
        try store.matches(words, ids: nil)
    }

    public func labelled(_ name: String, store: any ContactSource, version: Int) throws -> ContactIDSet {
        try store.labelled(name)
    }

    public func favorites(store: any ContactSource, version: Int) throws -> ContactIDSet {
        try store.favorites()
    }
}
