import Contacts
import Requests

/// What a request's filter keeps, found through the store (the request says which filter;
/// the app knows how to scan for it).
extension ListFilter {
    /// The contacts this filter keeps, read through `store` (whose pinned read sees
    /// the list's version), searching with `scanner`; nil for the whole list.
    func ids(scanner: any ContactSearching, store: any ContactSource, version: Int) throws
        -> ContactIDSet?
    {
        var kept: ContactIDSet?
        func narrow(_ found: () throws -> ContactIDSet) rethrows {
            if kept?.count == 0 { return }
            let ids = try found()
            if kept == nil {
                kept = ids
            } else {
                kept?.formIntersection(ids)
            }
        }
        if let label { try narrow { try scanner.labelled(label, store: store, version: version) } }
        if favorites { try narrow { try scanner.favorites(store: store, version: version) } }
        if !words.isEmpty { try narrow { try scanner.matches(words, store: store, version: version) } }
        return kept
    }
}
