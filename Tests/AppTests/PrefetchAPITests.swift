import Foundation
import TestSupport
import Testing

@testable import App

/// `/window` with `rtt` and `speed`: the lookahead, its caps, `beyond`, and the
/// prefetched rows in `/metrics`.
@Suite(.serialized)
struct PrefetchAPITests {
    let live = LiveApplication.shared

    private func rows(_ window: [String: Any]) -> (first: Int, last: Int) {
        (window["first"] as? Int ?? -1, window["last"] as? Int ?? -1)
    }

    /// The prefetched rows counted so far: sent, shown, unseen.
    private func counted(_ client: RawClient) throws -> [String: Int] {
        let text = String(decoding: try #require(client.get("/metrics")).body, as: UTF8.self)
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("roster_prefetched_rows_total{") {
            let outcome = line.split(separator: "\"")[1]
            counts[String(outcome)] = Int(line.split(separator: " ").last ?? "")
        }
        return counts
    }

    @Test func withoutRttOrSpeedTheWindowIsTheOneAskedForAndHasNoBeyond() throws {
        let client = live.client()
        let plain = try #require(client.getJSON("/window?offset=200000&height=800&overscan=400")?.json)
        #expect(plain["beyond"] == nil)
        let resting = try #require(
            client.getJSON("/window?offset=200000&height=800&overscan=400&rtt=200&speed=0")?.json)
        #expect(rows(resting) == rows(plain), "at rest a lookahead adds nothing")
        #expect(resting["beyond"] is [String: Any])
    }

    @Test func aMovingClientGetsRowsAheadAndNoneBehind() throws {
        let client = live.client()
        let plain = try #require(client.getJSON("/window?offset=200000&height=800&overscan=400")?.json)
        let down = try #require(
            client.getJSON("/window?offset=200000&height=800&overscan=400&rtt=200&speed=6000")?.json)
        #expect(rows(down).first == rows(plain).first)
        // 2,300 px past the overscan: at least 2,300 / 116 rows more, at most 2,300 / 56 + 1.
        let extra = rows(down).last - rows(plain).last
        #expect(extra >= 19 && extra <= 42, "\(extra) rows ahead")
        let up = try #require(
            client.getJSON("/window?offset=200000&height=800&overscan=400&rtt=200&speed=-6000")?.json)
        #expect(rows(up).last == rows(plain).last)
        #expect(rows(plain).first - rows(up).first >= 19)
    }

    @Test func theLookaheadIsCappedWhateverIsAsked() throws {
        let client = live.client()
        let plain = try #require(client.getJSON("/window?offset=200000&height=800&overscan=0")?.json)
        let most = try #require(
            client.getJSON("/window?offset=200000&height=800&overscan=0&rtt=10000&speed=1000000")?.json)
        let extra = rows(most).last - rows(plain).last
        // 8,000 px and 150 items: never more than 150, never past 8,000 / 56 + 1.
        #expect(extra > 100 && extra <= min(150, 8_000 / 56 + 1), "\(extra) rows ahead")
    }

    @Test func beyondDescribesTheItemsPastTheWindowAsTheyAreLaidOut() throws {
        let client = live.client()
        let window = try #require(
            client.getJSON("/window?offset=300000&height=800&overscan=400&rtt=100&speed=0")?.json)
        let cells = try #require(window["cells"] as? [[String: Any]])
        let beyond = try #require(window["beyond"] as? [String: Any])
        let below = try #require(beyond["below"] as? [String: Any])
        let above = try #require(beyond["above"] as? [String: Any])
        let bottom = cells.map { ($0["top"] as! Int) + ($0["height"] as! Int) }.max()!
        let top = cells.map { $0["top"] as! Int }.min()!
        #expect(below["top"] as? Int == bottom, "below starts where the window's items end")
        let aboveRuns = try #require(above["runs"] as? [[Int]])
        #expect((above["top"] as! Int) + aboveRuns.map { $0[0] * $0[1] }.reduce(0, +) == top)
        // The runs are the heights of the items there, in order: as a plain window lays them out.
        let runs = try #require(below["runs"] as? [[Int]])
        let span = runs.map { $0[0] * $0[1] }.reduce(0, +)
        #expect(span >= 400 && span < 400 + 200)
        let there = try #require(client.getJSON("/window?offset=\(bottom)&height=\(span)")?.json)
        let heights = (there["cells"] as? [[String: Any]] ?? []).sorted {
            ($0["top"] as! Int) < ($1["top"] as! Int)
        }
        .map { $0["height"] as! Int }
        #expect(heights == runs.flatMap { Array(repeating: $0[0], count: $0[1]) })
    }

    @Test func atTheListsEndsNothingLiesBeyondAndTheLookaheadStopsAtTheEdge() throws {
        let client = live.client()
        let total = try #require(client.getJSON("/window?offset=0&height=1")?.json["contentHeight"] as? Int)
        for query in [
            "offset=\(total - 800)&height=800&overscan=400&rtt=200&speed=6000",
            "offset=\(total)&height=800&rtt=200&speed=6000", "row=999999999&height=800&rtt=50&speed=100",
            "offset=0&height=800&overscan=400&rtt=200&speed=-6000",
            "offset=0&height=20000&rtt=10000&speed=-1000000",
        ] {
            let (status, window) = try #require(client.getJSON("/window?" + query))
            #expect(status == 200, "\(query)")
            let beyond = try #require(window["beyond"] as? [String: Any], "\(query)")
            if query.contains("speed=6000") || query.hasPrefix("row") {
                #expect(beyond["below"] is NSNull, "\(query)")
            }
            if query.hasPrefix("offset=0") { #expect(beyond["above"] is NSNull, "\(query)") }
        }
    }

    @Test func metricsCountPrefetchedRowsShownAndUnseen() throws {
        let client = live.client()
        let before = try counted(client)
        var window = try #require(
            client.getJSON("/window?offset=400000&height=800&overscan=400&rtt=200&speed=6000")?.json)
        let session = try #require(window["session"] as? String)
        let afterFirst = try counted(client)
        let sent = (afterFirst["sent"] ?? 0) - (before["sent"] ?? 0)
        #expect(sent >= 19)
        // The client moves on by 1,200 px: the rows it now shows were prefetched.
        window = try #require(
            client.getJSON(
                "/window?offset=401200&height=800&overscan=400&rtt=200&speed=6000&session=\(session)&ack=\(window["seq"]!)"
            )?.json)
        let afterMove = try counted(client)
        #expect((afterMove["shown"] ?? 0) - (afterFirst["shown"] ?? 0) >= 1200 / 116)
        // It stops: what it did not reach is released unseen.
        _ = try #require(
            client.getJSON(
                "/window?offset=401200&height=800&overscan=400&rtt=200&speed=0&session=\(session)&ack=\(window["seq"]!)"
            )?.json)
        let afterStop = try counted(client)
        #expect((afterStop["unseen"] ?? 0) - (afterMove["unseen"] ?? 0) >= 10)
        #expect((afterStop["shown"] ?? 0) == (afterMove["shown"] ?? 0))
    }
}
