import Contacts
import ReuseEngine

/// What each slot of a session's recent states shows, as a digest of its contact
/// cell (the window fields, row, top and height): the renderer leaves out a
/// refresh whose cell would read exactly as the slot already shows it at the
/// acknowledged state.
///
/// The engine re-sends a kept contact when its revision changed; a contact starred
/// and unstarred again while the client dropped an answer has a new revision and
/// the same cell, and re-sending it would repeat what the client holds.
struct ShownContent: Sendable {
    /// Per state seq, the digest of each slot's contact cell by slot (0: none);
    /// at most `limit` states.
    private var states: [(seq: Int, digests: [UInt64])] = []
    private let limit: Int

    /// Digests kept for the last `limit` states (the engine's history and the current one).
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The digests of the slots at state `seq` (by slot, 0 for none), if kept.
    func digests(at seq: Int) -> [UInt64]? {
        states.last(where: { $0.seq == seq })?.digests
    }

    /// Records state `update.seq`: the base's digests (none for a full answer)
    /// without the released slots and headers, then those of the cells `sent`.
    /// - Complexity: O(slots + cells).
    mutating func record(_ update: WindowUpdate, sent: [(slot: Int, digest: UInt64)]) {
        var digests = update.base.flatMap { self.digests(at: $0) } ?? []
        func set(_ slot: Int, _ digest: UInt64) {
            if slot >= digests.count {
                guard digest != 0 else { return }
                digests += [UInt64](repeating: 0, count: slot + 1 - digests.count)
            }
            digests[slot] = digest
        }
        for slot in update.released { set(slot, 0) }
        for cell in update.cells where cell.item.kind == .header { set(cell.slot, 0) }
        for (slot, digest) in sent { set(slot, digest) }
        states.removeAll { $0.seq == update.seq }
        states.append((update.seq, digests))
        if states.count > limit { states.removeFirst(states.count - limit) }
    }

    /// What a contact cell shows of its row: the window fields and the photo's digest.
    private static let shownFields = ContactField.windowFields + [.photo]

    /// The digest of contact cell `item` reading the current row of `rows`: its
    /// id, place, window fields and photo, eight bytes a step (never 0), and for an
    /// expanded row its `lines` (which the window fields do not hold).
    /// - Complexity: O(bytes of the row's window fields and lines).
    static func digest(of item: LayoutItem, rows: any ContactRows, lines: [String]? = nil) -> UInt64 {
        var hash: UInt64 = 0x9e37_79b9_7f4a_7c15
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0xff51_afd7_ed55_8ccd
            hash ^= hash >> 32
        }
        mix(UInt64(bitPattern: Int64(rows.id)))
        mix(UInt64(bitPattern: Int64(item.row ?? -1)))
        mix(UInt64(bitPattern: Int64(item.top)))
        mix(UInt64(bitPattern: Int64(item.height)))
        func mix(_ bytes: UnsafeRawBufferPointer) {
            mix(UInt64(bytes.count))
            var offset = 0
            while offset + 8 <= bytes.count {
                mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            while offset < bytes.count {
                tail = tail << 8 | UInt64(bytes[offset])
                offset += 1
            }
            mix(tail)
        }
        for field in Self.shownFields {
            switch field.kind {
            case .text: mix(UnsafeRawBufferPointer(rows.bytes(field)))
            case .boolean: mix(rows.bool(field) ? 1 : 2)
            }
        }
        if let lines {
            mix(UInt64(lines.count) | 1 << 32)
            for var line in lines { line.withUTF8 { mix(UnsafeRawBufferPointer($0)) } }
        }
        return hash == 0 ? 1 : hash
    }
}
