import CLinux
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One thread's epoll loop: its own listening socket (SO_REUSEPORT spreads
/// connections over the loops), its connections, its router. Requests are handled
/// on this thread, start to finish, with no hop to another.
///
/// Unchecked Sendable: it is built on the starting thread and handed to its own
/// thread once; from then on only that thread touches its state, and other
/// threads only call `requestStop()`, which writes to an eventfd.
final class EventLoop: @unchecked Sendable {
    let index: Int
    private let configuration: ServerConfiguration
    private let router: Router
    private let epoll: Int32
    private let wake: Int32
    private var listener: Int32
    private var connections: [Int32: Connection] = [:]
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    /// Dynamic bodies (a window is about 10 KB): speed first. A 16 KB window and a
    /// small hash table lose almost nothing on bodies this size and make the
    /// per-response reset cheap.
    private let gzip = Gzip(level: 1, windowBits: 14, memoryLevel: 6)
    private let dates = DateCache()
    private var stopping = false
    private var stopDeadline: UInt64 = 0
    private var lastSweep: UInt64 = 0
    private var listenerPausedUntil: UInt64 = 0
    private var nextSerial: UInt64 = 0
    private static let wakeTag = UInt64.max
    /// Connections open across all the server's loops (the cap is the server's, not a loop's).
    private let openConnections: OpenConnections

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
        self.listener = listener
        self.router = router
        self.configuration = configuration
        self.openConnections = openConnections
        guard let epoll = try syscall("epoll_create1", { epoll_create1(Int32(EPOLL_CLOEXEC)) }),
            let wake = try syscall("eventfd", { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) })
        else { throw SystemError(call: "epoll_create1", code: EAGAIN) }
        self.epoll = epoll
        self.wake = wake
        try watch(listener, events: EPOLLIN.rawValue, tag: UInt64(listener), add: true)
        try watch(wake, events: EPOLLIN.rawValue, tag: Self.wakeTag, add: true)
    }

    deinit {
        readBuffer.deallocate()
        close(epoll)
        close(wake)
    }

    /// Asks the loop (from any thread) to stop accepting and wind down.
    func requestStop() {
        inbox.withLock { $0.stop = true }
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    /// Runs `task` on the loop's thread soon (from any thread).
    func post(_ task: @escaping @Sendable () -> Void) {
        inbox.withLock { $0.tasks.append(task) }
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    /// Runs `body` on the loop's thread with the connection `fd` if it is still
    /// the one numbered `serial` (from any thread).
    private func post(to fd: Int32, serial: UInt64, _ body: @escaping (Connection, UInt64) -> Void) {
        let box = UncheckedBox(body)
        post { [weak self] in
            guard let self, let connection = self.connections[fd], connection.serial == serial else { return }
            box.value(connection, Self.milliseconds())
        }
    }

    /// Runs until stopped and every connection is closed (or the grace period ends).
    func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        while true {
            let count = events.withUnsafeMutableBufferPointer { epoll_wait(epoll, $0.baseAddress, 256, 250) }
            let now = Self.milliseconds()
            if count < 0 && errno != EINTR { break }
            for slot in 0..<max(Int(count), 0) {
                var event = events[slot]
                let tag = roster_epoll_event_data(&event)
                let flags = roster_epoll_event_events(&event)
                if tag == Self.wakeTag {
                    var value: UInt64 = 0
                    _ = Glibc.read(wake, &value, 8)
                    let (tasks, stop) = inbox.withLock { inbox in
                        defer { inbox.tasks.removeAll() }
                        return (inbox.tasks, inbox.stop)
                    }
                    for task in tasks { task() }
                    if stop { beginStopping(now: now) }
                } else if Int32(truncatingIfNeeded: tag) == listener && !stopping {
                    acceptConnections(now: now)
                } else if let connection = connections[Int32(truncatingIfNeeded: tag)] {
                    if flags & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 && flags & EPOLLIN.rawValue == 0 {
                        drop(connection)
                        continue
                    }
                    if flags & EPOLLOUT.rawValue != 0 { flush(connection, now: now) }
                    if flags & EPOLLIN.rawValue != 0, connections[connection.fd] != nil {
                        read(connection, now: now)
                    }
                }
            }
            if elapsed(since: lastSweep, now: now) >= 250 {
                lastSweep = now
                sweep(now: now)
                router.onTick?()
            }
            if stopping && (connections.isEmpty || now >= stopDeadline) { break }
        }
        for connection in Array(connections.values) { drop(connection) }
    }

    // MARK: - Accepting

    private func acceptConnections(now: UInt64) {
        for _ in 0..<256 {
            let fd = roster_accept_nonblocking(listener)
            if fd < 0 {
                if errno == EMFILE || errno == ENFILE {
                    // Out of descriptors: stop listening for a moment instead of spinning.
                    try? watch(listener, events: 0, tag: UInt64(listener), add: false)
                    listenerPausedUntil = now + 100
                }
                return
            }
            guard openConnections.claim(below: configuration.maxConnections) else {
                close(fd)  // over the cap: a clean close now beats a client waiting on a full server
                continue
            }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            nextSerial += 1
            let connection = Connection(fd: fd, serial: nextSerial, limits: configuration.limits, now: now)
            do {
                try watch(fd, events: EPOLLIN.rawValue | EPOLLRDHUP.rawValue, tag: UInt64(fd), add: true)
                connections[fd] = connection
            } catch {
                openConnections.release()
                close(fd)
            }
        }
    }

    // MARK: - Reading and parsing

    private func read(_ connection: Connection, now: UInt64) {
        if let since = connection.lingeringSince {
            // Closing: read and drop what the client still sends, so that closing with
            // unread bytes does not reset the connection before it reads our answer.
            let count = recv(connection.fd, readBuffer.baseAddress, readBuffer.count, 0)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR)
                || elapsed(since: since, now: now) > 2000
            {
                drop(connection)
            }
            return
        }
        guard !connection.closeAfterWrite, !connection.readingHeld else { return }
        let received: Int
        do {
            guard
                let count = try syscall(
                    "recv", { recv(connection.fd, readBuffer.baseAddress, readBuffer.count, 0) })
            else { return }
            received = count
        } catch {
            return drop(connection)
        }
        if received == 0 {
            // The client closed its side; finish what is queued, then close.
            if connection.isIdle || connection.current != nil { return drop(connection) }
            connection.closeAfterWrite = true
            return flush(connection, now: now)
        }
        connection.lastActivity = now
        if connection.pending.isEmpty && !connection.parser.isInsideRequest && connection.headStartedAt == nil
        {
            connection.headStartedAt = now
        }
        process(connection, UnsafeRawBufferPointer(rebasing: readBuffer[0..<received]), now: now)
    }

    /// Parses `bytes` (after any pending ones) and handles what they hold.
    private func process(_ connection: Connection, _ bytes: UnsafeRawBufferPointer, now: UInt64) {
        if connection.pending.isEmpty {
            let consumed = parse(connection, bytes, now: now)
            if consumed < bytes.count && connections[connection.fd] != nil && !connection.closeAfterWrite {
                connection.pending.append(contentsOf: bytes[consumed...])
            }
        } else {
            connection.pending.append(contentsOf: bytes)
            let pending = connection.pending
            let consumed = pending.withUnsafeBytes { parse(connection, $0, now: now) }
            connection.pending =
                consumed < pending.count && !connection.closeAfterWrite ? Array(pending[consumed...]) : []
        }
        flush(connection, now: now)
    }

    /// Runs the parser over `input` until it needs more bytes, the connection is
    /// closing, or too much output is queued; returns the bytes consumed.
    private func parse(_ connection: Connection, _ input: UnsafeRawBufferPointer, now: UInt64) -> Int {
        var offset = 0
        while !connection.closeAfterWrite && !connection.pausedForBody && !connection.awaitingResponse {
            if connection.unsent >= configuration.outputHighWater {
                pauseReading(connection)
                break
            }
            let step: (event: RequestParser.Event?, consumed: Int)
            do {
                step = try connection.parser.next(UnsafeRawBufferPointer(rebasing: input[offset...]))
            } catch {
                respond(connection, .error(error), head: nil, close: true)
                break
            }
            guard let event = step.event else {
                offset += step.consumed
                if step.consumed == 0 { break }
                continue
            }
            switch event {
            case .head(let head):
                connection.headStartedAt = nil
                begin(connection, head, now: now)
            case .body(let range):
                let chunk = UnsafeRawBufferPointer(
                    rebasing: input[(offset + range.lowerBound)..<(offset + range.upperBound)])
                receive(connection, chunk)
            case .end:
                finish(connection)
            }
            offset += step.consumed
        }
        return offset
    }

    private func begin(_ connection: Connection, _ head: RequestHead, now: UInt64) {
        let match: Router.Match
        connection.requestStartedAt = DispatchTime.now().uptimeNanoseconds
        connection.route = "unmatched"
        connection.routeLines = []
        do {
            match = try router.match(method: head.method, path: head.path)
            connection.route = match.pattern
            connection.routeLines = match.headerLines
        } catch {
            // Refused before the body: do not read it, close after answering.
            return respond(
                connection, errorResponse(error, path: head.path), head: head, close: head.framing != .none)
        }
        if case .length(let length) = head.framing, length > match.body.limit {
            return respond(connection, .error(Self.tooLarge(match.body.limit)), head: head, close: true)
        }
        var flight = Connection.InFlight(head: head, match: match, rateWindowStart: now)
        if case .streamed(_, let makeSink) = match.body, head.framing != .none {
            do {
                let (fd, serial) = (connection.fd, connection.serial)
                let flow = BodyFlow(resumeReading: { [weak self] in
                    self?.post(to: fd, serial: serial) { connection, now in
                        self?.resumeBody(connection, now: now)
                    }
                })
                flight.sink = try makeSink(Request(head: head, parameters: match.parameters), flow)
            } catch {
                return respond(connection, errorResponse(error, path: head.path), head: head, close: true)
            }
        }
        connection.current = flight
        if head.expectsContinue {
            connection.output.append(contentsOf: "HTTP/1.1 100 Continue\r\n\r\n".utf8)
        }
    }

    private func receive(_ connection: Connection, _ chunk: UnsafeRawBufferPointer) {
        guard var flight = connection.current else { return }
        connection.current = nil  // keep the body array uniquely referenced while appending
        flight.received += chunk.count
        if flight.received > flight.match.body.limit {
            flight.sink?.cancel()  // the flight is dropped here, so `drop` cannot cancel it later
            return respond(
                connection, .error(Self.tooLarge(flight.match.body.limit)), head: flight.head, close: true)
        }
        if let sink = flight.sink {
            do {
                if try !sink.write(chunk) {
                    connection.pausedForBody = true
                    updateInterest(connection)
                }
            } catch {
                sink.cancel()
                return respond(
                    connection, errorResponse(error, path: flight.head.path), head: flight.head, close: true)
            }
        } else {
            flight.body.append(contentsOf: chunk)
        }
        connection.current = flight
    }

    private func finish(_ connection: Connection) {
        guard let flight = connection.current else { return }
        connection.current = nil
        if let sink = flight.sink {
            connection.awaitingResponse = true
            connection.bodyComplete = true
            connection.current = flight  // kept for a drop while waiting
            updateInterest(connection)
            let head = flight.head
            let path = head.path
            let (fd, serial) = (connection.fd, connection.serial)
            do {
                try sink.finish { [weak self] answer in
                    let box = UncheckedBox(answer.response)
                    self?.post(to: fd, serial: serial) { connection, now in
                        self?.answer(connection, box.value, head: head, now: now)
                    }
                }
            } catch {
                answer(
                    connection, errorResponse(error, path: path), head: head, now: EventLoop.milliseconds())
            }
            return
        }
        let response: Response
        do {
            response = try flight.match.handler(
                Request(head: flight.head, parameters: flight.match.parameters, body: flight.body))
        } catch {
            response = errorResponse(error, path: flight.head.path)
        }
        respond(connection, response, head: flight.head, close: !flight.head.keepAlive || stopping)
    }

    /// A sink's answer arrived: send it, then go on with what the client sent next.
    private func answer(_ connection: Connection, _ response: Response, head: RequestHead, now: UInt64) {
        guard connection.awaitingResponse else { return }
        connection.awaitingResponse = false
        connection.bodyComplete = false
        connection.current = nil
        connection.lastActivity = now
        respond(connection, response, head: head, close: !head.keepAlive || stopping)
        updateInterest(connection)
        process(connection, UnsafeRawBufferPointer(start: nil, count: 0), now: now)
    }

    /// A sink caught up: read the body again.
    private func resumeBody(_ connection: Connection, now: UInt64) {
        guard connection.pausedForBody else { return }
        connection.pausedForBody = false
        connection.lastActivity = now
        connection.restartBodyRate(now: now)
        updateInterest(connection)
        if !connection.pending.isEmpty {
            process(connection, UnsafeRawBufferPointer(start: nil, count: 0), now: now)
        }
    }

    /// Sets the epoll interest from the connection's state.
    private func updateInterest(_ connection: Connection) {
        var events: UInt32 = 0
        if !connection.readingHeld && !connection.closeAfterWrite {
            events |= EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        }
        if connection.watchingWrites { events |= EPOLLOUT.rawValue }
        try? watch(connection.fd, events: events, tag: UInt64(connection.fd), add: false)
    }

    private func errorResponse(_ error: any Error, path: Substring) -> Response {
        guard let error = error as? HTTPError else {
            printToStandardError("roster: a handler failed: \(error)")
            return .error(
                HTTPError(500, "internal_error", "the server could not answer this request; see its log"))
        }
        var response = Response.error(error)
        if error.status == 405 {
            response.headers.add("Allow", router.allowedMethods(path: path).joined(separator: ", "))
        }
        return response
    }

    private static func tooLarge(_ limit: Int) -> HTTPError {
        HTTPError(413, "content_too_large", "the body is larger than this endpoint's limit of \(limit) bytes")
    }

    // MARK: - Writing

    /// Queues `response` (compressed when the client accepts gzip and it is worth it).
    private func respond(_ connection: Connection, _ response: Response, head: RequestHead?, close: Bool) {
        if let observer = router.observer {
            let now = DispatchTime.now().uptimeNanoseconds
            let elapsed =
                head == nil || now < connection.requestStartedAt ? 0 : now - connection.requestStartedAt
            observer(head == nil ? "invalid" : connection.route, response.status, Double(elapsed) / 1e9)
        }
        let close = close || connection.closeAfterWrite
        let sendsBody = head?.method != "HEAD" && response.status != 304 && response.status != 204
        // Lines added to the response's own fields, serialized without touching them.
        var extra = defaultLines(for: response.headers)
        if head != nil { extra.append(contentsOf: connection.routeLines) }
        switch response.body {
        case .bytes(var body):
            if body.count >= Gzip.minimumSize, response.headers["Content-Encoding"] == nil, let head,
                Gzip.suits(contentType: response.headers["Content-Type"]),
                Gzip.isAccepted(byHeader: head.headers.combined("Accept-Encoding"))
            {
                body = gzip.compress(body)
                extra.append(contentsOf: Self.gzipLine)
                // A Vary of the response's own still needs Accept-Encoding (a second
                // Vary line is the same as one with both lists, RFC 9110 5.3).
                if !(response.headers.tokens("Vary").contains { $0 == "accept-encoding" || $0 == "*" }) {
                    extra.append(contentsOf: Self.varyLine)
                }
            }
            ResponseHead.bytes(
                status: response.status, headers: response.headers, extra: extra, bodyLength: body.count,
                close: close, date: dates.headerLine(), into: &connection.output)
            if sendsBody { connection.output.append(contentsOf: body) }
        case .stream(let source):
            ResponseHead.bytes(
                status: response.status, headers: response.headers, extra: extra, bodyLength: nil,
                close: close,
                date: dates.headerLine(), into: &connection.output)
            if sendsBody { connection.stream = source }
        }
        if close { connection.closeAfterWrite = true }
    }

    private static let gzipLine = Array("Content-Encoding: gzip\r\n".utf8)
    private static let varyLine = Array("Vary: Accept-Encoding\r\n".utf8)

    /// The configuration's default header lines, serialized once.
    private lazy var allDefaultLines: [UInt8] = configuration.defaultHeaders.reduce(into: []) {
        bytes, field in
        bytes.append(contentsOf: "\(field.name): \(field.value)\r\n".utf8)
    }

    /// The default header lines the response does not set itself.
    private func defaultLines(for headers: HTTPHeaders) -> [UInt8] {
        let defaults = configuration.defaultHeaders
        guard !defaults.isEmpty else { return [] }
        let overridden = headers.contains { field in
            defaults.contains { $0.name.caseInsensitiveEquals(field.name) }
        }
        guard overridden else { return allDefaultLines }
        return defaults.filter { headers[$0.name] == nil }.reduce(into: []) { bytes, field in
            bytes.append(contentsOf: "\(field.name): \(field.value)\r\n".utf8)
        }
    }

    /// Sends what is queued, pulling streamed bodies as the socket drains; closes
    /// the connection when it is done and should close.
    private func flush(_ connection: Connection, now: UInt64) {
        while true {
            if connection.unsent > 0 {
                let result: Int?
                do {
                    result = try connection.output.withUnsafeBytes { bytes in
                        try syscall("send") {
                            send(
                                connection.fd, bytes.baseAddress! + connection.sent, connection.unsent,
                                Int32(MSG_NOSIGNAL))
                        }
                    }
                } catch {
                    return drop(connection)
                }
                guard let written = result else {
                    return watchWrites(connection, true)
                }
                connection.sent += written
                connection.lastActivity = now
                continue
            }
            if connection.output.capacity > 64 * 1024 {
                connection.output = []
            } else {
                connection.output.removeAll(keepingCapacity: true)
            }
            connection.sent = 0
            if let stream = connection.stream {
                do {
                    if let chunk = try stream.next() {
                        guard !chunk.isEmpty else { continue }
                        connection.output.append(contentsOf: String(chunk.count, radix: 16).utf8)
                        connection.output.append(contentsOf: [0x0D, 0x0A])
                        connection.output.append(contentsOf: chunk)
                        connection.output.append(contentsOf: [0x0D, 0x0A])
                    } else {
                        connection.output.append(contentsOf: "0\r\n\r\n".utf8)
                        connection.stream = nil
                    }
                } catch {
                    printToStandardError("roster: a streamed response failed: \(error)")
                    return drop(connection)  // the head is sent: cutting the stream is all that is left
                }
                continue
            }
            watchWrites(connection, false)
            if connection.closeAfterWrite { return linger(connection, now: now) }
            if stopping && connection.isIdle { return drop(connection) }
            if connection.pausedForOutput {
                connection.pausedForOutput = false
                connection.restartBodyRate(now: now)
                updateInterest(connection)
                if !connection.pending.isEmpty {
                    process(connection, UnsafeRawBufferPointer(start: nil, count: 0), now: now)
                }
            }
            return
        }
    }

    private func pauseReading(_ connection: Connection) {
        connection.pausedForOutput = true
        watchWrites(connection, true)
    }

    private func watchWrites(_ connection: Connection, _ on: Bool) {
        guard connection.watchingWrites != on || (on && connection.pausedForOutput) else { return }
        connection.watchingWrites = on
        updateInterest(connection)
    }

    /// Half-closes after the last response and reads until the client closes (at
    /// most 2 s), so a response to a request whose body was not read gets through.
    private func linger(_ connection: Connection, now: UInt64) {
        guard connection.lingeringSince == nil else { return }
        connection.lingeringSince = now
        shutdown(connection.fd, Int32(SHUT_WR))
        try? watch(
            connection.fd, events: EPOLLIN.rawValue | EPOLLRDHUP.rawValue, tag: UInt64(connection.fd),
            add: false)
    }

    private func drop(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        openConnections.release()
        cancelBody(connection)
        epoll_ctl(epoll, EPOLL_CTL_DEL, connection.fd, nil)
        close(connection.fd)
    }

    // MARK: - Timers and shutdown

    /// Closes connections whose client is too slow or gone quiet.
    private func sweep(now: UInt64) {
        if listenerPausedUntil != 0 && now >= listenerPausedUntil && !stopping {
            listenerPausedUntil = 0
            try? watch(listener, events: EPOLLIN.rawValue, tag: UInt64(listener), add: false)
        }
        let header = UInt64(configuration.headerTimeout * 1000)
        let idle = UInt64(configuration.idleTimeout * 1000)
        let body = UInt64(configuration.bodyTimeout * 1000)
        for connection in Array(connections.values) {
            if let since = connection.lingeringSince {
                if elapsed(since: since, now: now) > 2000 { drop(connection) }
            } else if let started = connection.headStartedAt, elapsed(since: started, now: now) > header,
                connection.current == nil
            {
                timeOut(
                    connection, "the request head did not arrive within \(configuration.headerTimeout) s",
                    now: now)
            } else if connection.current != nil, !connection.pausedForBody, !connection.awaitingResponse,
                elapsed(since: connection.lastActivity, now: now) > body
            {
                timeOut(connection, "the request body stalled for \(configuration.bodyTimeout) s", now: now)
            } else if connection.bodyTooSlow(
                now: now, rate: configuration.minimumBodyRate,
                window: UInt64(configuration.bodyRateWindow * 1000))
            {
                timeOut(
                    connection,
                    "the request body arrived slower than \(configuration.minimumBodyRate) bytes/s",
                    now: now)
            } else if elapsed(since: connection.lastActivity, now: now) > idle {
                drop(connection)
            }
        }
    }

    /// Tells the sink of a body cut short (not one already complete) to undo.
    private func cancelBody(_ connection: Connection) {
        if let sink = connection.current?.sink, !connection.bodyComplete { sink.cancel() }
    }

    private func timeOut(_ connection: Connection, _ message: String, now: UInt64) {
        guard connection.unsent == 0, connection.stream == nil else { return drop(connection) }
        cancelBody(connection)
        connection.current = nil
        respond(connection, .error(HTTPError(408, "request_timeout", message)), head: nil, close: true)
        flush(connection, now: now)
    }

    private func beginStopping(now: UInt64) {
        guard !stopping else { return }
        stopping = true
        stopDeadline = now + UInt64(configuration.shutdownGrace * 1000)
        epoll_ctl(epoll, EPOLL_CTL_DEL, listener, nil)
        close(listener)
        listener = -1
        for connection in Array(connections.values) where connection.isIdle {
            drop(connection)
        }
    }

    private func watch(_ fd: Int32, events: UInt32, tag: UInt64, add: Bool) throws(SystemError) {
        var event = roster_epoll_event(events, tag)
        _ = try syscall("epoll_ctl") { epoll_ctl(epoll, add ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, fd, &event) }
    }

    /// Milliseconds from `start` to `now`, 0 when `start` is later: tasks posted from
    /// other threads stamp connections with a clock read after the loop's own.
    private func elapsed(since start: UInt64, now: UInt64) -> UInt64 {
        now > start ? now - start : 0
    }

    static func milliseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec) / 1_000_000
    }
}

/// Writes a line to standard error (for failures that have no client to tell).
func printToStandardError(_ message: String) {
    var line = Array(message.utf8)
    line.append(0x0A)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Carries a value the compiler cannot prove Sendable to the loop's own thread,
/// where alone it is used.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The count of open connections, shared by a server's loops.
final class OpenConnections: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts one more connection if fewer than `limit` are open; false otherwise.
    func claim(below limit: Int) -> Bool {
        var current = count.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = count.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Counts one connection fewer.
    func release() {
        count.subtract(1, ordering: .relaxed)
    }
}
