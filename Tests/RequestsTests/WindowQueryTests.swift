import HTTP
import Testing

@testable import Requests

/// The `WindowQuery` of a query string as the server splits one (`name=value` pieces by `&`).
private func parse(_ query: String) throws(HTTPError) -> WindowQuery {
    let items = query.split(separator: "&").map { piece in
        let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        return (name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
    }
    return try WindowQuery(items)
}

/// `WindowQuery` on its own: which names it takes and how `row` and `q` read.
struct WindowQueryTests {
    @Test func everyParameterAPIMdListsIsTaken() throws {
        let query = try parse("row=7&height=800&overscan=10&session=abc&ack=2&q=")
        #expect(query == WindowQuery(offset: 0, row: 7, height: 800, overscan: 10, session: "abc", ack: 2))
        #expect(try parse("offset=12.5&height=1").offset == 12.5)
        #expect(try parse("offset=12.5&height=1").row == nil)
    }

    @Test(arguments: ["zoom", "OFFSET", "offset ", "_", "rows"])
    func anUnknownNameIsRefusedByName(name: String) {
        #expect {
            try parse("offset=0&height=1&\(name)=1")
        } throws: { error in
            let error = error as! HTTPError
            return error.status == 400 && error.code == "invalid_parameter" && error.message.contains(name)
        }
    }

    @Test func rowAndOffsetTogetherAreRefused() {
        #expect(throws: HTTPError.self) { try parse("row=1&offset=0&height=1") }
    }

    @Test(arguments: ["", " ", "-", "'", "%"])
    func aQueryWithoutAWordIsAccepted(q: String) throws {
        #expect(try parse("offset=0&height=1&q=\(q)").row == nil)
    }

    @Test func aQueryIsItsFoldedWordsWithinItsLimits() throws {
        #expect(try parse("offset=0&height=1&q=O'Brien Øst").search == ["o", "brien", "ost"])
        let long = String(repeating: "a", count: 257)
        #expect(throws: HTTPError.self) { try parse("offset=0&height=1&q=\(long)") }
        let many = (0..<17).map { "w\($0)" }.joined(separator: "+")
        #expect(throws: HTTPError.self) { try parse("offset=0&height=1&q=\(many)") }
        #expect(
            try parse("offset=0&height=1&q=\((0..<16).map { "w\($0)" }.joined(separator: "+"))").search.count
                == 16)
    }
}

struct WindowQueryPrefetchTests {
    @Test func rttAndSpeedAreTakenAndAskForALookahead() throws {
        let query = try parse("offset=0&height=800&rtt=80.5&speed=-6000")
        #expect(query.rtt == 80.5 && query.speed == -6000 && query.prefetching)
        #expect(try parse("offset=0&height=800&speed=0").prefetching)
        #expect(try !parse("offset=0&height=800").prefetching, "without them, today's window")
    }

    @Test(arguments: [
        ("rtt=-1", "rtt"), ("rtt=10001", "rtt"), ("rtt=abc", "rtt"), ("rtt=1&rtt=2", "rtt"),
        ("rtt=nan", "rtt"),
        ("speed=1000001", "speed"), ("speed=-1000001", "speed"), ("speed=--5", "speed"),
        ("speed=+5", "speed"),
        ("speed=inf", "speed"), ("speed=1&speed=1", "speed"),
    ])
    func aBadRttOrSpeedIsRefusedByName(pair: (String, String)) {
        #expect {
            try parse("offset=0&height=800&\(pair.0)")
        } throws: { error in
            let error = error as! HTTPError
            return error.status == 400 && error.code == "invalid_parameter"
                && error.message.hasPrefix(pair.1 + " ")
        }
    }
}
