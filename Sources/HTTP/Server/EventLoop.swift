import CLinux
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One thread's epoll loop: its own listening socket (SO_REUSEPORT spreads
/// connections over the loops), its connections, its router. Requests are handled
/// on this thread, start to finish, with no hop to another.
///
/// The loop waits on epoll and carries out what each connection's
/// `ConnectionStateMachine` decides; the rules (timeouts, limits,
/// backpressure) live there. Its state lives in values that own it: each
/// connection's `ReadSide` and `WriteSide`, the `Listener`, the `LoopTimers`,
/// the `EventBatch` of deferred flushes, the `ReusableAnswers`; the loop moves
/// bytes between the sockets, the parser and the responder. The concerns are
/// split by file: accepting (`+Accept`), reading and parsing (`+Reading`),
/// carrying out actions, answering and sending (`+Writing`), event streams
/// (`+Events`), answers given again (`+Answers`), the clock's ticks and
/// stopping (`+Timers`).
///
/// Unchecked Sendable: it is built on the starting thread and handed to its own
/// thread once; from then on only that thread touches its state, and other
/// threads only call `requestStop()` and `post(_:)`, which go through a mutex
/// and an eventfd.
final class EventLoop: @unchecked Sendable {
    let index: Int
    let configuration: ServerConfiguration
    let rules: ConnectionStateMachine.Rules
    let router: Router
    /// Routes each request, runs its handler and maps its errors (`Responder`).
    let responder: Responder
    let clock: MonotonicClock
    let epoll: Int32
    let wake: Int32
    /// The listening socket, the pause when descriptors run out, the next serial.
    var listener: Listener
    var connections: [Int32: Connection] = [:]
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    let writer: ResponseWriter
    /// Answers this loop may give again to the same request bytes (static files').
    var answers = ReusableAnswers()
    /// The sweep's clock and the stop's deadline.
    var timers = LoopTimers()
    /// The events of the latest `epoll_wait`: when it returned, the flushes they deferred.
    var batch = EventBatch()
    static let wakeTag = UInt64.max
    /// Connections open across all the server's loops (the cap is the server's, not a loop's).
    let openConnections: OpenConnections

    /// Work posted from other threads, and whether a stop was asked for.
    private struct Inbox {
        var tasks: [@Sendable () -> Void] = []
        var stop = false
    }

    private let inbox = Mutex(Inbox())

    init(
        index: Int, listener: Int32, router: Router, configuration: ServerConfiguration,
        openConnections: OpenConnections
    ) throws(SystemError) {
        self.index = index
        self.listener = Listener(fd: listener)
        self.router = router
        self.responder = Responder(router: router, logger: configuration.logger)
        self.configuration = configuration
        self.rules = ConnectionStateMachine.Rules(configuration)
        self.openConnections = openConnections
        self.clock = configuration.clock
        self.writer = ResponseWriter(defaultHeaders: configuration.defaultHeaders)
        guard let epoll = try syscall("epoll_create1", { epoll_create1(Int32(EPOLL_CLOEXEC)) }) else {
            throw SystemError(call: "epoll_create1", code: EAGAIN)
        }
        guard let wake = try syscall("eventfd", { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }) else {
            System.close(epoll)
            throw SystemError(call: "eventfd", code: EAGAIN)
        }
        self.epoll = epoll
        self.wake = wake
        try watch(listener, events: EPOLLIN.rawValue, tag: UInt64(listener), add: true)
        try watch(wake, events: EPOLLIN.rawValue, tag: Self.wakeTag, add: true)
    }

    deinit {
        readBuffer.deallocate()
        System.close(epoll)
        System.close(wake)
    }

    /// Asks the loop (from any thread) to stop accepting and wind down.
    func requestStop() {
        inbox.withLock { $0.stop = true }
        signalWake()
    }

    /// Runs `task` on the loop's thread soon (from any thread).
    func post(_ task: @escaping @Sendable () -> Void) {
        inbox.withLock { $0.tasks.append(task) }
        signalWake()
    }

    private func signalWake() {
        var one: UInt64 = 1
        // EAGAIN means the counter is already non-zero: the loop wakes anyway.
        _ = try? syscall("write(eventfd)") { Glibc.write(wake, &one, 8) }
    }

    /// Runs `body` on the loop's thread with the connection `fd` if it is still
    /// the one numbered `serial` (from any thread).
    func post(to fd: Int32, serial: UInt64, _ body: @escaping (Connection, UInt64) -> Void) {
        let box = UncheckedBox(body)
        post { [weak self] in
            guard let self, let connection = self.connections[fd], connection.serial == serial else { return }
            box.value(connection, self.clock.milliseconds())
        }
    }

    /// Runs until stopped and every connection is closed (or the grace period ends).
    func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        while true {
            let result = try? events.withUnsafeMutableBufferPointer { buffer in
                try syscall("epoll_wait") { epoll_wait(epoll, buffer.baseAddress, 256, 250) }
            }
            guard let count = result else { break }  // epoll itself failed: nothing can be served
            batch.begin(readyAt: clock.nanoseconds())
            let now = batch.readyAt / 1_000_000
            for slot in 0..<Int(count) {
                var event = events[slot]
                dispatch(
                    tag: roster_epoll_event_data(&event), flags: roster_epoll_event_events(&event), now: now)
            }
            flushBatch(now: now)
            if timers.sweepDue(now: now) {
                sweep(now: now)
                router.onTick?()
            }
            if timers.isFinished(now: now, open: !connections.isEmpty) { break }
        }
        for connection in Array(connections.values) { drop(connection) }
    }

    /// Sends what the batch's events queued, each connection once, in the order queued.
    private func flushBatch(now: UInt64) {
        var queued = batch.end()
        for connection in queued {
            connection.writeSide.flushDequeued()
            if connections[connection.fd] === connection { flush(connection, now: now) }
        }
        batch.recycle(&queued)
    }

    /// Handles one epoll event.
    private func dispatch(tag: UInt64, flags: UInt32, now: UInt64) {
        if tag == Self.wakeTag {
            var value: UInt64 = 0
            // EAGAIN: another wake-up already read the counter; the inbox is what matters.
            _ = try? syscall("read(eventfd)") { Glibc.read(wake, &value, 8) }
            let (tasks, stop) = inbox.withLock { inbox in
                defer { inbox.tasks.removeAll() }
                return (inbox.tasks, inbox.stop)
            }
            for task in tasks { task() }
            if stop { beginStopping(now: now) }
        } else if listener.isListening(Int32(truncatingIfNeeded: tag)) && !timers.isStopping {
            acceptConnections(now: now)
        } else if let connection = connections[Int32(truncatingIfNeeded: tag)] {
            if flags & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 && flags & EPOLLIN.rawValue == 0 {
                return drop(connection)
            }
            if flags & EPOLLOUT.rawValue != 0 { flush(connection, now: now) }
            if flags & EPOLLIN.rawValue != 0, connections[connection.fd] != nil {
                readable(connection, now: now)
            }
        }
    }

    /// Registers (`add`) or changes the epoll interest of `fd`.
    func watch(_ fd: Int32, events: UInt32, tag: UInt64, add: Bool) throws(SystemError) {
        var event = roster_epoll_event(events, tag)
        _ = try syscall("epoll_ctl") { epoll_ctl(epoll, add ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, fd, &event) }
    }

    /// Removes `fd` from the epoll set.
    func unwatch(_ fd: Int32) {
        // Fails only when fd is not registered, and it is closed next anyway.
        _ = try? syscall("epoll_ctl") { epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil) }
    }
}
