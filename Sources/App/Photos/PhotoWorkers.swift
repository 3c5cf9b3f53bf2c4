import Contacts
import Dispatch
import Foundation
import Synchronization

/// The threads photos are worked on (docs/api.md, "Photos"): thumbnails made, uploads
/// inspected and digested, never on an event loop, so a window never waits behind a photo.
/// A few threads (the pool bounds how many images libvips decodes at once, and so its
/// memory), each with a store connection of its own, at a lower priority than the event
/// loops, fed from a bounded queue: when it is full a request is refused busy rather than
/// queued without end.
final class PhotoWorkers: Sendable {
    /// What a job is given on its thread: that thread's store connection, opened on first use.
    final class Context {
        private let open: @Sendable () throws -> any PhotoReading
        private var opened: (any PhotoReading)?

        init(open: @escaping @Sendable () throws -> any PhotoReading) { self.open = open }

        /// The thread's photo reader (opened again after a failure dropped it).
        func reader() throws -> any PhotoReading {
            if let opened { return opened }
            let reader = try open()
            opened = reader
            return reader
        }

        /// Forgets the reader (a failed read may have left it broken).
        func drop() { opened = nil }
    }

    typealias Job = @Sendable (Context) -> Void

    private struct State: ~Copyable {
        var jobs: [Job] = []
        var started = false
    }

    private let state = Mutex(State())
    private let waiting = DispatchSemaphore(value: 0)
    private let threads: Int
    /// Jobs waiting at most.
    let capacity: Int
    private let open: @Sendable () throws -> any PhotoReading

    /// `threads` workers (started at the first job) reading through connections `open` makes.
    init(threads: Int, capacity: Int = 512, open: @escaping @Sendable () throws -> any PhotoReading) {
        self.threads = max(1, threads)
        self.capacity = capacity
        self.open = open
    }

    /// Queues `job`; false when the queue is full.
    func submit(_ job: @escaping Job) -> Bool {
        let start = state.withLock { state -> Bool? in
            guard state.jobs.count < capacity else { return nil }
            state.jobs.append(job)
            defer { state.started = true }
            return !state.started
        }
        guard let start else { return false }
        if start { startThreads() }
        waiting.signal()
        return true
    }

    private func startThreads() {
        for index in 0..<threads {
            let thread = Thread { [self] in
                ImportSink.yieldToEventLoops()
                let context = Context(open: open)
                while true {
                    waiting.wait()
                    guard let job = state.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) else {
                        continue
                    }
                    job(context)
                }
            }
            thread.name = "roster-photos-\(index)"
            thread.start()
        }
    }
}
