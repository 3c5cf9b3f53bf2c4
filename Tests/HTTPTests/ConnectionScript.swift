import TestSupport

@testable import HTTP

/// One request a simulated client sends, and what the simulated server's
/// routes do with it.
struct ScriptedRequest {
    enum Route: CaseIterable {
        /// GET, a small answer.
        case plain
        /// GET, an answer past the output high water.
        case big
        /// GET, a streamed answer of some chunks.
        case stream
        /// GET, an event stream.
        case events
        /// PUT with a body for a sink (at most `ScriptedRequest.sinkLimit` bytes), answered later.
        case upload
        /// POST with a body read whole (at most `ScriptedRequest.echoLimit` bytes).
        case echo
        /// GET (maybe with a body) of no route: 404 at the head.
        case missing
        /// Bytes that are not a request: 400.
        case garbage
    }

    static let sinkLimit = 300
    static let echoLimit = 64

    var route: Route
    var http10 = false
    /// The Connection field sent, if any.
    var connection: String?
    var body: [UInt8]?
    var chunked = false
    var expectContinue = false

    /// RFC 9112 9.3: HTTP/1.1 persists unless the client sends `close`;
    /// HTTP/1.0 persists only with `keep-alive`.
    var keepAlive: Bool { http10 ? connection == "keep-alive" : connection != "close" }

    /// The request on the wire.
    var bytes: [UInt8] {
        if route == .garbage { return Array("NOT A REQUEST\r\n\r\n".utf8) }
        let (method, path): (String, String) =
            switch route {
            case .plain: ("GET", "/plain")
            case .big: ("GET", "/big")
            case .stream: ("GET", "/stream")
            case .events: ("GET", "/events")
            case .upload: ("PUT", "/upload")
            case .echo: ("POST", "/echo")
            case .missing, .garbage: ("GET", "/missing")
            }
        var head = "\(method) \(path) HTTP/1.\(http10 ? 0 : 1)\r\nHost: x\r\n"
        if let connection { head += "Connection: \(connection)\r\n" }
        if expectContinue { head += "Expect: 100-continue\r\n" }
        guard let body else { return Array((head + "\r\n").utf8) }
        if !chunked { return Array((head + "Content-Length: \(body.count)\r\n\r\n").utf8) + body }
        var bytes = Array((head + "Transfer-Encoding: chunked\r\n\r\n").utf8)
        var rest = body[...]
        var size = 1
        while !rest.isEmpty {
            let piece = rest.prefix(size)
            bytes += Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8)
            rest = rest.dropFirst(piece.count)
            size = size * 3 + 1
        }
        return bytes + Array("0\r\n\r\n".utf8)
    }

    /// A random request: mostly plain ones, each kind of body and framing now and then.
    static func random(using random: inout SeededGenerator, allowingGarbage: Bool) -> ScriptedRequest {
        let routes: [Route] = [.plain, .plain, .big, .stream, .events, .upload, .upload, .echo, .missing]
        var request = ScriptedRequest(route: routes[Int(random.next() % UInt64(routes.count))])
        if allowingGarbage && random.next() % 25 == 0 { request.route = .garbage }
        request.http10 = random.next() % 8 == 0
        switch random.next() % 8 {
        case 0: request.connection = "close"
        case 1: request.connection = "keep-alive"
        default: break
        }
        let hasBody =
            switch request.route {
            case .upload: random.next() % 6 != 0
            case .echo: true
            case .missing: random.next() % 3 == 0
            default: false
            }
        if hasBody {
            let limit = request.route == .upload ? sinkLimit : echoLimit
            let size = Int(random.next() % UInt64(limit * 5 / 4 + 1))
            request.body = (0..<size).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            request.chunked = !request.http10 && random.next() % 3 == 0
            request.expectContinue = !request.http10 && random.next() % 4 == 0
        }
        return request
    }
}

/// Writes a machine action as the log and the comparisons read it (a refusal by its status).
func describe(_ action: ConnectionStateMachine.Action) -> String {
    if case .refuse(let error) = action { return "refuse(\(error.status))" }
    return "\(action)"
}
