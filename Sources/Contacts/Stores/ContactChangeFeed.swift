/// A connection told of other servers' writes to a shared database, and a source to
/// read them through (the primary's: a replica may not have them yet). Belongs to
/// one thread, as a source does.
public protocol ContactChangeFeed: AnyObject {
    /// Where the changes are read.
    var source: any ContactSource { get }
    /// Whether another server wrote since the last call (notifications came).
    func changed() throws -> Bool
}
