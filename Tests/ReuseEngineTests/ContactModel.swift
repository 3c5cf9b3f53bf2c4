import TestSupport

@testable import ReuseEngine

/// A list of contacts kept the slow, obviously right way: every contact in an
/// array sorted by section, sort key and id. Tests edit it at random and compare
/// the session's windows with what it lays out.
struct ContactModel: Equatable {
    struct Contact: Equatable {
        var id: Int
        var section: Int
        var key: Int
        var revision: Int
    }

    let sectionCount: Int
    private(set) var contacts: [Contact] = []
    private var nextID = 1
    /// Revisions come from one counter, so an edited contact never gets an old one back.
    private var nextRevision = 1

    init(sectionCount: Int, count: Int, random: inout SeededGenerator) {
        self.sectionCount = sectionCount
        for _ in 0..<count { insert(random: &random) }
    }

    var sectionCounts: [Int] {
        var counts = [Int](repeating: 0, count: sectionCount)
        for contact in contacts { counts[contact.section] += 1 }
        return counts
    }

    var layout: ListLayout { try! ListLayout(sectionCounts: sectionCounts) }

    var bruteForce: BruteForceLayout { BruteForceLayout(sectionCounts: sectionCounts) }

    /// What the caller hands the session: the identity of the item at a layout position.
    func identity(_ item: LayoutItem) -> ItemIdentity {
        guard let row = item.row else { return .header(section: item.section) }
        return .contact(id: contacts[row].id, revision: contacts[row].revision)
    }

    /// The identity of brute-force entry `entry` (its row's contact, or its section).
    func identity(of entry: BruteForceLayout.Entry) -> ItemIdentity {
        guard let row = entry.row else { return .header(section: entry.section) }
        return .contact(id: contacts[row].id, revision: contacts[row].revision)
    }

    func row(of id: Int) -> Int? { contacts.firstIndex { $0.id == id } }

    /// Contact `id`'s top in this model's layout, or nil when it is not in the list.
    func top(of id: Int) -> Int? { row(of: id).flatMap { layout.top(ofRow: $0) } }

    mutating func insert(random: inout SeededGenerator) {
        contacts.append(
            Contact(
                id: nextID, section: Int.random(in: 0..<sectionCount, using: &random),
                key: Int.random(in: 0..<1000, using: &random), revision: nextRevision))
        nextID += 1
        nextRevision += 1
        sort()
    }

    mutating func delete(row: Int) {
        contacts.remove(at: row)
    }

    /// A new name: another section or place in it, and a new revision.
    mutating func rename(row: Int, random: inout SeededGenerator) {
        contacts[row].section = Int.random(in: 0..<sectionCount, using: &random)
        contacts[row].key = Int.random(in: 0..<1000, using: &random)
        edit(row: row)
        sort()
    }

    /// New content (a phone number, a star) that does not move the contact.
    mutating func edit(row: Int) {
        contacts[row].revision = nextRevision
        nextRevision += 1
    }

    /// One to four random inserts, deletes, renames and edits, half of them near
    /// `near` (a row the client is likely to show), so they hit the window often.
    mutating func randomEdits(near: Int?, random: inout SeededGenerator) {
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            func pick() -> Int? {
                guard !contacts.isEmpty else { return nil }
                if let near, Bool.random(using: &random) {
                    return min(max(near + Int.random(in: -3...12, using: &random), 0), contacts.count - 1)
                }
                return Int.random(in: 0..<contacts.count, using: &random)
            }
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3: insert(random: &random)
            case 3..<5: if let row = pick() { delete(row: row) }
            case 5..<7: if let row = pick() { rename(row: row, random: &random) }
            case 7..<9: if let row = pick() { edit(row: row) }
            default:  // a burst of inserts (an import)
                for _ in 0..<Int.random(in: 1...30, using: &random) { insert(random: &random) }
            }
        }
    }

    private mutating func sort() {
        contacts.sort { ($0.section, $0.key, $0.id) < ($1.section, $1.key, $1.id) }
    }
}
