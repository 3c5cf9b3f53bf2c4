/// Where an import writes: a store that opens the import's one transaction.
public protocol ImportTarget: AnyObject {
    /// Begins an import's transaction (replacing the list in `.replace` mode).
    func beginImport(mode: ImportMode) throws -> any ImportWriting
    /// The number of contacts now.
    func count() throws -> Int
}

/// One import: contacts added in file order (new ids), then all shown together
/// or none kept.
public protocol ImportWriting: AnyObject {
    /// Contacts added so far.
    var staged: Int { get }
    /// Stored contacts a `merge` import changed, and those it matched and left as they were.
    var updated: Int { get }
    var unchanged: Int { get }
    /// Adds one contact read from `line`, whose sort key and search text are made already.
    /// - Throws: `ContactsError.invalidContact` for a contact with neither first nor last name.
    func add(_ fields: ContactFields, key: ContactSortKey, document: String, line: Int) throws
    /// Keeps a photo the next contacts name by its digest (once: a digest kept already is
    /// left as it is). What no contact names once the import is over is collected later.
    func keepPhoto(_ photo: StoredPhoto) throws
    /// Hands `prepare` the list as it will be once committed, and commits. Returns that list.
    func commit(prepare: (ListState) throws -> Void) throws -> ListState
    /// Abandons the import: nothing of it is kept.
    func rollback()
    /// The rows are all added for now, and the next ones will take a while (the
    /// file is still being read): a moment to let other writers in.
    func waitsForRows() throws
}

extension ImportWriting {
    /// Nothing to do by default: a target that holds no lock between rows.
    public func waitsForRows() throws {}
}
