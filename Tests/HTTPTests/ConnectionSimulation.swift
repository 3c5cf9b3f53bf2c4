import TestSupport

@testable import HTTP

/// One connection played out with no socket: a scripted client's pipelined
/// requests arrive in random pieces, the real `RequestParser` reads them, and
/// this plays the event loop's part (as `EventLoop+Reading` and `+Writing` do)
/// between the parser, routes, sinks, streams, a socket of random room, and
/// `ConnectionStateMachine`. Every event the machine is given goes to
/// `ConnectionModel` too; after each, their answers and states must agree.
/// What the client sees is checked against RFC 9112's rules besides.
struct ConnectionSimulation {
    typealias Machine = ConnectionStateMachine
    typealias Action = Machine.Action

    static var rules: Machine.Rules {
        var rules = Machine.Rules()
        rules.outputHighWater = 1000
        return rules
    }

    /// An answer the client got: to which request, its status, whether it closes.
    struct Answer: Equatable {
        var request: Int?
        var status: Int
        var close: Bool
    }

    let script: [ScriptedRequest]
    let input: [UInt8]
    /// Where each request starts in `input`.
    let starts: [Int]
    var machine: Machine
    var model: ConnectionModel
    var parser = RequestParser()
    var now: UInt64 = 0
    var random: SeededGenerator

    // The client.
    var delivered = 0
    var clientClosed = false
    /// The server has read the client's half-close.
    var closeRead = false
    var answers: [Answer] = []
    // The server's side of the connection.
    var open = true
    var pending: [UInt8] = []
    var unsent = 0
    var room = 0
    var streamChunks: Int?
    var events: (queued: Int, finished: Bool, chunked: Bool)?
    var request: Int?  // the request being read (head parsed, end not yet)
    var heads = 0
    var ended: Set<Int> = []
    var sinkOpen = false
    var sinkFull = false
    var awaitingSink: Int?
    var closeQueued = false
    var stopping = false
    var log: [String] = []
    /// The machine states a run went through (by name).
    var visited: Set<String> = []
    var failures: [String] = []

    init(script: [ScriptedRequest], seed: UInt64) {
        self.script = script
        var input: [UInt8] = []
        var starts: [Int] = []
        for request in script {
            starts.append(input.count)
            input += request.bytes
        }
        self.input = input
        self.starts = starts
        random = SeededGenerator(seed: seed)
        machine = Machine(rules: Self.rules, now: 0)
        model = ConnectionModel(rules: Self.rules, now: 0)
    }

    // MARK: - Both sides of each event

    mutating func fail(_ message: String) {
        failures.append("\(message) (after: \(log.suffix(12).joined(separator: "; ")))")
    }

    /// Applies one event to the machine and the model; their actions and states must agree.
    mutating func both(
        _ name: String, _ onMachine: (inout Machine) -> Action, _ onModel: (inout ConnectionModel) -> Action
    ) -> Action {
        let action = onMachine(&machine)
        let expected = onModel(&model)
        log.append("\(name)@\(now) -> \(describe(action))")
        if describe(action) != describe(expected) {
            fail("\(name): the machine answered \(describe(action)), the model \(describe(expected))")
        }
        compareStates(after: name)
        return action
    }

    mutating func compareStates(after name: String) {
        let agree =
            machine.state == model.expectedState && machine.output == model.expectedOutput
            && machine.held == model.expectedHold && machine.watchingWrites == model.socketFull
            && machine.wantsRead == model.wantsRead && machine.wantsWrite == model.wantsWrite
            && machine.mayParse == model.mayParse && machine.isIdle == model.isIdle
            && machine.lastActivity == model.lastIO
            && machine.closesAfterResponse(keepAlive: true) == model.closesAfterResponse(keepAlive: true)
        if !agree {
            fail(
                "after \(name): machine \(machine.state) \(machine.output) held \(machine.held.rawValue)"
                    + " watching \(machine.watchingWrites) io \(machine.lastActivity)"
                    + " closes \(machine.closesAfterResponse(keepAlive: true)); model"
                    + " \(model.expectedState) \(model.expectedOutput) held \(model.expectedHold.rawValue)"
                    + " watching \(model.socketFull) io \(model.lastIO)"
                    + " closes \(model.closesAfterResponse(keepAlive: true))")
        }
    }

    // MARK: - The loop's part: reading

    /// The socket is readable: some of the client's bytes, or its close.
    mutating func readable() {
        guard open, machine.wantsRead else { return }
        let left = input.count - delivered
        guard left > 0 || clientClosed else { return }
        let count = left == 0 ? 0 : 1 + Int(random.next() % UInt64(min(left, 200)))
        let bytes = Array(input[delivered..<(delivered + count)])
        delivered += count
        if machine.state == .streamingEvents {
            if count == 0 { closeRead = true }
            if count == 0 { perform(both("peerClosed", { $0.peerClosed() }, { $0.peerClosed() })) }
            return
        }
        if case .lingering = machine.state {
            guard count > 0 else { return drop() }
            return perform(
                both(
                    "bytesReceived", { [now] in $0.bytesReceived(now: now) },
                    { [now] in $0.bytesReceived(now: now) }))
        }
        guard count > 0 else {
            closeRead = true
            perform(both("peerClosed", { $0.peerClosed() }, { $0.peerClosed() }))
            if open { flush() }
            return
        }
        _ = both(
            "bytesReceived", { [now] in $0.bytesReceived(now: now) }, { [now] in $0.bytesReceived(now: now) })
        process(bytes)
    }

    mutating func process(_ bytes: [UInt8]) {
        pending += bytes
        let consumed = parse(pending)
        pending = consumed < pending.count && keepsUnparsed ? Array(pending[consumed...]) : []
        if !pending.isEmpty {
            machine.bytesBuffered(now: now)
            model.bytesBuffered(now: now)
            log.append("bytesBuffered@\(now)")
            compareStates(after: "bytesBuffered")
        }
        if open { flush() }
    }

    var keepsUnparsed: Bool {
        switch machine.state {
        case .closing, .lingering, .streamingEvents, .closed: false
        default: open
        }
    }

    mutating func parse(_ input: [UInt8]) -> Int {
        var offset = 0
        while machine.mayParse {
            let step: (event: RequestParser.Event?, consumed: Int)
            do {
                step = try input.withUnsafeBytes {
                    try parser.next(UnsafeRawBufferPointer(rebasing: $0[offset...]))
                }
            } catch {
                sinkOpen = false
                respond(
                    to: heads, status: (error as? HTTPError)?.status ?? 400, streamed: false, close: true,
                    early: true)
                break
            }
            offset += step.consumed
            switch step.event {
            case .head(let head)?: begin(head)
            case .body(let range)?: receive(range.count)
            case .end?: finish()
            case nil: if step.consumed == 0 { return offset }
            }
        }
        return offset
    }

    mutating func begin(_ head: RequestHead) {
        let index = heads
        heads += 1
        request = index
        if closeQueued { fail("request \(index) was parsed after an answer that closes the connection") }
        let scripted = script[index]
        if head.keepAlive != scripted.keepAlive { fail("request \(index): keepAlive \(head.keepAlive)") }
        var length: Int?
        if case .length(let value) = head.framing { length = value }
        let bodied = head.framing != .none
        if scripted.route == .missing {
            _ = both(
                "headReceived(answered)",
                { [now] in
                    $0.headReceived(
                        target: .answered, limit: 0, length: nil, expectsContinue: false, now: now)
                },
                { [now] in
                    $0.headReceived(
                        target: .answered, limit: 0, length: nil, expectsContinue: false, now: now)
                })
            // As the loop: closing when the body is not read, or when the request asked to.
            return respond(
                to: index, status: 404, streamed: false, close: bodied || closes(scripted.keepAlive),
                early: true)
        }
        let sink = scripted.route == .upload && bodied
        let target: Machine.Target = sink ? .sink : .buffer
        let limit = scripted.route == .upload ? ScriptedRequest.sinkLimit : ScriptedRequest.echoLimit
        let expects = head.expectsContinue
        let action = both(
            "headReceived(\(target), \(length.map(String.init) ?? "-"))",
            { [now] in
                $0.headReceived(
                    target: target, limit: limit, length: length, expectsContinue: expects, now: now)
            },
            { [now] in
                $0.headReceived(
                    target: target, limit: limit, length: length, expectsContinue: expects, now: now)
            })
        if case .refuse(let error) = action {
            return respond(to: index, status: error.status, streamed: false, close: true, early: true)
        }
        sinkOpen = sink
        sinkFull = false
        if action == .sendContinue { unsent += 25 }
    }

    mutating func receive(_ count: Int) {
        let action = both(
            "bodyReceived(\(count))", { [now] in $0.bodyReceived(count: count, now: now) },
            { [now] in $0.bodyReceived(count: count, now: now) })
        guard action == .deliverBody else { return perform(action) }
        guard sinkOpen, random.next() % 3 == 0 else { return }
        sinkFull = true
        _ = both("sinkRefused", { $0.sinkRefused() }, { $0.sinkRefused() })
    }

    mutating func finish() {
        let action = both(
            "requestEnded", { [now] in $0.requestEnded(now: now) }, { [now] in $0.requestEnded(now: now) })
        guard let index = request else { return }
        request = nil
        ended.insert(index)
        switch action {
        case .callHandler:
            let keepAlive = script[index].keepAlive
            respond(
                to: index, status: 200, streamed: script[index].route == .stream, close: closes(keepAlive))
        case .finishSink:
            sinkOpen = false
            awaitingSink = index
        default:
            break
        }
    }

    func closes(_ keepAlive: Bool) -> Bool { machine.closesAfterResponse(keepAlive: keepAlive) }

    /// The sink's answer arrives (posted to the loop).
    mutating func sinkAnswers() {
        guard open, let index = awaitingSink else { return }
        awaitingSink = nil
        let action = both(
            "handlerAnswered", { [now] in $0.handlerAnswered(now: now) },
            { [now] in $0.handlerAnswered(now: now) })
        guard action != .none else { return }
        respond(to: index, status: 201, streamed: false, close: closes(script[index].keepAlive))
        perform(action)
    }

    /// The sink caught up (posted to the loop).
    mutating func sinkResumes() {
        guard open, sinkFull else { return }
        sinkFull = false
        perform(
            both("sinkResumed", { [now] in $0.sinkResumed(now: now) }, { [now] in $0.sinkResumed(now: now) }))
    }
}
