import Testing

@testable import Contacts

/// The search's bit set against Swift's `Set`.
struct ContactIDSetTests {
    @Test func insertsUnionsAndIteratesAsASet() {
        var random = SeededRandom(seed: 23)
        for largest in [0, 63, 64, 1_000] {
            var set = ContactIDSet(largest: largest)
            var other = ContactIDSet()
            var model = Set<Int>()
            var otherModel = Set<Int>()
            for _ in 0..<500 {
                // Past the room made at first, and again (no double count).
                let id = random.below(3 * largest + 200)
                set.insert(id)
                model.insert(id)
                let more = random.below(5_000)
                other.insert(more)
                otherModel.insert(more)
            }
            set.insert(-1)
            #expect(set.count == model.count)
            #expect(Array(set) == model.sorted().map(Int32.init))
            #expect(!set.contains(-1) && !set.contains(1 << 40))
            #expect((0..<(3 * largest + 200)).allSatisfy { set.contains($0) == model.contains($0) })
            var both = set
            both.formIntersection(other)
            #expect(both.count == model.intersection(otherModel).count)
            #expect(Array(both) == model.intersection(otherModel).sorted().map(Int32.init))
            // With a shorter set on the other side, what lies past its end is dropped.
            var shorter = other
            shorter.formIntersection(ContactIDSet(largest: 0))
            #expect(shorter.count == (otherModel.contains(0) ? 1 : 0))
            set.formUnion(other)
            model.formUnion(otherModel)
            #expect(set.count == model.count)
            #expect(Array(set) == model.sorted().map(Int32.init))
        }
        #expect(Array(ContactIDSet()).isEmpty && ContactIDSet().count == 0)
    }

    @Test func removesRangesOfIDsAsASetWould() {
        var random = SeededRandom(seed: 29)
        for _ in 0..<50 {
            var set = ContactIDSet(largest: 700)
            var model = Set<Int>()
            for _ in 0..<300 {
                let id = random.below(701)
                set.insert(id)
                model.insert(id)
            }
            for _ in 0..<4 {
                // Ranges across words, inside one, from below zero and past the room.
                let first = random.below(831) - 70
                let last = first + random.below(201)
                set.remove(first...last)
                model.subtract(first...last)
                #expect(set.count == model.count)
                #expect(Array(set) == model.sorted().map(Int32.init))
            }
        }
        var full = ContactIDSet(largest: 127)
        for id in 0...127 { full.insert(id) }
        full.remove(64...127)
        #expect(full.count == 64 && full.contains(63) && !full.contains(64))
        full.remove(0...0)
        #expect(full.count == 63 && !full.contains(0) && full.contains(1))
    }
}
