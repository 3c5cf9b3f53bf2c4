import Contacts

/// The contacts of a selection, a batch at a time, read by id through one pinned read of
/// one version (an export of a selection, `POST /export.csv`): those deleted since are left out.
final class SelectionScan: ContactScanning {
    private let source: any ContactSource
    private let order: ListOrder
    private let ids: [Int]
    private var next = 0
    private var closed = false

    /// A scan of `ids` in that order through `source`, pinned to the version of `order`.
    init(source: any ContactSource, order: ListOrder, ids: [Int]) {
        self.source = source
        self.order = order
        self.ids = ids
    }

    func next(limit: Int) throws -> [ContactFields] {
        var fields: [ContactFields] = []
        while fields.count < limit, next < ids.count {
            if let contact = try source.contact(id: ids[next], in: order) { fields.append(contact.fields) }
            next += 1
        }
        return fields
    }

    func close() {
        guard !closed else { return }
        closed = true
        try? source.release()
    }
}
