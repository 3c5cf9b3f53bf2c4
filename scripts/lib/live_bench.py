"""Live-data figures for scripts/bench live, on a server holding 1M contacts:
write latency (insert, rename, delete: p50/p99 on one keep-alive connection), then
random windows under wrk alone and beside a client writing 100 times a second, while
a sampler checks that every window is one data version in list order.
live_bench.py PORT CONTENT_HEIGHT WRK_SCRIPT"""
import http.client, json, os, random, socket, string, subprocess, sys, threading, time, unicodedata

PORT, CONTENT, SCRIPT = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]


class Client:
    """One keep-alive connection with TCP_NODELAY; JSON in and out."""

    def __init__(self):
        self.c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        self.c.connect()
        self.c.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        self.c.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
        r = self.c.getresponse()
        raw = r.read()
        return r.status, json.loads(raw) if raw else None


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q / 100))]


def word(rnd):
    return rnd.choice(string.ascii_uppercase) + "".join(rnd.choice(string.ascii_lowercase) for _ in range(6))


def ids_at(c, rnd, n):
    ids = []
    while len(ids) < n:
        st, w = c.call("GET", f"/window?offset={rnd.randrange(0, CONTENT - 2000)}&height=2000")
        ids += [x["contact"]["id"] for x in w["cells"] if x["kind"] == "contact"][:3]
    return ids[:n]


def latency():
    rnd, c = random.Random(1), Client()
    times = {"insert": [], "rename": [], "delete": []}
    new = []
    for kind, n in (("insert", 300), ("rename", 300), ("delete", 300)):
        targets = ids_at(c, rnd, n) if kind == "rename" else new
        for i in range(n):
            t = time.perf_counter()
            if kind == "insert":
                st, j = c.call("POST", "/contacts", {"first_name": word(rnd), "last_name": word(rnd)})
                new.append(j["id"])
            elif kind == "rename":
                st, j = c.call("PATCH", f"/contacts/{targets[i]}", {"last_name": word(rnd)})
            else:
                st, j = c.call("DELETE", f"/contacts/{targets[i]}")
            times[kind].append((time.perf_counter() - t) * 1000)
            assert st in (200, 201, 204), (kind, st, j)
    for kind, xs in times.items():
        print(f"live write {kind} p50/p99 ms: {pct(xs, 50):.2f} / {pct(xs, 99):.2f} (target p99 <= 5)")


# Latin letters without a decomposition, folded as Roster folds them (NameFolding).
LATIN = str.maketrans({"æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
                       "ħ": "h", "ŧ": "t", "ŀ": "l", "ŉ": "n", "ĸ": "k", "ſ": "s"})


def fold(s):
    """Case and accents folded, as Roster orders names."""
    s = "".join(ch for ch in unicodedata.normalize("NFD", s.casefold()) if not unicodedata.combining(ch))
    return s.translate(LATIN).strip()


def in_list_order(w):
    """Rows consecutive and names in folded (sort name, first name) order, one section at a time."""
    cells = sorted((x for x in w["cells"] if x["kind"] == "contact"), key=lambda x: x["row"])
    rows = [x["row"] for x in cells]
    if rows and rows != list(range(rows[0], rows[0] + len(rows))):
        return False
    keys = [(x["section"], fold(x["contact"]["last_name"] or x["contact"]["first_name"]),
             fold(x["contact"]["first_name"])) for x in cells]
    return all(a[0] < b[0] or a <= b for a, b in zip(keys, keys[1:]))


def wrk():
    out = subprocess.run(["wrk", "-t2", "-c50", "-d10s", "--latency", "-s", SCRIPT, f"http://127.0.0.1:{PORT}/"],
                         env={**os.environ, "CONTENT": str(CONTENT)}, capture_output=True, text=True).stdout
    rps = float(next(l.split()[1] for l in out.splitlines() if l.startswith("Requests/sec:")))
    v = next(l.split()[1] for l in out.splitlines() if l.strip().startswith("99%"))
    p99 = float(v[:-2]) / 1000 if v.endswith("us") else float(v[:-2]) if v.endswith("ms") else float(v[:-1]) * 1000
    bad = next((int(l.split()[-1]) for l in out.splitlines() if "Non-2xx" in l), 0)
    return rps, p99, bad


def windows_with_writes():
    stop, counts, problems = threading.Event(), {"writes": 0, "samples": 0}, []

    def writer(seed):
        """25 writes a second, on a schedule: four of these make 100 (one alone falls
        behind while wrk keeps both cores busy and each write waits its turn)."""
        rnd, c = random.Random(seed), Client()
        next_at = time.perf_counter()
        while not stop.is_set():
            cid = rnd.choice(ids)
            st, _ = c.call("PATCH", f"/contacts/{cid}", {"last_name": word(rnd)} if rnd.random() < 0.7
                           else {"favorite": rnd.random() < 0.5})
            if st != 200:
                problems.append(f"write -> {st}")
            counts["writes"] += 1
            next_at += 0.04
            time.sleep(max(0, next_at - time.perf_counter()))

    def sampler():
        rnd, c = random.Random(3), Client()
        while not stop.is_set():
            st, w = c.call("GET", f"/window?offset={rnd.randrange(0, CONTENT - 800)}&height=800")
            counts["samples"] += 1
            if st != 200 or not in_list_order(w):
                problems.append(f"window at version {w.get('version') if w else None} not in list order")
            time.sleep(0.05)

    ids = ids_at(Client(), random.Random(2), 2000)  # contacts all over the list, before the clock starts
    threads = [threading.Thread(target=writer, args=(seed,), daemon=True) for seed in (2, 12, 22, 32)]
    threads.append(threading.Thread(target=sampler, daemon=True))
    for t in threads:
        t.start()
    started = time.perf_counter()
    result = wrk()
    elapsed = time.perf_counter() - started
    stop.set()
    for t in threads:
        t.join(5)
    return result, counts["writes"] / elapsed, counts["samples"], problems


latency()
alone = wrk()
(busy, rate, samples, problems) = windows_with_writes()
print(f"live windows alone requests/s: {alone[0]:.0f} (p99 {alone[1]:.2f} ms, non-2xx {alone[2]})")
print(f"live windows beside {rate:.0f} writes/s requests/s: {busy[0]:.0f} (p99 {busy[1]:.2f} ms, non-2xx {busy[2]}, target <= 10)")
print(f"live sampled windows during writes: {samples}, not one version in list order: {len(problems)}"
      + (f" (first: {problems[0]})" if problems else ""))
print(f"live windows with/without writes ratio: {busy[0] / alone[0]:.2f} (target >= 0.80)")
