/// One client connection on its event loop: the socket, its state machine, and
/// its two sides, `ReadSide` (the bytes received, the parser, the request being
/// read) and `WriteSide` (the bytes to send, a body or event stream producing
/// more). The state machine decides; the sides hold what the loop needs to carry
/// its decisions out, each changed only through its own methods.
final class Connection {
    let fd: Int32
    /// Unique for the process: a task posted for a connection that has closed
    /// must not reach a new connection that got the same descriptor.
    let serial: UInt64
    /// The peer's address as text (`PeerAddress`), given to every request as `Request.client`.
    let peer: String
    /// With `--trace-requests`: the client's address and port.
    let tracePeer: String
    var machine: ConnectionStateMachine
    var readSide: ReadSide
    var writeSide = WriteSide()
    /// The epoll interest registered now.
    private(set) var registered: UInt32 = ConnectionStateMachine.readInterest

    init(
        fd: Int32, serial: UInt64, peer: String = "", tracePeer: String = "", limits: RequestParser.Limits,
        rules: ConnectionStateMachine.Rules, now: UInt64
    ) {
        self.fd = fd
        self.serial = serial
        self.peer = peer
        self.tracePeer = tracePeer
        self.readSide = ReadSide(limits: limits)
        self.machine = ConnectionStateMachine(rules: rules, now: now)
    }

    /// The interest the state machine wants, when it differs from the one
    /// registered (which it then becomes); nil when it is the same.
    func interestChange() -> UInt32? {
        let wanted = machine.interest
        guard wanted != registered else { return nil }
        registered = wanted
        return wanted
    }
}
