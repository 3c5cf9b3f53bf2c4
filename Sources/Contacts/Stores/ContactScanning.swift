/// Every contact in list order, a batch at a time, from one read of one version
/// (an export).
public protocol ContactScanning: AnyObject {
    /// The next `limit` contacts' fields in list order; empty at the end.
    func next(limit: Int) throws -> [ContactFields]
    /// Ends the read.
    func close()
}
