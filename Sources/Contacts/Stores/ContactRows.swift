/// Contacts in row order with their fields as UTF-8 bytes, for the window hot
/// path: no `String` per field. A field's bytes are valid until the cursor moves
/// or closes.
public protocol ContactRows: AnyObject {
    /// Moves to the row at `position`: true when it exists. Positions must be
    /// asked for in increasing order.
    func move(to position: Int) throws -> Bool
    /// Id of the current row.
    var id: Int { get }
    /// The UTF-8 bytes of text `field` in the current row.
    func bytes(_ field: ContactField) -> UnsafeBufferPointer<UInt8>
    /// The value of boolean `field` in the current row.
    func bool(_ field: ContactField) -> Bool
    /// Ends the read.
    func close()
}
