/// A loop's accepting state: its listening socket (-1 once closed), the pause
/// taken when descriptors ran out, and the serial the next connection gets.
/// Makes no system call itself; the loop acts on what it answers.
struct Listener {
    /// The listening socket, -1 once the loop stopped listening.
    private(set) var fd: Int32
    /// Until when (ms) listening is paused for want of descriptors (0: not paused).
    private(set) var pausedUntil: UInt64 = 0
    private var lastSerial: UInt64 = 0

    /// How long (ms) listening pauses when descriptors run out.
    static let pause: UInt64 = 100

    init(fd: Int32) {
        self.fd = fd
    }

    /// Whether `tag` (an epoll event's) is the listening socket's.
    func isListening(_ tag: Int32) -> Bool { tag == fd }

    /// A serial no connection of the process had (with the loop's index, in traces).
    mutating func nextSerial() -> UInt64 {
        lastSerial += 1
        return lastSerial
    }

    /// Out of descriptors at `now` (ms): listening pauses for `pause`.
    mutating func pause(now: UInt64) {
        pausedUntil = now + Self.pause
    }

    /// Whether a pause is over at `now` (ms): if so, it is ended and listening resumes.
    mutating func resumeIfDue(now: UInt64) -> Bool {
        guard pausedUntil != 0, now >= pausedUntil else { return false }
        pausedUntil = 0
        return true
    }

    /// The socket, handed over to be closed: the loop listens no more.
    mutating func close() -> Int32 {
        defer { fd = -1 }
        return fd
    }
}
