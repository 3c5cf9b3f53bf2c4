import Phones

/// A merge import's table of match keys (`ContactMatch.keys`): the stored contacts'
/// ones, read once as the import begins, and those of the contacts it adds, so that
/// the file's own repeats merge too. The first contact of each key wins. Each store
/// keeps one per import (`ImportMode.merge`), with the list's phone region.
public struct MatchKeys: Sendable {
    private var ids: [String: Int] = [:]
    /// Where the phones of the keys are read (`ContactMatch.keys`).
    public let region: PhoneRegion

    /// An empty table, its phones read in `region`.
    public init(region: PhoneRegion) { self.region = region }

    /// Remembers the keys of `fields`, contact `id`'s, where no earlier contact holds them.
    public mutating func remember(_ fields: ContactFields, id: Int) {
        for key in ContactMatch.keys(fields, region: region) where ids[key] == nil { ids[key] = id }
    }

    /// The contact `fields` matches, if any: the one of its strongest key known.
    public func match(_ fields: ContactFields) -> Int? {
        for key in ContactMatch.keys(fields, region: region) {
            if let id = ids[key] { return id }
        }
        return nil
    }
}
