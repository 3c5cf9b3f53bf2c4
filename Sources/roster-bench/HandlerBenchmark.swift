import App
import Codecs
import Contacts
import HTTP
import Platform

/// The window handler called in process on random offsets (no sockets), then the
/// gzip of its body as answers are compressed (igzip, `ContentEncoder`): the
/// application's own cost per request. Needs a seeded
/// database: `roster-bench handler DB [REQUESTS]` (default 50,000).
enum HandlerBenchmark {
    static func run() {
        guard CommandLine.arguments.count > 2 else {
            print("usage: roster-bench handler DATABASE [REQUESTS]")
            return
        }
        do {
            var options = ServeOptions()
            options.database = CommandLine.arguments[2]
            options.seed = 0
            let application = try Application(options: options)
            let router = try application.makeRouter()
            let encoder = ContentEncoder()
            var compressed = 0
            let probe = try router.match(method: "GET", path: "/sections")
            let sections = try probe.handler(Request(head: RequestHead(method: "GET", target: "/sections")))
            guard case .bytes(let sectionsBody) = sections.body, !sectionsBody.isEmpty else { return }
            var random = SeededRandom(seed: 7)  // the same windows every run, so runs compare
            let requests = CommandLine.arguments.count > 3 ? Int(CommandLine.arguments[3]) ?? 50_000 : 50_000
            var handler: UInt64 = 0
            var compress: UInt64 = 0
            var bytes = 0
            for _ in 0..<requests {
                let offset = Int.random(in: 0..<50_000_000, using: &random)
                let head = RequestHead(method: "GET", target: "/window?offset=\(offset)&height=800")
                let start = MonotonicClock.system.nanoseconds()
                let match = try router.match(method: "GET", path: head.path)
                let response = try match.handler(Request(head: head, parameters: match.parameters))
                let handled = MonotonicClock.system.nanoseconds()
                if case .bytes(let body) = response.body {
                    bytes += body.count
                    compressed += encoder.encode(body, as: .gzip).count
                }
                compress += MonotonicClock.system.nanoseconds() - handled
                handler += handled - start
            }
            print("handler window bytes: \(bytes / requests)")
            print(
                "handler gzip us: \(Double(compress) / 1e3 / Double(requests)), bytes \(compressed / requests)"
            )
            print("handler window us: \(Double(handler) / 1e3 / Double(requests))")
        } catch {
            print("handler error: \(error)")
        }
    }
}
