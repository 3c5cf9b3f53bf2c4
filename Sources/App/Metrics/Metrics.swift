import Foundation
import ReuseEngine
import Synchronization

/// Counters for `/metrics`, shared by every event loop, written as Prometheus text.
final class Metrics: Sendable {
    /// Upper bounds (seconds) of the latency histogram's buckets.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    private struct Key: Hashable {
        var route: String
        var status: Int
    }

    /// One route's latency: counts per bucket (the last is +Inf), sum of seconds, count.
    private struct Latency: Sendable {
        var buckets = [Int](repeating: 0, count: Metrics.buckets.count + 1)
        var sum = 0.0
        var count = 0

        mutating func record(_ seconds: Double) {
            buckets[Metrics.buckets.firstIndex { seconds <= $0 } ?? Metrics.buckets.count] += 1
            sum += seconds
            count += 1
        }
    }

    private struct State: Sendable {
        var requests: [Key: Int] = [:]
        var latency: [String: Latency] = [:]
        var created = KindCounts()
        var reused = KindCounts()
        var prefetch = PrefetchLedger.Outcome()
        var windowBytes = 0
    }

    private let state = Mutex(State())

    /// Counts one response.
    func observe(route: String, status: Int, seconds: Double) {
        state.withLock { state in
            state.requests[Key(route: route, status: status), default: 0] += 1
            // Recorded in place: a copy out and back would copy the bucket array each time.
            state.latency[route, default: Latency()].record(seconds)
        }
    }

    /// Counts one window request's dequeues: slots created, and slots reused from the pool.
    func observeSlots(created: KindCounts, reused: KindCounts) {
        state.withLock { state in
            state.created += created
            state.reused += reused
        }
    }

    /// Counts the bytes of one window answer (before compression).
    func observeWindow(bytes: Int) {
        state.withLock { $0.windowBytes += bytes }
    }

    /// Counts what one window request's lookahead sent, and what became of rows sent before.
    func observePrefetch(_ outcome: PrefetchLedger.Outcome) {
        state.withLock { state in
            state.prefetch.sent += outcome.sent
            state.prefetch.shown += outcome.shown
            state.prefetch.unseen += outcome.unseen
        }
    }

    /// The exposition text, with the gauges given.
    func render(
        sessions: Int, contacts: Int,
        searches: (results: Int, contacts: Int, bytes: Int, hits: Int, misses: Int) = (0, 0, 0, 0, 0)
    ) -> String {
        let state = self.state.withLock { $0 }
        var text = ""
        text += "# HELP roster_http_requests_total Responses sent, by route and status.\n"
        text += "# TYPE roster_http_requests_total counter\n"
        for (key, count) in state.requests.sorted(by: {
            ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status)
        }) {
            text +=
                "roster_http_requests_total{route=\"\(Self.label(key.route))\",status=\"\(key.status)\"} \(count)\n"
        }
        text += "# HELP roster_http_request_duration_seconds Time from request head to response, by route.\n"
        text += "# TYPE roster_http_request_duration_seconds histogram\n"
        for (route, entry) in state.latency.sorted(by: { $0.key < $1.key }) {
            var cumulative = 0
            for (index, bound) in (Self.buckets.map { "\($0)" } + ["+Inf"]).enumerated() {
                cumulative += entry.buckets[index]
                text +=
                    "roster_http_request_duration_seconds_bucket{route=\"\(Self.label(route))\",le=\"\(bound)\"} \(cumulative)\n"
            }
            text += "roster_http_request_duration_seconds_sum{route=\"\(Self.label(route))\"} \(entry.sum)\n"
            text +=
                "roster_http_request_duration_seconds_count{route=\"\(Self.label(route))\"} \(entry.count)\n"
        }
        text +=
            "# HELP roster_sessions Live window sessions.\n# TYPE roster_sessions gauge\nroster_sessions \(sessions)\n"
        text += "# HELP roster_slots_created_total Slots created for window cells, by kind.\n"
        text += "# TYPE roster_slots_created_total counter\n"
        text += "roster_slots_created_total{kind=\"header\"} \(state.created.header)\n"
        text += "roster_slots_created_total{kind=\"contact\"} \(state.created.contact)\n"
        text += "# HELP roster_slots_reused_total Window cells drawn into a reused slot, by kind.\n"
        text += "# TYPE roster_slots_reused_total counter\n"
        text += "roster_slots_reused_total{kind=\"header\"} \(state.reused.header)\n"
        text += "roster_slots_reused_total{kind=\"contact\"} \(state.reused.contact)\n"
        text += "# HELP roster_window_bytes_total Bytes of /window answers, before compression.\n"
        text += "# TYPE roster_window_bytes_total counter\nroster_window_bytes_total \(state.windowBytes)\n"
        text +=
            "# HELP roster_prefetched_rows_total Items sent past the asked window by a lookahead (sent), and of "
            + "those the ones later inside an asked viewport (shown) or released before that (unseen).\n"
        text += "# TYPE roster_prefetched_rows_total counter\n"
        text += "roster_prefetched_rows_total{outcome=\"sent\"} \(state.prefetch.sent)\n"
        text += "roster_prefetched_rows_total{outcome=\"shown\"} \(state.prefetch.shown)\n"
        text += "roster_prefetched_rows_total{outcome=\"unseen\"} \(state.prefetch.unseen)\n"
        text +=
            "# HELP roster_contacts Contacts in the list.\n# TYPE roster_contacts gauge\nroster_contacts \(contacts)\n"
        text +=
            "# HELP roster_search_cache_results Searches whose results are kept (least recently used go first).\n"
        text += "# TYPE roster_search_cache_results gauge\nroster_search_cache_results \(searches.results)\n"
        text +=
            "# HELP roster_search_cache_bytes Memory of the kept results (a bit per list row, or 12 bytes a match when few match).\n"
        text += "# TYPE roster_search_cache_bytes gauge\nroster_search_cache_bytes \(searches.bytes)\n"
        text +=
            "# HELP roster_search_cache_lookups_total Searches answered from kept results (hit) or found anew (miss).\n"
        text += "# TYPE roster_search_cache_lookups_total counter\n"
        text += "roster_search_cache_lookups_total{result=\"hit\"} \(searches.hits)\n"
        text += "roster_search_cache_lookups_total{result=\"miss\"} \(searches.misses)\n"
        return text
    }

    private static func label(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
