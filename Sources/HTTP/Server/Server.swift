import CLinux
import Dispatch
import Foundation
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server: one event loop thread per core, each with its own
/// listening socket on the same port and its own router.
///
/// `start()` binds and returns once every socket accepts; `wait()` blocks until
/// `stop()` (or SIGINT/SIGTERM, with `stopOnSignals()`) has let the requests in
/// flight finish, at most `shutdownGrace` seconds.
public final class Server: @unchecked Sendable {
    /// The configuration it runs with.
    public let configuration: ServerConfiguration
    /// The port it listens on (the real one when configured with 0); set by `start()`.
    public private(set) var port = 0
    private let makeRouter: (Int) throws -> Router
    /// The loops, once `start()` made them, and whether `stop()` came first: a stop
    /// asked before the loops exist (a signal during start) stops them as they start.
    private let stopping = Mutex<(loops: [EventLoop], requested: Bool)>(([], false))
    private var threads: [Thread] = []
    private let finished = DispatchGroup()

    /// A server whose loop `index` routes with `makeRouter(index)`.
    public init(configuration: ServerConfiguration, makeRouter: @escaping (Int) throws -> Router) {
        self.configuration = configuration
        self.makeRouter = makeRouter
    }

    /// Binds the sockets and starts the loops.
    /// - Throws: `SystemError` (address in use, permission...), or what `makeRouter` throws.
    public func start() throws {
        signal(SIGPIPE, SIG_IGN)
        Self.raiseDescriptorLimit()
        var port = configuration.port
        let openConnections = OpenConnections()
        var loops: [EventLoop] = []
        for index in 0..<max(configuration.loops, 1) {
            let listener = try Self.listen(host: configuration.host, port: port)
            if port == 0 { port = try Self.boundPort(listener) }
            do {
                loops.append(
                    try EventLoop(
                        index: index, listener: listener, router: makeRouter(index),
                        configuration: configuration, openConnections: openConnections))
            } catch {
                System.close(listener)
                throw error
            }
        }
        self.port = port
        let stopAtOnce = stopping.withLock { state in
            state.loops = loops
            return state.requested
        }
        for loop in loops {
            finished.enter()
            let thread = Thread { [finished] in
                loop.run()
                finished.leave()
            }
            thread.name = "roster-loop-\(loop.index)"
            thread.stackSize = 1 << 20
            threads.append(thread)
            thread.start()
        }
        if stopAtOnce { for loop in loops { loop.requestStop() } }
    }

    /// Gives every loop the router `makeRouter(index)` builds, on that loop's own
    /// thread (so it may open per-thread resources), and returns once each one routes
    /// with it: a server that started with a placeholder (say, one that answers 503
    /// while the data is prepared) serves the real routes from then on, on the same
    /// sockets. Loops that have stopped are skipped.
    /// - Throws: the first error `makeRouter` threw (the loops that built theirs keep them).
    public func reroute(_ makeRouter: @escaping @Sendable (Int) throws -> Router) throws {
        let loops = stopping.withLock { $0.loops }
        let failure = Mutex<(any Error)?>(nil)
        let done = DispatchGroup()
        for loop in loops {
            done.enter()
            loop.post {
                do {
                    loop.router.adopt(try makeRouter(loop.index))
                    loop.answers.removeAll()  // the old router's answers
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
                done.leave()
            }
        }
        // A loop that stops before it runs the task never runs it: stop waiting then.
        while done.wait(timeout: .now() + 0.1) == .timedOut {
            if finished.wait(timeout: .now()) == .success { break }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Stops accepting; requests in flight finish (up to `shutdownGrace` seconds).
    public func stop() {
        let loops = stopping.withLock { state in
            state.requested = true
            return state.loops
        }
        for loop in loops { loop.requestStop() }
    }

    /// Whether `stop()` was called (or a signal asked for it).
    public var stopRequested: Bool { stopping.withLock { $0.requested } }

    /// Makes SIGINT and SIGTERM call `stop()` (logged). The handler is in place when
    /// this returns, and it only writes the signal's number into a pipe that a thread
    /// of its own reads, so a signal that comes at any moment after (even before the
    /// loops run) is acted on, never dropped.
    public func stopOnSignals() {
        var ends: [Int32] = [0, 0]
        guard (try? syscall("pipe", { pipe(&ends) })) != nil else {
            configuration.logger.log("roster: cannot watch for SIGINT/SIGTERM: no pipe")
            return
        }
        let (reading, writing) = (ends[0], ends[1])
        _ = try? syscall("fcntl") { fcntl(writing, F_SETFL, O_NONBLOCK) }  // a handler never waits
        for end in [reading, writing] { _ = try? syscall("fcntl") { fcntl(end, F_SETFD, FD_CLOEXEC) } }
        for signalNumber in [SIGINT, SIGTERM] { _ = roster_forward_signal(signalNumber, writing) }
        let watcher = Thread { [weak self] in
            var number: UInt8 = 0
            while true {
                guard let count = try? syscall("read", { read(reading, &number, 1) }), count == 1 else {
                    return
                }
                guard let self else { return }
                let name = Int32(number) == SIGINT ? "SIGINT" : "SIGTERM"
                self.configuration.logger.log(
                    "roster: \(name): finishing requests in flight (at most \(self.configuration.shutdownGrace) s)"
                )
                self.stop()
            }
        }
        watcher.name = "roster-signals"
        watcher.start()
    }

    /// Blocks until every loop has finished.
    public func wait() {
        finished.wait()
    }

    // MARK: - Sockets

    /// A listening socket on `host` (an IPv4 or IPv6 literal, or a name such as
    /// `localhost`) and `port`, as getaddrinfo resolves them.
    private static func listen(host: String, port: Int) throws(SystemError) -> Int32 {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let name = host == "localhost" ? "127.0.0.1" : host  // the IPv4 loopback, as before
        guard getaddrinfo(name, String(port), &hints, &found) == 0, let info = found?.pointee else {
            throw SystemError(call: "getaddrinfo(\(host))", code: EINVAL)
        }
        defer { freeaddrinfo(found) }
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let created = try syscall("socket") { socket(info.ai_family, type, 0) }
        guard let fd = created else { throw SystemError(call: "socket", code: EAGAIN) }
        var one: Int32 = 1
        do {
            for option in [SO_REUSEADDR, SO_REUSEPORT] {
                _ = try syscall("setsockopt") {
                    setsockopt(fd, SOL_SOCKET, option, &one, socklen_t(MemoryLayout<Int32>.size))
                }
            }
            _ = try syscall("bind \(host):\(port)") { bind(fd, info.ai_addr, info.ai_addrlen) }
            _ = try syscall("listen") { Glibc.listen(fd, 4096) }
        } catch {
            System.close(fd)
            throw error
        }
        return fd
    }

    private static func boundPort(_ fd: Int32) throws(SystemError) -> Int {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try syscall("getsockname") {
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
        }
        return withUnsafeBytes(of: address) { bytes in
            Int(UInt16(bigEndian: bytes.load(fromByteOffset: 2, as: UInt16.self)))
        }
    }

    /// Lifts the soft limit on open files to the hard one: idle keep-alive
    /// connections are cheap, but each needs a descriptor.
    private static func raiseDescriptorLimit() {
        var limit = rlimit()
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        // Failing either way leaves the default limit, which serves fewer idle clients but serves.
        guard (try? syscall("getrlimit") { getrlimit(resource, &limit) }) != nil,
            limit.rlim_cur < limit.rlim_max
        else { return }
        limit.rlim_cur = limit.rlim_max
        _ = try? syscall("setrlimit") { setrlimit(resource, &limit) }
    }
}
