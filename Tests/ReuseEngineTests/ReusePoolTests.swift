import Testing

@testable import ReuseEngine

struct ReusePoolTests {
    @Test func dequeueCreatesOnlyWhenTheBucketIsEmpty() {
        var pool = ReusePool()
        let first = pool.dequeue(.contact)
        let second = pool.dequeue(.contact)
        #expect(first.slot == 0 && !first.reused)
        #expect(second.slot == 1 && !second.reused)
        pool.enqueue(first.slot)
        let third = pool.dequeue(.contact)
        #expect(third.slot == first.slot && third.reused)
        #expect(pool.created == KindCounts(header: 0, contact: 2))
        #expect(pool.reused == KindCounts(header: 0, contact: 1))
    }

    @Test func bucketsArePerKindSoASlotNeverChangesKind() {
        var pool = ReusePool()
        let header = pool.dequeue(.header)
        pool.enqueue(header.slot)
        let contact = pool.dequeue(.contact)
        #expect(contact.slot != header.slot, "a pooled header slot is not handed to a contact")
        #expect(!contact.reused)
        #expect(pool.pooledCount(of: .header) == 1)
        #expect(pool.pooledCount(of: .contact) == 0)
        let headerAgain = pool.dequeue(.header)
        #expect(headerAgain.slot == header.slot && headerAgain.reused)
        #expect(pool.slotKinds == [.header, .contact])
        #expect(pool.created == KindCounts(header: 1, contact: 1))
    }

    @Test func theMostRecentlyPooledSlotIsReusedFirst() {
        var pool = ReusePool()
        let slots = (0..<4).map { _ in pool.dequeue(.contact).slot }
        for slot in slots { pool.enqueue(slot) }
        #expect(pool.pooledCount == 4)
        #expect((0..<4).map { _ in pool.dequeue(.contact).slot } == slots.reversed())
        #expect(pool.pooledCount == 0)
        #expect(pool.slotCount == 4)
    }
}
