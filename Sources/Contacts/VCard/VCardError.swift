/// A card the vCard reader could not read, or text outside any card: where it
/// is and why. The reader goes on with the next card; the caller decides
/// whether to skip the card or abort the import.
public struct VCardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line (1-based, physical) the problem was found on.
    public var line: Int
    /// The line of the card's `BEGIN:VCARD` (`line` itself for text outside cards).
    public var cardLine: Int
    /// What is wrong, for a person.
    public var message: String

    public init(line: Int, cardLine: Int, message: String) {
        self.line = line
        self.cardLine = cardLine
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
