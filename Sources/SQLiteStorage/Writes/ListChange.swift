/// One single write as a change of the list: the contact's place taken out (its
/// old key) and/or put in (its new key, with its notes lines).
struct ListChange: Sendable, Equatable {
    /// The data version the write made.
    let version: Int
    let id: Int
    /// The key it had (nil: it is new).
    let oldKey: [UInt8]?
    /// The key it has (nil: it was deleted).
    let newKey: [UInt8]?
    let lines: Int
}
