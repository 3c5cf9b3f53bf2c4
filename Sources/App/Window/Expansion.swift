import Requests

/// The contacts a session shows expanded (docs/api.md, "GET /window"): `expand=ID`
/// and `collapse=ID` change it, and every layout of the session lays those rows out
/// taller. It belongs to the contacts, not to rows or slots, so it follows a
/// contact wherever the list moves it.
struct Expansion: Sendable, Equatable {
    /// Most contacts a session keeps expanded: expanding one more collapses the one
    /// expanded longest ago (what `WindowQuery` lets a request name).
    static let limit = WindowQuery.maxExpanded

    /// The expanded contacts' ids, the longest expanded first.
    private(set) var ids: [Int] = []
    /// Adds one whenever `ids` changes: a layout built for another generation is stale.
    private(set) var generation = 0

    /// Whether contact `id` is expanded.
    /// - Complexity: O(k), k at most `limit`.
    func contains(_ id: Int) -> Bool { ids.contains(id) }

    /// Collapses `collapse`, then expands `expand` (an id in both ends up expanded),
    /// keeping at most `limit`.
    /// - Complexity: O(k × (expand + collapse)).
    mutating func change(expand: [Int], collapse: [Int]) {
        let before = ids
        ids.removeAll { collapse.contains($0) }
        for id in expand where !ids.contains(id) { ids.append(id) }
        if ids.count > Self.limit { ids.removeFirst(ids.count - Self.limit) }
        if ids != before { generation += 1 }
    }
}
