import ReuseEngine
import Testing

@testable import App

struct MetricsTests {
    @Test func latenciesFillCumulativeBucketsPerRoute() {
        let metrics = Metrics()
        for seconds in [0.0003, 0.004, 0.004, 3.0] {
            metrics.observe(route: "/window", status: 200, seconds: seconds)
        }
        metrics.observe(route: "/healthz", status: 200, seconds: 0.0001)
        metrics.observe(route: "/window", status: 400, seconds: 0.0002)
        let text = metrics.render(sessions: 2, contacts: 7)
        for line in [
            #"roster_http_requests_total{route="/window",status="200"} 4"#,
            #"roster_http_requests_total{route="/window",status="400"} 1"#,
            #"roster_http_request_duration_seconds_bucket{route="/window",le="0.0005"} 2"#,
            #"roster_http_request_duration_seconds_bucket{route="/window",le="0.005"} 4"#,
            #"roster_http_request_duration_seconds_bucket{route="/window",le="2.5"} 4"#,
            #"roster_http_request_duration_seconds_bucket{route="/window",le="+Inf"} 5"#,
            #"roster_http_request_duration_seconds_count{route="/window"} 5"#,
            #"roster_http_request_duration_seconds_bucket{route="/healthz",le="+Inf"} 1"#,
            "roster_sessions 2", "roster_contacts 7",
        ] {
            #expect(text.contains(line + "\n"), "missing: \(line)")
        }
    }

    @Test func windowBytesAddUp() {
        let metrics = Metrics()
        metrics.observeWindow(bytes: 700)
        metrics.observeWindow(bytes: 43)
        #expect(metrics.render(sessions: 0, contacts: 0).contains("roster_window_bytes_total 743\n"))
    }
}
