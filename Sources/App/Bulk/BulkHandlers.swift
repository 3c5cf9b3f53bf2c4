import Codecs
import Contacts
import HTTP
import Phones

/// `POST /contacts/bulk`, `POST /contacts/bulk/undo` and the exports of a selection,
/// `POST /export.csv` and `POST /export.vcf` (docs/api.md, "Bulk actions"): authorized like
/// the other writes and exports, each action one transaction through the process's
/// `ContactWriter`, so a live list sees one change.
struct BulkHandlers {
    let reader: StoreReader
    let catalog: Catalog
    let searches: SearchCache
    let writer: ContactWriter
    let gate: WriteGate
    let undo: BulkUndoRegistry
    /// Opens the read connection an export streams from.
    let openSource: @Sendable () throws -> any ContactSource
    /// The list's phone region, for a view's `q`.
    let region: PhoneRegion

    /// 200 `{"affected", "version", "undo"}`.
    func bulk(_ request: Request) throws -> Response {
        try gate.authorizeWrite(request.head, action: "contact changes", client: request.client)
        let parsed = try BulkRequest.parse(request.body, region: region)
        let snapshot = try reader.newestSnapshot()
        if case .removeLabel(let name) = parsed.change {
            let key = ContactLabels.key(name)
            guard try reader.store.labelCounts().contains(where: { ContactLabels.key($0.name) == key }) else {
                throw BulkSelection.invalid("label", "no contact has the label '\(name.prefix(100))'")
            }
        }
        let ids = try Self.resolve(parsed.select, in: snapshot, reading: reader.store, searches: searches)
        let outcome = try ContactWriteHandlers.refusing {
            try writer.writeBulk { editor, base, prepare in
                try editor.bulk(
                    parsed.change, ids: ids, addedAfter: parsed.select.version, base: base, prepare: prepare)
            }
        }
        let token = undo.register(undoing: parsed.change, ids: outcome.changed)
        var json = JSONWriter()
        json.object { json in
            json.field("affected", outcome.changed.count)
            json.field("version", outcome.state.version)
            json.field("undo", token)
        }
        return .json(json.bytes)
    }

    /// 200 `{"affected", "version"}`; 410 `gone` naming `undo` for a token unknown,
    /// used, or past its 10 minutes.
    func undoBulk(_ request: Request) throws -> Response {
        try gate.authorizeWrite(request.head, action: "contact changes", client: request.client)
        let json = try BulkRequest.object(request.body)
        guard case .string(let token) = json.value["undo"] else {
            throw BulkSelection.invalid("undo", "undo must be the token a bulk action answered")
        }
        guard let entry = undo.take(token) else {
            throw HTTPError(
                410, "gone",
                "this undo token is unknown, used, or older than \(ContactEdit.undoSeconds / 60) minutes",
                field: "undo")
        }
        let outcome: ContactEdit.BulkOutcome
        do {
            outcome = try ContactWriteHandlers.refusing {
                try writer.writeBulk { editor, base, prepare in
                    try editor.bulk(
                        entry.change, ids: entry.ids, addedAfter: nil, base: base, prepare: prepare)
                }
            }
        } catch {
            undo.putBack(token, entry)
            throw error
        }
        var body = JSONWriter()
        body.object { body in
            body.field("affected", outcome.changed.count)
            body.field("version", outcome.state.version)
        }
        return .json(body.bytes)
    }

    /// The selection's contact ids: as named (`ids`), or the view's in list order.
    /// - Throws: 422 naming `between` when one of its ids is not in the view.
    static func resolve(
        _ select: BulkSelection, in snapshot: ListSnapshot, reading store: any ContactSource,
        searches: SearchCache
    ) throws -> [Int] {
        let view: ListSnapshot
        switch select.kind {
        case .ids(let ids): return ids
        case .between, .all: view = try searches.results(for: select.view, in: snapshot, reading: store)
        }
        switch select.kind {
        case .ids(let ids): return ids
        case .between(let first, let last):
            var rows: [Int] = []
            for id in [first, last] {
                guard let row = try view.row(ofContact: id, reading: store) else {
                    throw BulkSelection.invalid(
                        "between",
                        "contact \(id) is not in the list\(select.view.isEmpty ? "" : " this view shows")")
                }
                rows.append(row)
            }
            return view.entries(in: rows.min()!..<(rows.max()! + 1)).map { Int($0.id) }
        case .all(let except):
            let skipped = Set(except)
            return view.entries(in: 0..<view.total).lazy.map { Int($0.id) }.filter { !skipped.contains($0) }
        }
    }

    /// The selection (`{"select": ...}`) streamed as CSV or vCards, in list order.
    func export(_ request: Request, format: ExportSource.Format) throws -> Response {
        try gate.authorizeExport(request.head, client: request.client)
        let json = try BulkRequest.object(request.body)
        if let unknown = json.members.first(where: { $0.key != "select" }) {
            throw BulkSelection.invalid(
                unknown.key, "an export takes select alone, not '\(unknown.key.prefix(40))'")
        }
        let select = try BulkSelection.parse(json.value["select"], region: region)
        let source = try openSource()
        let seen = try source.pin()
        let snapshot = try catalog.snapshot(for: seen) ?? ListSnapshot(store: source)
        // The view as the client saw it, while this process holds that version: contacts
        // added since are not in it.
        let seenByClient = select.version.flatMap { catalog.snapshot(for: $0) } ?? snapshot
        var ids = try Self.resolve(select, in: seenByClient, reading: source, searches: searches)
        if case .ids = select.kind {
            var named = Set<Int>()
            ids = ids.filter { named.insert($0).inserted }
        }
        let scan = SelectionScan(source: source, order: snapshot.order, ids: ids)
        let (type, name) = format == .csv ? ("text/csv", "contacts.csv") : ("text/vcard", "contacts.vcf")
        return Response(
            headers: [
                "Content-Type": "\(type); charset=utf-8",
                "Content-Disposition": "attachment; filename=\"\(name)\"",
                "Cache-Control": "no-store",
            ],
            stream: ExportSource(scan: scan, format: format))
    }
}
