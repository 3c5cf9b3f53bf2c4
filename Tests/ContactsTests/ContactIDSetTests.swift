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
}
