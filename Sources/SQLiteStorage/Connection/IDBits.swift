/// Where `roster_ids(x)` sets its bits: one per connection, pointing into a set
/// while a statement gathering ids runs.
struct IDBits {
    var words: UnsafeMutablePointer<UInt64>?
    var capacity = 0
}
