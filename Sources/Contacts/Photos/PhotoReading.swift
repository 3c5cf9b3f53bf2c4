/// A connection that reads stored photos by digest (docs/api.md, "Photos"): what the thumbnail
/// workers and the exports read through. Like a connection, it belongs to one thread at a time.
public protocol PhotoReading: AnyObject {
    /// The photo stored under `digest`, or nil when none is.
    func photo(_ digest: String) throws -> StoredPhoto?
}

/// When photos no contact names are collected (docs/api.md, "Photos"): a photo stored
/// less than `graceSeconds` ago is kept (an upload or an import may be about to name it), and
/// so is one a deleted contact's tombstone names (it may be restored).
public enum PhotoCollection {
    public static let graceSeconds = ContactEdit.undoSeconds
}
