import HTTP
import Synchronization

/// The live updates of `GET /events`: the newest `ListVersion` and the open
/// streams, each told of every newer version the catalog installs.
///
/// `publish` runs on whatever thread installed the data (an import's writer,
/// a write handler on some event loop) and hands the one serialized event to
/// every stream; each stream keeps only its newest unsent event and wakes its
/// own loop, so a burst reaches a slow client as its newest version alone and
/// never piles up in memory.
final class VersionEvents: Sendable {
    /// The client's reconnection delay sent with each stream's first event (ms):
    /// a page reconnects within a second of a restart.
    static let retry = 1000

    private struct State {
        var newest: ListVersion
        var streams: [Int: EventStream] = [:]
        var nextID = 0
    }

    private let state: Mutex<State>

    /// A hub whose streams start at `current`.
    init(_ current: ListVersion) {
        state = Mutex(State(newest: current))
    }

    /// The newest version published.
    var newest: ListVersion { state.withLock { $0.newest } }

    /// Streams open now.
    var openStreams: Int { state.withLock { $0.streams.count } }

    /// Announces `version` to every open stream, unless a version as new was
    /// published already (installs racing on two threads may arrive out of order).
    /// - Complexity: O(streams), under the lock, so two publishes reach every
    ///   stream in the same order.
    func publish(_ version: ListVersion) {
        state.withLock { state in
            guard version.version > state.newest.version else { return }
            state.newest = version
            let event = version.event()
            for stream in state.streams.values { stream.send(event) }
        }
    }

    /// A new stream whose first event is the newest version, or only the retry
    /// delay when `lastEventID` names that version already (the client has it).
    /// It leaves the hub by itself when it ends.
    func open(lastEventID: String?) -> EventStream {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            let stream = EventStream { [weak self] in self?.close(id) }
            state.streams[id] = stream
            if lastEventID.flatMap({ Int($0) }) == state.newest.version {
                stream.send(ServerSentEvent(retry: Self.retry))
            } else {
                stream.send(state.newest.event(retry: Self.retry))
            }
            return stream
        }
    }

    private func close(_ id: Int) {
        _ = state.withLock { $0.streams.removeValue(forKey: id) }
    }
}
