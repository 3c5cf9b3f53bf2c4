import TestSupport
import Testing

@testable import HTTP

/// Random event sequences against a reference model: each run is a seeded
/// client pipelining random requests (bodies by length and chunked, uploads to
/// a sink, streamed answers, event streams, routing errors, bodies over the
/// limit, Connection: close, HTTP/1.0), their bytes arriving in random pieces,
/// among the socket filling and draining, sinks pausing and answering late,
/// time passing (timeouts), the client half-closing, send failures and the
/// server stopping. `ConnectionSimulation` plays the loop; every event goes to
/// `ConnectionStateMachine` and to `ConnectionModel`, which must agree after each
/// one; the client checks the RFC 9112 rules of what it gets. A failure names
/// its seed and the events before it, so it replays.
struct ConnectionStateMachineModelTests {
    /// A run: `requests` random requests and `steps` random events (`patient`:
    /// a client that never leaves or stalls, and a server that neither stops nor fails).
    static func run(seed: UInt64, requests: Int, steps: Int, patient: Bool) -> ConnectionSimulation {
        var random = SeededGenerator(seed: seed)
        let script = (0..<requests).map { _ in
            ScriptedRequest.random(using: &random, allowingGarbage: !patient)
        }
        var simulation = ConnectionSimulation(script: script, seed: random.next())
        for _ in 0..<steps where simulation.failures.isEmpty {
            simulation.step(patient: patient)
        }
        return simulation
    }

    static func report(_ simulation: ConnectionSimulation, seed: UInt64) -> Comment {
        "seed \(seed): \(simulation.failures.first ?? "")"
    }

    @Test(arguments: 0..<8)
    func randomEventSequencesAgreeWithTheReferenceModel(batch: UInt64) {
        for seed in (batch * 250)..<((batch + 1) * 250) {
            let simulation = Self.run(seed: seed, requests: 1 + Int(seed % 6), steps: 160, patient: false)
            #expect(simulation.failures.isEmpty, Self.report(simulation, seed: seed))
            if !simulation.failures.isEmpty { return }
        }
    }

    @Test(arguments: 0..<4)
    func aPatientClientGetsEveryAnswerInRequestOrder(batch: UInt64) {
        for seed in (batch * 250)..<((batch + 1) * 250) {
            var simulation = Self.run(seed: seed, requests: 1 + Int(seed % 7), steps: 120, patient: true)
            simulation.settle()
            #expect(simulation.failures.isEmpty, Self.report(simulation, seed: seed))
            if !simulation.failures.isEmpty { return }
            let answered = simulation.answers.compactMap(\.request)
            #expect(answered == Array(0..<answered.count), "seed \(seed): answers \(answered)")
            // Every request is answered, unless an answer that ends the connection came first.
            let last = answered.last.map { simulation.script[$0] }
            let ended = simulation.answers.last?.close == true || last?.route == .events
            #expect(
                answered.count == simulation.script.count || ended, "seed \(seed): \(answered.count) answers")
            if !ended {
                #expect(
                    simulation.open && simulation.machine.isIdle, "seed \(seed): \(simulation.machine.state)")
            }
        }
    }

    @Test func theRandomRunsReachEveryStateAndAction() {
        var states: Set<String> = []
        var actions: Set<String> = []
        for seed in UInt64(0)..<400 {
            let simulation = Self.run(
                seed: seed, requests: 1 + Int(seed % 6), steps: 160, patient: seed % 2 == 0)
            for line in simulation.log {
                guard let arrow = line.range(of: " -> ") else { continue }
                actions.insert(String(line[arrow.upperBound...].prefix(while: { $0 != "(" })))
            }
            states.formUnion(simulation.visited)
        }
        let everyState = [
            "idle", "readingHead", "readingBody", "awaitingHandler", "closing", "streamingEvents",
            "lingering",
            "closed",
        ]
        #expect(Set(everyState).isSubset(of: states), "reached \(states.sorted())")
        let everyAction = [
            "none", "parse", "pauseReading", "resumeReading", "sendContinue", "deliverBody", "callHandler",
            "finishSink", "refuse", "watchWrites", "linger", "close", "sendEvents", "sendHeartbeat",
            "endEvents",
        ]
        #expect(Set(everyAction).isSubset(of: actions), "answered \(actions.sorted())")
        let refusals = ["refuse(408)", "refuse(413)"]
        let logged = (0..<400).flatMap { Self.run(seed: $0, requests: 4, steps: 160, patient: false).log }
        for refusal in refusals {
            #expect(logged.contains { $0.hasSuffix(refusal) }, "no run got \(refusal)")
        }
    }
}

extension ConnectionSimulation {
    /// One random event of the world.
    mutating func step(patient: Bool) {
        switch random.next() % 100 {
        case 0..<34: readable()
        case 34..<52: clientReads(Int(random.next() % 1500))
        case 52..<60: sinkResumes()
        case 60..<67: sinkAnswers()
        case 67..<72: eventsArrive(1 + Int(random.next() % 3), finishing: random.next() % 4 == 0)
        case 72..<90: advance(patient ? 1 + random.next() % 10 : 1 + random.next() % 300)
        case 90..<95 where !patient:
            let jumps: [UInt64] = [2_001, 10_001, 15_000, 30_001, 60_001]
            advance(jumps[Int(random.next() % UInt64(jumps.count))] + random.next() % 500)
        case 95 where !patient: clientClosed = clientClosed || random.next() % 2 == 0
        case 96 where !patient: if random.next() % 3 == 0 { stop(grace: random.next() % 6000) }
        case 97 where !patient: if random.next() % 8 == 0 { sendFails() }
        default: readable()
        }
        visited.insert(String("\(machine.state)".prefix(while: { $0 != "(" })))
    }

    /// Goes on until nothing changes: the client sends and reads everything,
    /// sinks catch up and answer, event streams finish.
    mutating func settle() {
        for _ in 0..<3000 where failures.isEmpty {
            readable()
            clientReads(4000)
            sinkResumes()
            sinkAnswers()
            eventsArrive(0, finishing: true)
            advance(1)
        }
    }
}
