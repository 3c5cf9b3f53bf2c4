import HTTP
import Requests

/// The query string of `GET /window?<input>` and its strict parameters. Bytes a
/// request target cannot hold (the parser passes visible ASCII only) are sent
/// percent-encoded, so every input is a query the server could be given.
///
/// - `queryItems()` splits on `&` (empty pieces dropped) and, without `%` or `+`,
///   hands back the pieces as they are; it fails only on a `%` escape, with a 400.
///   Its items, percent-encoded again and joined, parse back to the same items.
/// - `WindowQuery` accepts exactly what an independent statement of the contract's
///   rules accepts (only its parameter names, each at most once, one of offset,
///   row and name (a name of at most 64 characters, not all white space) and height present, a `q` of at most 256 characters and 16 words,
///   numbers in plain decimal notation, finite, in range, height above 0, `ack` a
///   whole number, `session` an id, `rtt` 0 to 10,000 ms, `speed` within
///   1,000,000 px/s either way), with the same values; refusals are 400
///   `invalid_parameter`. Whatever it accepts is never NaN or infinite, and never
///   negative but for `speed`.
/// - The request line carrying the query parses (414 past 8 KiB), and the
///   parser's target gives back the same query.
enum QueryTarget {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        var text = ""
        for byte in bytes {
            if byte > 0x20 && byte < 0x7F {
                text.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                text += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        let head = RequestHead(method: "GET", target: "/window?" + text)
        let query = head.query ?? ""
        try checkRequestLine(text, query: query)

        let items: [(name: String, value: String)]
        do {
            items = try Request(head: head).queryItems()
        } catch {
            try require(error.status == 400, "queryItems failed with \(error)")
            try require(query.utf8.contains(0x25), "queryItems refused a query without escapes: \(query)")
            return
        }
        try checkItems(items, of: query)
        var random = InputRandom(bytes)
        let reencoded = items.map { encode($0.name, &random) + "=" + encode($0.value, &random) }
            .joined(separator: "&")
        let again = try? Request(head: RequestHead(method: "GET", target: "/window?" + reencoded))
            .queryItems()
        try require(
            again.map { $0.elementsEqual(items, by: ==) } == true,
            "items \(items) encoded as \(reencoded) parse as \(again.map { "\($0)" } ?? "an error")")

        let expected = Expectation(items)
        let parsed: WindowQuery
        do {
            parsed = try WindowQuery(items)
        } catch {
            try require(
                error.status == 400
                    && error.code == "invalid_parameter",
                "WindowQuery refused \(items) with \(error)")
            try require(expected == nil, "WindowQuery refused \(items), which the rules allow: \(error)")
            return
        }
        guard let expected else {
            throw FuzzFailure("WindowQuery accepted \(items) as \(parsed); the rules forbid it")
        }
        try require(
            parsed.offset.isFinite && parsed.offset >= 0 && parsed.offset <= WindowQuery.maxOffset
                && parsed.height.isFinite && parsed.height > 0 && parsed.height <= WindowQuery.maxHeight
                && parsed.overscan.isFinite && parsed.overscan >= 0
                && parsed.overscan <= WindowQuery.maxOverscan
                && (parsed.ack ?? 0) >= 0,
            "WindowQuery accepted out-of-range values: \(parsed)")
        try require(
            parsed.offset == expected.offset && parsed.row == expected.row && parsed.name == expected.name
                && parsed.height == expected.height
                && parsed.overscan == expected.overscan && parsed.ack == expected.ack
                && parsed.session == expected.session && parsed.rtt == expected.rtt
                && parsed.speed == expected.speed,
            "WindowQuery read \(items) as \(parsed), expected \(expected)")
    }

    /// Without `%` or `+`, items are the `&`-separated pieces split at their first `=`.
    private static func checkItems(_ items: [(name: String, value: String)], of query: Substring)
        throws(FuzzFailure)
    {
        let pieces = query.utf8.split(separator: UInt8(ascii: "&"))
        try require(
            items.count == pieces.count, "\(items.count) items from \(pieces.count) pieces of \(query)")
        guard !query.utf8.contains(UInt8(ascii: "%")) && !query.utf8.contains(UInt8(ascii: "+")) else {
            return
        }
        for (item, piece) in zip(items, pieces) {
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let name = Array(piece[..<(equals ?? piece.endIndex)])
            let value = equals.map { Array(piece[piece.index(after: $0)...]) } ?? []
            try require(
                Array(item.name.utf8) == name && Array(item.value.utf8) == value, "item \(item) from \(query)"
            )
        }
    }

    /// A request line carrying the query text parses (or is 414, over 8 KiB), and
    /// its head's query is the text up to any `#`.
    private static func checkRequestLine(_ text: String, query: Substring) throws(FuzzFailure) {
        let line = "GET /window?\(text) HTTP/1.1"
        let message = Array("\(line)\r\nHost: fuzz\r\n\r\n".utf8)
        let run = try ParserRun(message, pieces: [0..<message.count], stopAfterEnd: true)
        if line.utf8.count > RequestParser.Limits().requestLine {
            guard case .error(let error)? = run.outcomes.first, error.status == 414 else {
                throw FuzzFailure("a request line over the limit gave \(run.outcomes)")
            }
            return
        }
        guard case .head(let head)? = run.outcomes.first else {
            throw FuzzFailure("the parser refused the request line: \(run.outcomes)")
        }
        try require(head.query == query, "the parser's query \(head.query ?? "nil") is not \(query)")
    }

    /// `text` percent-encoded: unreserved characters as they are, a space as `+`
    /// or `%20`, everything else as `%XX` in either case.
    static func encode(_ text: String, _ random: inout InputRandom) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            case UInt8(ascii: " ") where random.next() % 2 == 0:
                encoded += "+"
            default:
                let hex = String(byte, radix: 16, uppercase: random.next() % 2 == 0)
                encoded += "%" + (byte < 16 ? "0" : "") + hex
            }
        }
        return encoded
    }

    /// What the contract's rules make of the items, stated apart from `WindowQuery`:
    /// nil when they must be refused.
    struct Expectation: Equatable {
        var offset: Double
        var row: Int?
        var name: String?
        var height: Double
        var overscan: Double
        var session: String?
        var ack: Int?
        var rtt: Double?
        var speed: Double?

        init?(_ items: [(name: String, value: String)]) {
            let names = [
                "offset", "row", "name", "height", "overscan", "session", "ack", "q", "rtt", "speed",
            ]
            guard items.allSatisfy({ names.contains($0.name) }) else { return nil }
            var values: [String: String] = [:]
            for name in names {
                let given = items.filter { $0.name == name }
                if given.count > 1 { return nil }
                values[name] = given.first?.value
            }
            switch (values["offset"], values["row"], values["name"]) {
            case (let text?, nil, nil):
                guard let offset = Self.pixels(text, upTo: 1e12) else { return nil }
                self.offset = offset
            case (nil, nil, let text?):
                // Type-ahead: at most 64 characters, one of them not white space or NUL.
                let blank: Set<UInt8> = [0, 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D]
                guard text.unicodeScalars.count <= 64, text.utf8.contains(where: { !blank.contains($0) })
                else {
                    return nil
                }
                offset = 0
                name = text
            case (nil, let text?, nil):
                guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
                else { return nil }
                offset = 0
                row = Int(text)
            default:
                return nil
            }
            guard let height = values["height"].flatMap({ Self.pixels($0, upTo: 20_000) }), height > 0
            else { return nil }
            self.height = height
            // A q searches: at most 256 characters and 16 words (split as the index splits them).
            if let q = values["q"], q.unicodeScalars.count > 256 || WindowQuery.wordRuns(q) > 16 {
                return nil
            }
            if let text = values["overscan"] {
                guard let overscan = Self.pixels(text, upTo: 5_000) else { return nil }
                self.overscan = overscan
            } else {
                overscan = 0
            }
            if let text = values["rtt"] {
                guard let rtt = Self.pixels(text, upTo: 10_000) else { return nil }
                self.rtt = rtt
            }
            if let text = values["speed"] {
                // Signed: a minus sign and its magnitude, within 1,000,000 either way.
                let magnitude = text.hasPrefix("-") ? String(text.dropFirst()) : text
                guard !magnitude.hasPrefix("-"), let value = Self.pixels(magnitude, upTo: 1_000_000) else {
                    return nil
                }
                speed = text.hasPrefix("-") ? -value : value
            }
            if let text = values["ack"] {
                guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
                else { return nil }
                ack = Int(text)
            }
            if let text = values["session"] {
                let idBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".utf8)
                guard (1...64).contains(text.utf8.count), text.utf8.allSatisfy(idBytes.contains) else {
                    return nil
                }
                session = text
            }
        }

        /// A JSON number (`-? int frac? exp?`, any leading zeros) that is finite
        /// and within `0...limit`.
        private static func pixels(_ text: String, upTo limit: Double) -> Double? {
            // States: 0 start, 1 after -, 2 int digits, 3 after ., 4 frac digits,
            // 5 after e, 6 after exponent sign, 7 exponent digits. Accepting: 2, 4, 7.
            var state = 0
            for byte in text.utf8 {
                let digit = (0x30...0x39).contains(byte)
                switch (state, byte) {
                case (0, UInt8(ascii: "-")): state = 1
                case (0, _) where digit, (1, _) where digit, (2, _) where digit: state = 2
                case (2, UInt8(ascii: ".")): state = 3
                case (3, _) where digit, (4, _) where digit: state = 4
                case (2, UInt8(ascii: "e")), (2, UInt8(ascii: "E")), (4, UInt8(ascii: "e")),
                    (4, UInt8(ascii: "E")):
                    state = 5
                case (5, UInt8(ascii: "+")), (5, UInt8(ascii: "-")): state = 6
                case (5, _) where digit, (6, _) where digit, (7, _) where digit: state = 7
                default: return nil
                }
            }
            guard [2, 4, 7].contains(state), let value = Double(text), value.isFinite,
                value >= 0, value <= limit
            else { return nil }
            return value
        }
    }
}
