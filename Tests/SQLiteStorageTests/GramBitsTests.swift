import Foundation
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// The frequent search patterns' bitmaps against the search index: after a seed,
/// single writes (a failed one among them), imports of each mode and a list that
/// doubled, every kept pattern's bits are exactly the contacts the index finds for
/// it, and a search through the bits finds what the index does.
struct GramBitsTests {
    let folder = TestFolder()

    /// The word a kept pattern is searched by ("  m" is "m", " ka" is "ka").
    private static func word(of pattern: String) -> String {
        String(pattern.drop { $0 == " " })
    }

    /// The kept patterns by gram number, and grams_version, as `store` sees them.
    private static func kept(_ store: SQLiteContactStore) throws -> (patterns: [String], version: Int) {
        let version = try store.database.integer("SELECT value FROM roster_meta WHERE key = 'grams_version'")
        return (try GramBits.patterns(in: store.database), version ?? -1)
    }

    /// Checks every kept pattern's bits against the index, on a fresh read connection.
    private func expectBitsMatchTheIndex(_ context: String) throws {
        let reader = try SQLiteContactStore(readingFrom: folder.file("roster.sqlite"))
        let largest = try reader.largestID()
        let (patterns, _) = try Self.kept(reader)
        #expect(!patterns.isEmpty, "\(context): no pattern kept")
        for (gram, pattern) in patterns.enumerated() {
            let bits = try reader.gramIDs(gram, largest: largest)
            let index = try reader.matches([Self.word(of: pattern)])
            #expect(
                Array(bits) == Array(index),
                "\(context): '\(pattern)' \(bits.count) bits, \(index.count) found")
        }
    }

    private static func fields(_ random: inout SeededRandom) -> ContactFields {
        let names = ["Anna", "Maria", "Smith", "Øster", "Berlin", "Kim", "Ngọc", "O'Brien", "Xu", "Zoë"]
        let cities = ["Berlin", "Paris", "Oslo", "", "東京"]
        func name() -> String { names[random.below(names.count)] + (random.below(2) == 0 ? "" : "son") }
        return ContactFields(
            firstName: name(), lastName: random.below(4) == 0 ? "" : name(),
            email: "\(name().lowercased())\(random.below(100))@example.org",
            phone: "(\(200 + random.below(800))) 555-\(1000 + random.below(9000))",
            city: cities[random.below(cities.count)])
    }

    @Test func bitsFollowSeedsWritesAndImports() throws {
        let store = try folder.store()
        try store.seed(count: 3_000, randomSeed: 8)
        let (patterns, version) = try Self.kept(store)
        // Single letters and digits every phone holds are among them.
        #expect(patterns.contains("555") && patterns.contains("  a") && patterns.count > 20)
        try expectBitsMatchTheIndex("seed")

        // Later ids start past a few rows' worth of ids (31,744 a row), with none between.
        try store.database.execute("UPDATE roster_meta SET value = 100000 WHERE key = 'next_id'")
        let editor = SQLiteContactEditor(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
        var state = try store.listState()
        var random = SeededRandom(seed: 3)
        for step in 0..<150 {
            let id = Int(state.order[random.below(state.order.count)].id)
            switch step % 4 {
            case 0:
                state = try editor.insert(Self.fields(&random), base: { _ in state }, prepare: { _ in }).state
            case 1:
                let next = Self.fields(&random)
                state = try editor.update(
                    id: id, base: { _ in state }, prepare: { _ in },
                    change: { old in
                        var fields = old
                        (fields.lastName, fields.city, fields.phone) = (next.lastName, next.city, next.phone)
                        return fields
                    }
                ).state
            case 2:
                state = try editor.delete(id: id, base: { _ in state }, prepare: { _ in }).state
            default:
                // Refused after its bits were written: the transaction takes them back.
                #expect(throws: ContactsError.self) {
                    try editor.update(
                        id: id, base: { _ in state }, prepare: { _ in throw ContactsError.namelessContact },
                        change: { old in
                            var fields = old
                            fields.email = "zzz\(step)@nowhere.test"
                            fields.city = "Lagos"
                            return fields
                        })
                }
            }
        }
        try expectBitsMatchTheIndex("single writes")
        #expect(try store.largestID() > 100_000)
        #expect(try store.gramMatches(["555"]).found?.count == state.order.count)

        for mode in [ImportMode.append, .merge, .replace] {
            let writer = try SQLiteContactStore(writingTo: folder.file("roster.sqlite"))
            let job = try SQLiteImport(store: writer, mode: mode)
            // Merge meets stored contacts by e-mail, then adds the rest.
            for line in 0..<(mode == .replace ? 2_500 : 400) {
                try job.add(Self.fields(&random), line: line)
            }
            _ = try job.commit()
            try expectBitsMatchTheIndex("import \(mode)")
        }
        // The same patterns throughout: the list never doubled.
        let unchanged = try Self.kept(store)
        #expect(unchanged.patterns == patterns && unchanged.version == version)

        // An import that doubles the list keeps the patterns' bits in step; the next
        // start chooses them again (and builds their bits).
        let writer = try SQLiteContactStore(writingTo: folder.file("roster.sqlite"))
        let job = try SQLiteImport(store: writer, mode: .append)
        for line in 0..<3_600 { try job.add(Self.fields(&random), line: line) }
        _ = try job.commit()
        #expect(try Self.kept(store) == (patterns, version))
        try expectBitsMatchTheIndex("grown, before the start")
        try store.buildGramsIfNeeded()
        let (chosen, newer) = try Self.kept(store)
        #expect(newer == version + 1 && chosen != patterns)
        #expect(try Self.chosenAt(store) == 6_100)
        try expectBitsMatchTheIndex("grown")
    }

    /// `grams_contacts`: the list's size when its patterns were chosen.
    private static func chosenAt(_ store: SQLiteContactStore) throws -> Int? {
        try store.database.integer("SELECT value FROM roster_meta WHERE key = 'grams_contacts'")
    }

    /// Imports `count` random contacts, `policy` the writer's patterns' policy.
    private func importing(
        _ count: Int, mode: ImportMode, _ random: inout SeededRandom,
        policy: SQLiteGramPolicy = SQLiteGramPolicy()
    ) throws {
        let writer = try SQLiteContactStore(writingTo: folder.file("roster.sqlite"))
        writer.gramPolicy = policy
        let job = try SQLiteImport(store: writer, mode: mode)
        for line in 0..<count { try job.add(Self.fields(&random), line: line) }
        _ = try job.commit()
    }

    @Test func anImportLeavesChoosingThePatternsToTheNextStart() throws {
        let store = try folder.store()
        var random = SeededRandom(seed: 12)
        let policy = SQLiteGramPolicy(share: 0.05, sampleSize: 1_500, minimumContacts: 1_000)
        // Into an empty list: none kept until the next start chooses them.
        try importing(1_200, mode: .append, &random, policy: policy)
        #expect(try Self.kept(store).patterns.isEmpty)
        store.gramPolicy = policy
        try store.buildGramsIfNeeded()
        let first = try Self.kept(store)
        #expect(try first.patterns.contains("555") && Self.chosenAt(store) == 1_200)
        try expectBitsMatchTheIndex("short import, started")
        // A replace that doubles the list keeps their bits in step; the next start
        // chooses again.
        try importing(2_500, mode: .replace, &random, policy: policy)
        #expect(try Self.kept(store) == first && Self.chosenAt(store) == 1_200)
        try expectBitsMatchTheIndex("replaced, before the start")
        try store.buildGramsIfNeeded()
        #expect(try Self.kept(store).version == first.version + 1 && Self.chosenAt(store) == 2_500)
        try expectBitsMatchTheIndex("replaced, started")
    }

    @Test func aSearchThroughTheBitsFindsWhatTheIndexFinds() throws {
        let store = try folder.store()
        try store.seed(count: 4_000, randomSeed: 2)
        for query in [
            ["m"], ["ka"], ["example", "org"], ["555"], ["5550"], ["berlin"], ["anna"], ["maria", "gar"],
            ["smith"], ["zzqx"], ["o", "br"], ["a", "zzqx"], ["e", "o", "555"],
        ] {
            let (kept, rest) = try store.gramMatches(query)
            var found = try rest.isEmpty ? (kept ?? ContactIDSet()) : store.matches(rest)
            if let kept, !rest.isEmpty { found.formIntersection(kept) }
            #expect(Array(found) == Array(try store.matches(query)), "\(query)")
            if query == ["m"] || query == ["555"] { #expect(kept != nil && rest.isEmpty, "\(query) is kept") }
        }
    }

    @Test func aListMigratedWithContactsGetsItsPatternsAtTheNextStart() throws {
        let store = try folder.store()
        try store.seed(count: 2_000, randomSeed: 6)
        try store.database.execute(
            """
            DELETE FROM search_grams; DELETE FROM search_gram_bits;
            UPDATE roster_meta SET value = 0 WHERE key IN ('grams_built', 'grams_contacts');
            """)
        #expect(try store.gramMatches(["555"]).found == nil)
        try store.buildGramsIfNeeded()
        #expect(try store.gramMatches(["555"]).found?.count == 2_000)
        try expectBitsMatchTheIndex("built at start")
        // Once: a second start leaves them.
        try store.database.execute("DELETE FROM search_gram_bits")
        try store.buildGramsIfNeeded()
        #expect(try store.gramMatches(["555"]).found?.count == 0)
    }

    @Test func aSmallListKeepsNoPattern() throws {
        let store = try folder.store()
        try store.seed(count: 500, randomSeed: 6)
        #expect(try Self.kept(store).patterns.isEmpty)
        let (found, rest) = try store.gramMatches(["555"])
        #expect(found == nil && rest == ["555"])
    }
}
