/// Single contact writes, each one transaction that moves the data version on
/// and hands the list's next state to `prepare` just before it commits.
public protocol ContactEditing: AnyObject {
    /// Adds a contact; returns it with its new id, row and revision.
    func insert(
        _ fields: ContactFields, base: ContactEdit.Base, prepare: ContactEdit.Prepare
    ) throws -> ContactEdit.Outcome
    /// Changes contact `id` to what `change` makes of its fields; with `ifRevision`,
    /// refuses with `.staleRevision` unless the contact is still at that revision.
    func update(
        id: Int, ifRevision: Int?, base: ContactEdit.Base, prepare: ContactEdit.Prepare,
        change: (ContactFields) throws -> ContactFields
    ) throws -> ContactEdit.Outcome
    /// Deletes contact `id` (with `ifRevision`, only if it is still at that revision).
    func delete(
        id: Int, ifRevision: Int?, base: ContactEdit.Base, prepare: ContactEdit.Prepare
    ) throws -> ContactEdit.Outcome
}
