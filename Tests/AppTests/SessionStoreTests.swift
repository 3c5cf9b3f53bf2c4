import Requests
import ReuseEngine
import Testing

@testable import App

struct SessionStoreTests {
    private func entry(_ name: String) -> SessionEntry {
        entry(key(name))
    }

    private func entry(_ id: SessionID) -> SessionEntry {
        SessionEntry(id: id, session: ReuseSession(layout: try! ListLayout(sectionCounts: [1])), version: 0)
    }

    @Test func theLeastRecentlyUsedGoesFirstWhenFull() {
        let store = SessionStore(capacity: 3)
        for (index, id) in ["a", "b", "c"].enumerated() { store.insert(entry(id), now: Double(index)) }
        #expect(store.lookup(key("a"), now: 3) != nil)  // a is now the most recent
        store.insert(entry("d"), now: 4)  // evicts b, the least recently used
        #expect(store.count == 3)
        #expect(store.lookup(key("b"), now: 5) == nil)
        #expect(store.lookup(key("c"), now: 5) != nil)
        store.insert(entry("e"), now: 6)  // evicts a (used at 3)
        #expect(store.lookup(key("a"), now: 7) == nil)
        #expect(["c", "d", "e"].allSatisfy { store.lookup(key($0), now: 8) != nil })
    }

    @Test func idleSessionsExpireOnLookupAndOnInsert() {
        let store = SessionStore(capacity: 10, idleLimit: 10)
        store.insert(entry("old"), now: 0)
        store.insert(entry("kept"), now: 5)
        #expect(store.lookup(key("old"), now: 10.5) == nil, "idle for more than 10 s")
        #expect(store.count == 1)
        store.insert(entry("new"), now: 16)
        #expect(store.count == 1, "kept was idle 11 s when new came")
        #expect(store.lookup(key("new"), now: 20)?.id == key("new"))
    }

    @Test func insertingAKnownIDReplacesItsEntry() {
        let store = SessionStore(capacity: 2)
        let first = entry("x")
        let second = entry("x")
        store.insert(first, now: 0)
        store.insert(second, now: 1)
        #expect(store.count == 1)
        #expect(store.lookup(key("x"), now: 2) === second)
    }

    @Test func manyClientsLeaveTheStoreAtItsCapacity() {
        let store = SessionStore(capacity: 100)
        var ids: [SessionID] = []
        for step in 0..<10_000 {
            let id = SessionID.random()
            ids.append(id)
            store.insert(entry(id), now: Double(step))
            if step % 7 == 0, let earlier = ids.dropLast().last {
                _ = store.lookup(earlier, now: Double(step))
            }
        }
        #expect(store.count == 100)
        #expect(Set(ids).count == ids.count, "ids do not repeat")
        #expect(ids.suffix(50).allSatisfy { store.lookup($0, now: 10_000) != nil })
        #expect(ids.prefix(1_000).allSatisfy { store.lookup($0, now: 10_000) == nil })
    }

    /// A distinct id per test name ("a", "old", ...).
    private func key(_ name: String) -> SessionID {
        SessionID(high: UInt64(name.utf8.first!), low: UInt64(name.utf8.count))
    }

    @Test func idsReadBackFromTheirTextAndNothingElseDoes() {
        for _ in 0..<1_000 {
            let id = SessionID.random()
            #expect(id.text.utf8.count == 22)
            #expect(SessionID(id.text) == id)
        }
        let edge = SessionID(high: .max, low: 0)
        #expect(SessionID(edge.text) == edge)
        let text = SessionID.random().text
        #expect(SessionID(String(text.dropLast())) == nil, "too short")
        #expect(SessionID(text + "A") == nil, "too long")
        #expect(SessionID(String(text.prefix(21)) + "=") == nil, "not base64url")
        // The 11th character carries 4 bits: a spelling with more is not an id.
        let high = Array(text.utf8)
        var overflowing = high
        overflowing[10] = UInt8(ascii: "_")
        #expect(SessionID(String(decoding: overflowing, as: UTF8.self)) == nil)
        #expect(SessionID("") == nil)
    }
}
