import Contacts

extension Array where Element == SectionInfo {
    /// The section titled `title` (a label of the list locale's index, or `#`).
    public subscript(title title: String) -> SectionInfo {
        first { $0.title == title }!
    }
}
