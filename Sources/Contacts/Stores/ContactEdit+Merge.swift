extension ContactEdit {
    /// The fields a write read at `revision` merges into, for a contact now at
    /// `now`: `change` of its fields then (its current ones when `revision` is
    /// current, else the kept revision `kept` finds) and now. Every store's `merge`
    /// applies this rule; only where the kept revisions are read differs.
    /// - Throws: `ContactsError.staleRevision` when `revision` is not kept.
    public static func merged(
        since revision: Int, now: Contact, kept: (Int) throws -> ContactFields?,
        change: (_ then: ContactFields, _ now: Contact) throws -> ContactFields
    ) throws -> ContactFields {
        if revision == now.revision { return try change(now.fields, now) }
        guard let then = try kept(revision) else {
            throw ContactsError.staleRevision(id: now.id, current: now.revision)
        }
        return try change(then, now)
    }
}
