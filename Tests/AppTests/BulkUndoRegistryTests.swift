import Contacts
import Synchronization
import Testing

@testable import App

/// Undo tokens of bulk actions: each reverses its action, once, for 10 minutes.
struct BulkUndoRegistryTests {
    /// A clock a test moves by hand.
    final class Clock: Sendable {
        let now = Mutex(1_000)
        var read: ContactEdit.Clock { { self.now.withLock { $0 } } }
        func advance(_ seconds: Int) { now.withLock { $0 += seconds } }
    }

    @Test func aTokenUndoesItsActionOnTheContactsItChangedOnce() throws {
        let registry = BulkUndoRegistry(clock: Clock().read)
        let token = registry.register(undoing: .addLabel("Work"), ids: [3, 4])
        let entry = try #require(registry.take(token))
        #expect(entry.change == .removeLabel("Work") && entry.ids == [3, 4])
        #expect(registry.take(token) == nil, "once")
        registry.putBack(token, entry)
        #expect(registry.take(token) == entry, "put back after a failed undo")
    }

    @Test func eachActionIsReversed() {
        #expect(BulkChange.favorite(true).reversed == .favorite(false))
        #expect(BulkChange.favorite(false).reversed == .favorite(true))
        #expect(BulkChange.removeLabel("A").reversed == .addLabel("A"))
        #expect(BulkChange.delete.reversed == .restore)
    }

    @Test func aTokenWorksForTenMinutesAndNotAfter() {
        let clock = Clock()
        let registry = BulkUndoRegistry(clock: clock.read)
        #expect(registry.lifetime == 600)
        let early = registry.register(undoing: .delete, ids: [1])
        let late = registry.register(undoing: .delete, ids: [2])
        clock.advance(599)
        #expect(registry.take(early) != nil)
        clock.advance(1)
        #expect(registry.take(late) == nil, "600 s after: gone")
    }

    @Test func expiredTokensAreForgottenAndTokensDiffer() {
        let clock = Clock()
        let registry = BulkUndoRegistry(clock: clock.read)
        let tokens = (0..<50).map { registry.register(undoing: .favorite(true), ids: [$0 + 1]) }
        #expect(Set(tokens).count == 50 && tokens.allSatisfy { $0.count == 32 })
        clock.advance(601)
        _ = registry.register(undoing: .delete, ids: [1])
        #expect(registry.count == 1)
        #expect(registry.take("nonsense") == nil)
    }
}
