import Foundation
import Testing

@testable import HTTP

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM stop the server at any moment after `stopOnSignals()`, in a
/// process of their own (an exit test), so the signals reach nothing else.
struct SignalStopTests {
    /// Starts a server that stops on signals, sends `signals` to this process before
    /// the loops have run a single turn, and exits 0 once the server has stopped.
    /// A signal lost would leave `wait()` blocked: SIGALRM then fails the test.
    static func stopsOn(_ signals: [Int32], beforeStart: Bool = false) -> Never {
        alarm(10)
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.loops = 2
        let server = Server(configuration: configuration) { _ in Router() }
        server.stopOnSignals()
        if beforeStart {
            // As the signal's watcher would, had one come while the server was starting.
            server.stop()
        }
        try? server.start()
        for signalNumber in signals { kill(getpid(), signalNumber) }
        server.wait()
        exit(0)
    }

    @Test func aSIGTERMTheMomentTheServerStartsStopsItAndItExitsZero() async {
        await #expect(processExitsWith: .success) { SignalStopTests.stopsOn([SIGTERM]) }
    }

    @Test func aSIGINTTheMomentTheServerStartsStopsItAndItExitsZero() async {
        await #expect(processExitsWith: .success) { SignalStopTests.stopsOn([SIGINT]) }
    }

    @Test func aSecondSignalDuringTheGraceIsHarmless() async {
        await #expect(processExitsWith: .success) { SignalStopTests.stopsOn([SIGTERM, SIGTERM]) }
    }

    @Test func aStopAskedWhileTheServerStartsStopsItsLoopsAsTheyStart() async {
        await #expect(processExitsWith: .success) { SignalStopTests.stopsOn([], beforeStart: true) }
    }
}
