import Synchronization

/// A response body with no end of its own: server-sent events that the
/// application sends from any thread (a writer's, another loop's) while the
/// connection's event loop writes them out. `send` wakes that loop through its
/// eventfd, so an event reaches the socket within a loop turn, not a tick.
///
/// A stream carries states, not a log: an event the loop has not taken yet is
/// replaced by a newer one, so a client that reads slowly costs the server one
/// pending event and whatever the socket already holds, never a queue. (The
/// loop takes the next event only once the previous one is sent.)
///
/// The stream ends when the application calls `finish()`, when the client
/// goes away (its close is read, or a write fails), or when the server stops;
/// then `onClose` runs once, on the loop's thread, and later sends are
/// dropped. A stream answered to HEAD is closed as soon as its head is queued.
public final class EventStream: Sendable {
    /// What the loop finds when it asks for more.
    enum Next: Equatable {
        /// One event's bytes, to send now.
        case event([UInt8])
        /// Nothing for now; `send` wakes the loop when there is.
        case nothing
        /// The application finished the stream and everything it sent is taken.
        case finished
    }

    private struct State {
        var pending: [UInt8]?
        var finishing = false
        var closed = false
        /// Set by the loop once the stream's head is queued: posts a task to it.
        var wake: (@Sendable () -> Void)?
        /// A wake-up is on its way and the loop has not asked for the next event since.
        var wakePosted = false
    }

    private let state = Mutex(State())
    private let onClose: @Sendable () -> Void

    /// A stream whose end (for whatever reason) is told to `onClose`, once.
    public init(onClose: @escaping @Sendable () -> Void = {}) {
        self.onClose = onClose
    }

    /// Queues `event`, replacing one the loop has not taken yet; dropped once
    /// the stream has ended or `finish()` was called.
    /// - Complexity: O(1): the event's bytes are shared, not copied.
    public func send(_ event: ServerSentEvent) {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.closed, !state.finishing else { return nil }
            state.pending = event.bytes
            return Self.claimWake(&state)
        }
        wake?()
    }

    /// Ends the stream once what was sent is written (the last chunk, then the
    /// connection closes).
    public func finish() {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.closed, !state.finishing else { return nil }
            state.finishing = true
            return Self.claimWake(&state)
        }
        wake?()
    }

    /// True once the stream has ended: the client left, the server stopped, or
    /// it was finished and written.
    public var isClosed: Bool { state.withLock { $0.closed } }

    // MARK: - The loop's side

    /// Called by the loop once the head is queued, with how to wake it; what
    /// is pending already is taken by the flush that follows.
    func attach(wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
    }

    /// The next thing to write, taking a pending event.
    func next() -> Next {
        state.withLock { state in
            state.wakePosted = false
            if let pending = state.pending {
                state.pending = nil
                return .event(pending)
            }
            return state.finishing ? .finished : .nothing
        }
    }

    /// The connection is done with the stream: drop what is pending and tell
    /// `onClose` (outside the lock, so it may take locks of its own that a
    /// sender holds while calling `send`).
    func close() {
        let first = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.closed = true
            state.pending = nil
            state.wake = nil
            return true
        }
        if first { onClose() }
    }

    /// The wake-up to post, unless one is on its way already or the loop has not attached.
    private static func claimWake(_ state: inout State) -> (@Sendable () -> Void)? {
        guard !state.wakePosted, let wake = state.wake else { return nil }
        state.wakePosted = true
        return wake
    }
}
