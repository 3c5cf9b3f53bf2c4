"""The page's own requests under load: PAGES simulated pages replay the recorded
scroll traces (scripts/lib/traces: wheel, drag, jumps) against a running Roster
(PORT CONTENT TOTAL [PAGES] [SECONDS]), each on its own keep-alive connection,
one request in flight as the page keeps it (Public/list/model/list.js), with the session and ack of its last
answer (deltas), gzip accepted. Each page starts at a random place in its trace
and shifts the trace to a random part of the list. Prints windows/s, bytes per
window as sent, latency p50/p99 as the pages saw it (this client shares the two
cores), and the server's own time per window from its /metrics histogram; any
non-2xx answer fails the run."""
import asyncio, http.client, os, random, re, sys, time, zlib

port, content, total = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
pages = int(sys.argv[4]) if len(sys.argv) > 4 else 200
seconds = float(sys.argv[5]) if len(sys.argv) > 5 else 20.0
here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "traces")
traces = {}
for name in ("wheel", "drag", "jumps"):
    with open(os.path.join(here, name + ".txt")) as f:
        traces[name] = [(float(ms), path) for ms, path in (line.split(" ", 1) for line in f.read().split("\n") if line)]

latencies, sizes, failures = [], [], []
SESSION = re.compile(rb'"session":"([^"]+)"')
SEQ = re.compile(rb'"seq":(\d+)')


def shifted(path, rows, pixels):
    """The path moved `rows` rows / `pixels` px down the list (wrapping)."""
    row = re.search(r"row=(\d+)", path)
    if row:
        return path.replace(row.group(0), f"row={(int(row.group(1)) + rows) % total}")
    offset, height = re.search(r"offset=(\d+)", path), re.search(r"height=(\d+)", path)
    start = (int(offset.group(1)) + pixels) % max(1, content - int(height.group(1)))
    return path.replace(offset.group(0), f"offset={start}")


async def page(index, end):
    rnd = random.Random(index)
    trace = traces[("wheel", "wheel", "drag", "jumps")[index % 4]]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    session = ack = None
    position = rnd.randrange(len(trace))
    rows, pixels = rnd.randrange(total), rnd.randrange(content)
    began = time.perf_counter() - trace[position][0] / 1000
    while time.perf_counter() < end:
        if position == len(trace):  # the trace again, elsewhere in the list
            position, rows, pixels = 0, rnd.randrange(total), rnd.randrange(content)
            began = time.perf_counter()
        at, path = trace[position]
        position += 1
        wait = began + at / 1000 - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        path = shifted(path, rows, pixels)
        if session:
            path += f"&session={session}&ack={ack}"
        sent = time.perf_counter()
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n"
                     f"Accept-Encoding: gzip\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
        body = await reader.readexactly(length)
        latencies.append(time.perf_counter() - sent)
        sizes.append(len(head) + length)
        if status != 200:
            failures.append(f"{status} for {path}")
            continue
        if b"content-encoding: gzip" in head.lower():
            body = zlib.decompress(body, 31)
        session = SESSION.search(body).group(1).decode()
        ack = SEQ.search(body).group(1).decode()
    writer.close()


async def main():
    end = time.perf_counter() + seconds
    await asyncio.gather(*(page(i, end) for i in range(pages)))


def window_buckets():
    """/metrics' cumulative counts of /window answers by upper bound (seconds)."""
    c = http.client.HTTPConnection("127.0.0.1", port)
    c.request("GET", "/metrics")
    text = c.getresponse().read().decode()
    c.close()
    found = re.findall(r'roster_http_request_duration_seconds_bucket\{route="/window",le="([^"]+)"\} (\d+)', text)
    return [(float(le), int(count)) for le, count in found]


before = window_buckets()
started = time.perf_counter()
asyncio.run(main())
elapsed = time.perf_counter() - started
if failures:
    sys.exit(f"page replay: {len(failures)} non-2xx answers, e.g. {failures[0]}")
latencies.sort()
q = lambda p: latencies[min(len(latencies) - 1, int(len(latencies) * p))] * 1000
print(f"pages: {pages} replaying wheel, drag and jump traces for {elapsed:.0f} s")
print(f"pages bytes per window (as sent, head included): {sum(sizes) / len(sizes):.0f}")
print(f"pages windows/s: {len(latencies) / elapsed:.0f}")
print(f"pages latency p50 ms: {q(0.5):.2f}")
print(f"pages latency p99 ms (as the pages saw it): {q(0.99):.2f} (target <= 5)")
after = window_buckets()
counts = [(le, count - old) for (le, count), (_, old) in zip(after, before)]
served = counts[-1][1]
bound = next(le for le, count in counts if count >= 0.99 * served)
print(f"pages server time p99 ms: <= {bound * 1000:g} ({served} windows in the /metrics histogram)")
