"""Window figures for scripts/bench: deep vs shallow latency and RSS after many
sessions. window_client.py PORT PID CONTENT_HEIGHT"""
import http.client, statistics, sys, time

from proc import rss_kb


def rss_mb(pid):
    return rss_kb(pid) / 1024


def median_latency(port, offset, n=300):
    c = http.client.HTTPConnection("127.0.0.1", port)
    times = []
    for _ in range(n):
        t = time.perf_counter()
        c.request("GET", f"/window?offset={offset}&height=800", headers={"Accept-Encoding": "gzip"})
        c.getresponse().read()
        times.append(time.perf_counter() - t)
    c.close()
    return statistics.median(times) * 1000


def main():
    port, pid, content = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    shallow = median_latency(port, 0)
    deep = median_latency(port, content - 800)
    print(f"window median ms at offset 0: {shallow:.3f}")
    print(f"window median ms at the last screen: {deep:.3f}")
    print(f"window deep/shallow ratio: {deep / shallow:.2f} (target <= 1.5)")
    c = http.client.HTTPConnection("127.0.0.1", port)
    for i in range(10000):
        c.request("GET", f"/window?offset={i * 5601 % (content - 800)}&height=800")
        c.getresponse().read()
    c.close()
    print(f"window RSS MB after 10,000 sessions: {rss_mb(pid):.0f} (target <= 150)")


if __name__ == "__main__":
    main()
