import HTTP
import ReuseEngine
import Storage

/// `GET /window`: the reuse engine run for the client's session over the current
/// layout, with the entering contacts read by position and rendered.
final class WindowHandler {
    private let reader: StoreReader
    private let catalog: Catalog
    private let sessions: SessionStore
    private let metrics: Metrics
    /// Earlier states each session keeps for deltas (API.md's `ack`).
    static let historyLimit = 8

    /// This loop's copy of the catalog's snapshot.
    private var snapshot: ListSnapshot

    init(reader: StoreReader, catalog: Catalog, sessions: SessionStore, metrics: Metrics) {
        snapshot = catalog.current
        self.reader = reader
        self.catalog = catalog
        self.sessions = sessions
        self.metrics = metrics
    }

    func handle(_ request: Request) throws -> Response {
        let query = try WindowQuery(request.queryItems())
        if catalog.version != snapshot.version { snapshot = catalog.current }
        let known = query.session.flatMap(SessionID.init).flatMap { sessions.lookup($0) }
        let entry =
            known
            ?? SessionEntry(
                id: SessionID.random(),
                session: ReuseSession(layout: snapshot.layout, historyLimit: Self.historyLimit),
                version: snapshot.version)
        // A session another loop moved to newer data than this loop has seen: catch up first.
        if let known, known.state.withLock({ $0.version }) > snapshot.version { snapshot = catalog.current }
        let snapshot = self.snapshot
        let offset = Self.offset(of: query, in: snapshot.layout)
        if known == nil { sessions.insert(entry) }
        let viewport = Viewport(offset: offset, height: query.height, overscan: query.overscan)
        let (update, created, reused) = entry.state.withLock { state in
            if state.version < snapshot.version {
                // The data changed: the old item indices mean nothing now. Start over (full).
                state.session.reload(layout: snapshot.layout)
                state.version = snapshot.version
            }
            let before = (state.session.pool.created, state.session.pool.reused)
            let update = state.session.advance(to: viewport, ack: known == nil ? nil : query.ack)
            return (
                update, state.session.pool.created.minus(before.0), state.session.pool.reused.minus(before.1)
            )
        }
        try reader.pin(to: snapshot.version)
        let rows = update.cells.compactMap(\.item.row)
        let cursor = try rows.first.map { first in try reader.store.cursor(at: first..<(rows.last! + 1)) }
        defer { cursor?.close() }
        metrics.observeSlots(created: created, reused: reused)
        let body = try WindowRenderer(snapshot: snapshot, contacts: cursor).render(
            update, session: entry.id.text, offset: offset)
        var response = Response.json(body)
        response.headers.add("Cache-Control", "no-store")
        return response
    }

    /// The offset the window is laid out for: the requested one, or for `row=N`
    /// row N's top, moved up to the end of the list when fewer than `height` px
    /// follow it (API.md's scroll-to-index). A row past the last one gives the
    /// list's last window, as scrolling past the end does: a client cannot know
    /// the total before its first answer, and the data may shrink under it.
    /// - Complexity: O(log sections).
    static func offset(of query: WindowQuery, in layout: ListLayout) -> Double {
        guard let row = query.row else { return query.offset }
        let end = Double(layout.contentHeight) - query.height
        guard let top = layout.top(ofRow: row) else { return max(0, end) }
        return max(0, min(Double(top), end))
    }
}
