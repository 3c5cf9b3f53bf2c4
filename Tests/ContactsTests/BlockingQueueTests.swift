import Foundation
import Testing

@testable import Contacts

struct BlockingQueueTests {
    @Test func itemsArriveInOrderAcrossThreadsThenNil() {
        let queue = BlockingQueue<Int>(capacity: 2)
        let producer = Thread {
            for value in 0..<1000 { queue.put(value) }
            queue.close()
        }
        producer.start()
        var received: [Int] = []
        while let value = queue.take() { received.append(value) }
        #expect(received == Array(0..<1000))
    }

    @Test func closingReleasesAProducerWaitingForRoom() {
        let queue = BlockingQueue<Int>(capacity: 1)
        let done = BlockingQueue<Bool>(capacity: 1)
        queue.put(1)  // the queue is full from here on
        let producer = Thread {
            done.put(queue.put(2))  // waits for room, or finds the queue closed
        }
        producer.start()
        while queue.waitingProducers == 0 { sched_yield() }  // the put is waiting for room
        queue.close()
        #expect(done.take() == false, "the waiting put gives up once closed")
        #expect(queue.take() == 1, "what was queued before closing is still delivered")
        #expect(queue.take() == nil)
    }
}
