"""Bulk-action figures for scripts/bench bulk, on a server holding 1M contacts: the label
"Smiths" given to every contact a search for smith finds (all but two, at the version seen);
5,000 contacts deleted between rows 1000 and 5999 and brought back by the undo; then a
label given to the 100,000 contacts of rows 0..99,999 while another client writes single
contacts elsewhere in the list on one keep-alive connection: every single write's latency
(p50, p99, max) and whether any was refused.
bulk_bench.py PORT"""
import http.client, json, socket, sys, threading, time

PORT = int(sys.argv[1])


class Client:
    """One keep-alive connection with TCP_NODELAY; JSON in and out."""

    def __init__(self, timeout=600):
        self.c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=timeout)
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


def at_row(c, row):
    st, w = c.call("GET", f"/window?row={row}&height=56")
    return next(x["contact"]["id"] for x in w["cells"] if x["kind"] == "contact" and x["row"] == row)


def timed(c, path, body):
    t0 = time.perf_counter()
    st, r = c.call("POST", path, body)
    return st, r, time.perf_counter() - t0


c = Client()
st, w = c.call("GET", "/window?offset=0&height=400&q=smith")
smiths, version = w["total"], w["version"]
first2 = [x["contact"]["id"] for x in w["cells"] if x["kind"] == "contact"][:2]
st, r, t = timed(c, "/contacts/bulk", {"action": "add_label", "label": "Smiths",
                                       "select": {"all": True, "view": {"q": "smith"}, "except": first2, "version": version}})
assert st == 200 and r["affected"] == smiths - 2, (st, r)
print(f"label all of q=smith but 2 ({r['affected']} contacts): {t:.2f} s")

st, w = c.call("GET", "/window?offset=0&height=1")
a, z = at_row(c, 1000), at_row(c, 5999)
st, r, t = timed(c, "/contacts/bulk", {"action": "delete", "select": {"between": [a, z], "version": w["version"]}})
assert st == 200 and r["affected"] == 5000, (st, r)
print(f"delete rows 1000..5999 (5,000 contacts): {t:.2f} s")
st, u, t = timed(c, "/contacts/bulk/undo", {"undo": r["undo"]})
assert st == 200 and u["affected"] == 5000 and at_row(c, 1000) == a, (st, u)
print(f"undo of the 5,000: {t:.2f} s")

# Single writes beside a 100,000-contact bulk action.
st, w = c.call("GET", "/window?offset=0&height=1")
a, z = at_row(c, 0), at_row(c, 99_999)
targets = [at_row(c, row) for row in range(500_000, 500_050)]
done = threading.Event()
result = {}


def big():
    st, r, t = timed(Client(), "/contacts/bulk", {"action": "add_label", "label": "Bench",
                                                  "select": {"between": [a, z], "version": w["version"]}})
    result.update(status=st, affected=(r or {}).get("affected"), seconds=t)
    done.set()


latencies, refused = [], 0
writer = Client()
thread = threading.Thread(target=big)
thread.start()
time.sleep(0.05)
n = 0
while not done.is_set():
    t0 = time.perf_counter()
    st, _ = writer.call("PATCH", f"/contacts/{targets[n % len(targets)]}", {"city": f"Bench {n}"})
    latencies.append(time.perf_counter() - t0)
    refused += st != 200
    n += 1
thread.join()
assert result["status"] == 200 and result["affected"] == 100_000, result
print(f"bulk label of 100,000 contacts: {result['seconds']:.2f} s")
ms = [x * 1000 for x in latencies]
print(f"single writes beside it: {len(ms)}, refused {refused}, p50 {pct(ms, 50):.1f} ms, max {max(ms):.0f} ms")
print(f"single-write p99 beside a 100,000-contact bulk action: {pct(ms, 99):.0f} ms")
