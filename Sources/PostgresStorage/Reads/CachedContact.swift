import Contacts
import Foundation
import Synchronization

/// One contact's window fields at one revision, immutable (so shared across
/// threads): every field but the JSON documents (the details only where they hold a
/// name's reading), the text ones back to back in one allocation, freed with the object.
final class CachedContact: @unchecked Sendable {
    let id: Int
    let revision: Int
    let favorite: Bool
    /// Where each field's bytes end (by `ContactField.rawValue`; a boolean or the
    /// details take none).
    private let ends: SIMD16<UInt16>
    private let storage: UnsafeMutableBufferPointer<UInt8>

    /// The fields a window's rows carry: all but the JSON documents, which windows never
    /// show, except the details of a contact whose names have readings (`readingDetails`).
    static let fields = ContactField.allCases.filter { !$0.spec.isDocument || $0 == .details }

    /// The details document where it holds a name's reading (`phonetic_first_name`,
    /// `phonetic_last_name`), else nothing: a search's marks through readings read them
    /// (docs/api.md, "Search across scripts"), and every other row stays small. Capped so a
    /// row's bytes fit its 16-bit ends.
    static let readingDetails =
        #"CASE WHEN details LIKE '%"phonetic%' AND length(details) < 16384 THEN details ELSE '' END"#

    /// The contact in row `row` of `result`: id, revision, then `fields` from column 2 on.
    init(_ result: PostgresResult, row: Int) {
        id = result.int(row, 0)
        revision = result.int(row, 1)
        var favorite = false
        var total = 0
        for (column, field) in Self.fields.enumerated() where field.kind == .boolean {
            if field == .favorite { favorite = result.bool(row, 2 + column) }
        }
        for (column, field) in Self.fields.enumerated() where field.kind != .boolean {
            total += result.bytes(row, 2 + column).count
        }
        self.favorite = favorite
        storage = .allocate(capacity: max(total, 1))
        var ends = SIMD16<UInt16>()
        var end = 0
        for field in ContactField.allCases {
            if let column = Self.fields.firstIndex(of: field), field.kind != .boolean {
                let bytes = result.bytes(row, 2 + column)
                if let base = bytes.baseAddress, !bytes.isEmpty {
                    (storage.baseAddress! + end).initialize(from: base, count: bytes.count)
                }
                end += bytes.count
            }
            ends[field.rawValue] = UInt16(end)
        }
        self.ends = ends
    }

    deinit { storage.deallocate() }

    /// The SQL of the columns `init(_:row:)` reads, after `id, revision`.
    static let columnList = fields.map { $0 == .details ? readingDetails : $0.name }.joined(separator: ", ")

    /// Whether this is the contact of `entry` at `entry`'s revision (the order keeps
    /// a revision's low 32 bits).
    func matches(_ entry: OrderEntry) -> Bool {
        Int(entry.id) == id && UInt32(truncatingIfNeeded: revision) == entry.revision
    }

    /// The bytes of text `field` (the details only where they hold a reading), valid while
    /// this object lives.
    func bytes(_ field: ContactField) -> UnsafeBufferPointer<UInt8> {
        let start = field.rawValue == 0 ? 0 : Int(ends[field.rawValue - 1])
        let end = Int(ends[field.rawValue])
        return UnsafeBufferPointer(rebasing: storage[start..<end])
    }

    /// The bytes the cache counts for this entry.
    var cost: Int { Int(ends[ContactField.allCases.count - 1]) + PostgresRowCache.overhead }
}
