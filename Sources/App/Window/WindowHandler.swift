import Contacts
import HTTP
import Phones
import Platform
import Requests
import ReuseEngine

/// `GET /window`: the reuse engine run for the client's session over the list
/// snapshot its read sees (or a filtered list of it: `q`, `filter`, `label`), with items named by
/// contact id (identity-based reuse), the window anchored across data changes,
/// and the contacts to send read by id from that same version. A request that
/// sends `rtt` or `speed` gets a lookahead in its direction of motion (`Prefetch`,
/// from the session's recent offsets and the time of the request) and the
/// geometry of the rows past its window (`beyond`).
final class WindowHandler {
    private let reader: StoreReader
    private let catalog: Catalog
    private let sessions: SessionStore
    private let metrics: Metrics
    private let searches: SearchCache
    /// The list's phone region, for phone queries (`WindowQuery.search(_:region:)`).
    private let region: PhoneRegion
    private let clock: MonotonicClock
    /// Earlier states each session keeps for deltas (the contract's `ack`).
    static let historyLimit = 8
    /// The bounds of a lookahead: 8,000 px and 150 items past the window as asked.
    static let prefetchLimits = Prefetch.Limits(pixels: 8_000, items: 150)

    init(
        reader: StoreReader, catalog: Catalog, sessions: SessionStore, metrics: Metrics,
        searches: SearchCache, region: PhoneRegion,
        clock: MonotonicClock = .system
    ) {
        self.clock = clock
        self.region = region
        self.reader = reader
        self.catalog = catalog
        self.sessions = sessions
        self.metrics = metrics
        self.searches = searches
    }

    /// What one session step gives the renderer.
    private struct Step {
        let update: WindowUpdate
        let offset: Double
        /// The row `row=` or `name=` placed the window by.
        let row: Int?
        let entries: [OrderEntry]
        let firstRow: Int
        let created: KindCounts
        let reused: KindCounts
        let prefetch: PrefetchLedger.Outcome
        /// What the slots showed at the update's base (`ShownContent`), if known.
        var shown: [UInt64]? = nil
        /// The layout the session stepped on (the list's, with its expanded rows).
        let layout: ListLayout
        /// The lines of the expanded contacts, by id.
        let expanded: [Int: [String]]
    }

    func handle(_ request: Request) throws -> Response {
        do {
            // The server's clock is the system's, which the store's version fence reads too.
            return try answer(request, sentBy: request.sentBy ?? MonotonicClock.system.nanoseconds())
        } catch ContactsError.versionGone {
            // A row it shows was written while it was read: again, from a read of its own.
            return try answer(request, sentBy: nil)
        }
    }

    /// The window `request` asks for, from the list a request sent by `sentBy` may be
    /// answered from (`StoreReader.snapshot(atLeast:sentBy:)`; nil: a read of its own).
    private func answer(_ request: Request, sentBy: UInt64?) throws -> Response {
        let query = try WindowQuery(request.queryItems(), region: region)
        let id = query.session.flatMap(SessionID.init)
        // A session belongs to its filter: another `q`, `filter` or `label` answers full.
        let known = id.flatMap { sessions.lookup($0) }.flatMap { $0.filter == query.filter ? $0 : nil }
        var wanted = max(catalog.version, known?.state.withLock { $0.version } ?? 0)
        var snapshot = try list(for: query, atLeast: wanted, sentBy: sentBy)
        // An unknown (expired, or another server's) session keeps its id: a load
        // balancer routing by `session` keeps sending it here.
        let entry =
            known
            ?? SessionEntry(
                id: id ?? SessionID.random(), filter: query.filter,
                session: ReuseSession(layout: snapshot.layout, historyLimit: Self.historyLimit),
                version: snapshot.version)
        if known == nil { sessions.insert(entry) }
        var step: Step?
        while step == nil {
            step = try entry.state.withLock { state in
                // Another loop moved this session to data newer than this loop's read.
                guard state.version <= snapshot.version else {
                    wanted = state.version
                    return nil
                }
                var step = try advance(&state, to: query, in: snapshot, known: known != nil)
                step.shown = step.update.base.flatMap { state.shown.digests(at: $0) }
                return step
            }
            if step == nil { snapshot = try list(for: query, atLeast: wanted, sentBy: sentBy) }
        }
        guard let step else { throw HTTPError(500, "internal", "no window step") }
        metrics.observeSlots(created: step.created, reused: step.reused)
        if query.prefetching || step.prefetch != PrefetchLedger.Outcome() {
            metrics.observePrefetch(step.prefetch)
        }
        let cursor =
            step.entries.isEmpty || step.update.cells.allSatisfy({ $0.item.kind == .header })
            ? nil : try reader.store.rows(over: step.entries, firstRow: step.firstRow)
        defer { cursor?.close() }
        let highlight = query.search.isEmpty ? nil : SearchHighlight(words: query.search)
        let beyond = query.prefetching ? Beyond(query: query) : nil
        var sent: [(slot: Int, digest: UInt64)] = []
        let body = try WindowRenderer(
            snapshot: snapshot, layout: step.layout, contacts: cursor, highlight: highlight,
            shown: step.shown,
            expanded: step.expanded
        ).render(
            step.update, session: entry.id.text, offset: step.offset, row: step.row, beyond: beyond,
            sent: &sent)
        entry.state.withLock { $0.shown.record(step.update, sent: sent) }
        metrics.observeWindow(bytes: body.count)
        var response = Response.json(body)
        response.headers.add("Cache-Control", "no-store")
        return response
    }

    /// The list a query's window is laid out on: the snapshot of the read's version
    /// (at least `version`), or the results of its search in it.
    private func list(for query: WindowQuery, atLeast version: Int, sentBy: UInt64?) throws -> ListSnapshot {
        let snapshot =
            try sentBy.map { try reader.snapshot(atLeast: version, sentBy: $0) }
            ?? reader.snapshot(atLeast: version)
        return try searches.results(for: query.filter, in: snapshot, reading: reader.store)
    }

    /// Moves `state` to the window `query` asks for on `snapshot`: new data is
    /// applied (clients keep their slots), the offset anchored when the data changed
    /// since the client's `ack`, and every visible item named by its contact id.
    private func advance(
        _ state: inout SessionEntry.State, to query: WindowQuery, in snapshot: ListSnapshot, known: Bool
    ) throws -> Step {
        if !query.expand.isEmpty || !query.collapse.isEmpty {
            state.expansion.change(expand: query.expand, collapse: query.collapse)
        }
        // New data, or rows expanded or collapsed: the session's layout changes, and
        // the client's slots are kept and diffed by identity as for a write.
        if state.version < snapshot.version || (state.shape?.generation ?? 0) != state.expansion.generation {
            let shape = try SessionShape(snapshot, expansion: state.expansion, reading: reader.store)
            state.session.apply(layout: shape.layout)
            state.version = snapshot.version
            state.shape = shape
        }
        let layout = state.session.layout
        let expanded = state.shape?.lines ?? [:]
        var placed = query
        if let name = query.name {
            // Type-ahead: the row the name's first letters lead to, then as `row=`.
            placed.row = try snapshot.row(startingWith: name, reading: reader.store)
        }
        var offset = Self.offset(of: placed, in: layout)
        var shift = 0
        if known, placed.row == nil, let ack = query.ack, state.session.dataChanged(since: ack) {
            let anchor = try state.session.anchor(at: ack) { id in
                try snapshot.row(ofContact: id, reading: reader.store).flatMap(layout.top(ofRow:))
            }
            if let anchor {
                offset = max(0, anchor.offset(for: offset))
                shift = anchor.shift
            }
        }
        var viewport = Viewport(offset: offset, height: query.height, overscan: query.overscan)
        if query.prefetching {
            let now = clock.seconds()
            let plan = Prefetch.plan(
                viewport: viewport, history: state.motion, now: now, speed: query.speed,
                roundTrip: query.rtt.map { $0 / 1000 }, previous: known ? state.session.viewport : nil,
                limits: Self.prefetchLimits)
            viewport = viewport.extended(
                by: plan.capped(for: viewport, in: layout, limits: Self.prefetchLimits))
            state.motion.record(offset: offset, time: now)
        }
        let rows = layout.rows(in: layout.items(in: viewport))
        let firstRow = rows?.lowerBound ?? 0
        let entries = rows.map { snapshot.entries(in: $0.lowerBound..<($0.upperBound + 1)) } ?? []
        let before = (state.session.pool.created, state.session.pool.reused)
        let update = state.session.advance(to: viewport, ack: known ? query.ack : nil, shift: shift) { item in
            guard let row = item.row else { return .header(section: item.section) }
            let entry = entries[row - firstRow]
            // Expanding or collapsing changes what the row shows, as a write does.
            let open = expanded[Int(entry.id)] != nil ? 1 : 0
            return .contact(id: Int(entry.id), revision: Int(entry.revision) &* 2 &+ open)
        }
        return Step(
            update: update, offset: offset,
            row: placed.row.flatMap { layout.totalRows > 0 ? min($0, layout.totalRows - 1) : nil },
            entries: entries, firstRow: firstRow,
            created: state.session.pool.created.minus(before.0),
            reused: state.session.pool.reused.minus(before.1),
            prefetch: state.ledger.record(update, viewport: viewport), layout: layout, expanded: expanded)
    }

    /// The offset the window is laid out for: the requested one, or for `row=N`
    /// row N's top, moved up to the end of the list when fewer than `height` px
    /// follow it (the contract's scroll-to-index). A row past the last one gives the
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
