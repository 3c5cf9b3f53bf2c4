import Contacts

/// The contacts of a window's rows, in row order: each the fields of its entry's
/// contact at the entry's revision, from `PostgresRowCache` or read for this
/// window. A row whose contact was not found (nil) is no row.
final class PostgresRows: ContactRows {
    private let first: Int
    private let contacts: [CachedContact?]
    private var current: CachedContact?

    /// The rows from `first` on, one per entry of the window.
    init(first: Int, contacts: [CachedContact?]) {
        self.first = first
        self.contacts = contacts
    }

    func move(to position: Int) throws -> Bool {
        let index = position - first
        guard index >= 0, index < contacts.count, let contact = contacts[index] else { return false }
        current = contact
        return true
    }

    var id: Int { current?.id ?? 0 }

    func bytes(_ field: ContactField) -> UnsafeBufferPointer<UInt8> {
        current?.bytes(field) ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    func bool(_ field: ContactField) -> Bool { field == .favorite && current?.favorite == true }

    func close() { current = nil }
}
