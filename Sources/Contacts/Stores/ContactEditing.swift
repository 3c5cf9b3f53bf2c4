/// Single contact writes, each one transaction that moves the data version on
/// and hands the list's next state to `prepare` just before it commits.
///
/// Every update keeps the contact's revision before it in the contact's history
/// (its last `ContactEdit.keptRevisions`), which `merge` reads; every delete keeps
/// the contact as a tombstone for `ContactEdit.undoSeconds`, which `restore` reads.
/// Tombstones past that are purged, with their history, by a write at most
/// `ContactEdit.purgeSeconds` after.
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
    /// Changes contact `id`, read by the writer at `revision`, to what `change` makes
    /// of its fields then (at `revision`, from its history) and now (with its
    /// revision): a three-way merge. Refuses with `.staleRevision` when the fields at
    /// `revision` are not kept (never its revision, or too old).
    func merge(
        id: Int, since revision: Int, base: ContactEdit.Base, prepare: ContactEdit.Prepare,
        change: (_ then: ContactFields, _ now: Contact) throws -> ContactFields
    ) throws -> ContactEdit.Outcome
    /// Deletes contact `id` (with `ifRevision`, only if it is still at that revision),
    /// keeping it as a tombstone that `restore` can bring back.
    func delete(
        id: Int, ifRevision: Int?, base: ContactEdit.Base, prepare: ContactEdit.Prepare
    ) throws -> ContactEdit.Outcome
    /// Brings back contact `id`, deleted at most `ContactEdit.undoSeconds` ago, with
    /// its id, fields and star, at a new revision. Refuses with `.contactExists` when
    /// it is in the list, `.contactNotFound` when there is no such tombstone.
    func restore(id: Int, base: ContactEdit.Base, prepare: ContactEdit.Prepare) throws -> ContactEdit.Outcome
    /// Applies `change` to each contact of `ids` in one transaction that makes one data
    /// version (docs/api.md, "Bulk actions"), as its single write would (history kept, a
    /// deleted contact kept as a tombstone). Ids the list does not show, ids marked as
    /// added after data version `addedAfter` (when given), and contacts the change would
    /// leave as they are, are skipped: the outcome lists the ids changed.
    func bulk(
        _ change: BulkChange, ids: [Int], addedAfter: Int?, base: ContactEdit.Base,
        prepare: ContactEdit.Prepare
    ) throws -> ContactEdit.BulkOutcome

    /// Keeps `photo` under its digest (once: one kept already stays), so that a write after
    /// can name it (docs/api.md, "Photos"). A photo no contact names is collected by a later
    /// write's purge, `PhotoCollection.graceSeconds` after it was kept at the earliest.
    func keepPhoto(_ photo: StoredPhoto) throws
    /// One short step of the upkeep a store leaves out of its writes so that none
    /// waits for it (SQLite: merging the search index's segments); the writer runs
    /// steps while no write comes. Returns whether more remains.
    func upkeepStep() throws -> Bool
}

extension ContactEditing {
    /// No upkeep: a store that needs none (PostgreSQL keeps its own indexes).
    public func upkeepStep() throws -> Bool { false }
}
