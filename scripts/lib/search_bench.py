"""Search figures for scripts/bench search: Roster's /window?q= beside Datasette's
full-text search over the same contacts.
search_bench.py ROSTER_PORT DATASETTE_PORT

Every request goes over one keep-alive connection per server with TCP_NODELAY and
`Accept-Encoding: gzip`; a timing covers the request and reading the whole body.
Each query's first window (or first page) is timed before that query was ever sent
to that server. On Roster each first window is followed by later windows of the same
query at random offsets within its results: five with the session of its first window
(delta answers, ack = the last seq applied), then five without one (a new session
each, full answers)."""
import gzip, http.client, json, math, os, random, socket, sys, time, urllib.parse

ROSTER_PORT, DATASETTE_PORT = int(sys.argv[1]), int(sys.argv[2])
HEIGHT = 800
LATER = 5  # later windows per query, with the session and without
BROAD, DEEP = "berlin", 10_000  # a broad query and the match to reach in it

# What the seed generates (Sources/Contacts/Demo/SyntheticContacts.swift): pool names
# with middle initials and double last names, e-mails first.last<n>@domain, phones
# "(AAA) 555-LLLL" or "+1 AAA-555-LLLL", 23 companies, 29 cities.
QUERIES = [
    ("first name", ["anna", "james", "sofia", "francois", "søren", "zoe", "jean-luc", "lukasz", "priya",
                    "valentina", "иван"]),
    ("last name", ["smith", "garcia", "muller", "o'brien", "van dijk", "nguyen", "kowalski", "yilmaz",
                   "okafor", "de la cruz", "ødegård"]),
    ("full name", ["anna smith", "maria garcia", "wei chen", "james o'brien", "sofia k. rossi"]),
    ("3-letter part", ["son", "ari", "ell", "ana", "ski", "ber", "ova", "mit"]),
    ("city", ["berlin", "new york", "zurich", "krakow", "tokyo", "reykjavik", "sao paulo", "東京"]),
    ("company", ["acme", "globex", "pied piper", "initech", "black mesa", "cyberdyne", "müller gmbh"]),
    ("mail domain", ["inbox.eu", "example.org", "mail.com", "post.net"]),
    ("phone digits", ["555", "765", "0734", "8254", "4005550734", "(607) 555-7991"]),
    ("1-2 letter prefix", ["a", "m", "z", "q", "ma", "jo", "ch", "el"]),
    ("no match", ["xylophone", "qwxz", "blorft", "zzyzx", "anna xylophone", "zebra"]),
]


class Client:
    """One keep-alive connection with TCP_NODELAY; gzip accepted."""

    def __init__(self, port):
        self.c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.c.connect()
        self.c.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def get(self, path):
        """(status, milliseconds, JSON body): the clock stops once the body is read."""
        t = time.perf_counter()
        self.c.request("GET", path, headers={"Accept-Encoding": "gzip"})
        r = self.c.getresponse()
        raw = r.read()
        ms = (time.perf_counter() - t) * 1000
        if r.getheader("Content-Encoding") == "gzip":
            raw = gzip.decompress(raw)
        return r.status, ms, json.loads(raw) if raw else None


def pct(xs, q):
    """Nearest-rank percentile."""
    xs = sorted(xs)
    return xs[max(0, math.ceil(len(xs) * q / 100) - 1)]


def enc(q):
    return urllib.parse.quote(q, safe="")


def roster_windows(c, queries, rnd):
    """Per query, as a user searches then scrolls: its first window, never sent before,
    then LATER windows at random offsets in [0, contentHeight - 800] with that window's
    session and LATER in new sessions (when the results are longer than a screen).
    Returns {query: {ms, total, content}}, the later windows' ms with the session and without."""
    found, with_session, new_session = {}, [], []
    for q in queries:
        st, ms, w = c.get(f"/window?q={enc(q)}&offset=0&height={HEIGHT}")
        if st != 200:
            sys.exit(f"search: roster answered {st} to q={q!r}: {w}")
        contacts = [x for x in w["cells"] if x["kind"] == "contact"]
        if bool(contacts) != (w["total"] > 0):
            sys.exit(f"search: q={q!r} has total {w['total']} but {len(contacts)} contacts in its first window")
        found[q] = {"ms": ms, "total": w["total"], "content": w["contentHeight"]}
        if w["contentHeight"] <= HEIGHT:
            continue
        session, ack, content = w["session"], w["seq"], w["contentHeight"]
        for _ in range(LATER):
            st, ms, w = c.get(f"/window?q={enc(q)}&offset={rnd.randint(0, content - HEIGHT)}"
                              f"&height={HEIGHT}&session={session}&ack={ack}")
            assert st == 200 and w["total"] == found[q]["total"], (q, st, w)
            ack = w["seq"]
            with_session.append((ms, w["full"]))
        for _ in range(LATER):
            st, ms, w = c.get(f"/window?q={enc(q)}&offset={rnd.randint(0, content - HEIGHT)}&height={HEIGHT}")
            assert st == 200 and w["total"] == found[q]["total"], (q, st, w)
            new_session.append(ms)
    return found, with_session, new_session


def cache_lookups(port):
    """Roster's search cache (hits, misses) from /metrics."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request("GET", "/metrics")
    text = c.getresponse().read().decode()
    c.close()
    counts = {"hit": 0, "miss": 0}
    for line in text.splitlines():
        for kind in counts:
            if line.startswith(f'roster_search_cache_lookups_total{{result="{kind}"}}'):
                counts[kind] = int(float(line.split()[-1]))
    return counts["hit"], counts["miss"]


def datasette_first_pages(c, queries):
    found = {}
    for q in queries:
        st, ms, page = c.get(f"/contacts/contacts.json?_search={enc(q)}")
        if st != 200:
            sys.exit(f"search: datasette answered {st} to _search={q!r}: {page}")
        found[q] = {"ms": ms, "total": page["filtered_table_rows_count"], "next_url": page["next_url"],
                    "rows": len(page["rows"])}
    return found


def datasette_walk(c, first):
    """Follows `_next` links from a first page until the DEEP-th match is on a page:
    (requests including the first, seconds after the first, rows per page)."""
    requests, seen, url, spent = 1, first["rows"], first["next_url"], 0.0
    while seen < DEEP and url:
        parts = urllib.parse.urlsplit(url)
        st, ms, page = c.get(f"{parts.path}?{parts.query}")
        assert st == 200, (st, page)
        requests, seen, url, spent = requests + 1, seen + len(page["rows"]), page["next_url"], spent + ms
    if seen < DEEP:
        return None
    return requests, spent / 1000, first["rows"]


def main():
    queries = [q for _, qs in QUERIES for q in qs]
    assert len(set(queries)) == len(queries) and BROAD in queries
    rnd = random.Random(1)

    roster = Client(ROSTER_PORT)
    for i in range(20):  # the connection, the code paths and the list's pages, with no listed query
        st, _, w = roster.get(f"/window?offset={i * 2_800_021 % 55_000_000}&height={HEIGHT}")
        assert st == 200, (st, w)
    st, _, w = roster.get(f"/window?q=warmup&offset=0&height={HEIGHT}")
    if st != 200:
        sys.exit(f"search: roster answers a search with {st} {w.get('error')}: this build cannot search yet")
    load = os.getloadavg()[0]
    hits, misses = cache_lookups(ROSTER_PORT)
    ours, with_session, new_session = roster_windows(roster, queries, rnd)
    hits, misses = (a - b for a, b in zip(cache_lookups(ROSTER_PORT), (hits, misses)))
    before = cache_lookups(ROSTER_PORT)
    st, row_ms, w = roster.get(f"/window?q={enc(BROAD)}&row={DEEP - 1}&height={HEIGHT}")
    row_cached = "a cache hit" if cache_lookups(ROSTER_PORT)[0] > before[0] else "a cache miss"
    assert st == 200, (st, w)
    assert any(x["kind"] == "contact" and x["row"] == DEEP - 1 for x in w["cells"]), "row= window lacks its row"

    datasette = Client(DATASETTE_PORT)
    for _ in range(5):
        st, _, page = datasette.get("/contacts/contacts.json?_search=warmup")
        assert st == 200, (st, page)
    theirs = datasette_first_pages(datasette, queries)
    walk = datasette_walk(datasette, theirs[BROAD])

    first = [f["ms"] for f in ours.values()]
    print(f"search machine: {os.cpu_count()} cores, load average {load:.2f} when the timing began")
    print(f"search queries: {len(queries)} ({', '.join(f'{len(qs)} {kind}' for kind, qs in QUERIES)})")
    print("search roster first window p50 ms by kind: "
          + ", ".join(f"{kind} {pct([ours[q]['ms'] for q in qs], 50):.2f}" for kind, qs in QUERIES))
    slow = sorted((q for q in queries if ours[q]["ms"] > 50), key=lambda q: -ours[q]["ms"])
    print(f"search roster first windows over 50 ms: {len(slow)}"
          + "".join(f", {q!r} {ours[q]['ms']:.1f} ({ours[q]['total']:,} matches)" for q in slow))
    print(f"search roster cache lookups hit/miss: {hits} / {misses} "
          f"(a miss searches the index; {len(queries)} queries)")
    fulls = sum(full for _, full in with_session)
    with_session = [ms for ms, _ in with_session]
    print(f"search roster later window with its session p99 ms: {pct(with_session, 99):.2f} "
          f"(p50 {pct(with_session, 50):.2f}; {len(with_session)} windows, {fulls} answered full, "
          f"the others deltas; target <= 5)")
    print(f"search roster later window in a new session p99 ms: {pct(new_session, 99):.2f} "
          f"(p50 {pct(new_session, 50):.2f}; {len(new_session)} windows, full answers; target <= 5)")
    print(f"search datasette first page p50 ms: {pct([f['ms'] for f in theirs.values()], 50):.2f} "
          f"(p99 {pct([f['ms'] for f in theirs.values()], 99):.2f})")
    differ = [q for q in queries if ours[q]["total"] != theirs[q]["total"]]
    print(f"search queries whose match counts differ: {len(differ)} of {len(queries)} (Datasette matches "
          "whole words of first_name, last_name, company, city, email: no prefixes, parts or phone digits)")
    same = [q for q in queries if q not in differ]
    print(f"search datasette/roster first page p50 ratio over the {len(same)} queries with equal counts: "
          f"{pct([theirs[q]['ms'] for q in same], 50) / pct([ours[q]['ms'] for q in same], 50):.1f}")
    print(f"search matches of {BROAD!r} roster/datasette: {ours[BROAD]['total']:,} / {theirs[BROAD]['total']:,}")
    print(f"search roster requests to match {DEEP:,} of {BROAD!r}: 1 (row={DEEP - 1}, {row_ms:.2f} ms, {row_cached})")
    if walk:
        requests, seconds, size = walk
        print(f"search datasette requests to match {DEEP:,} of {BROAD!r}: {requests} "
              f"(following _next, {size} rows a page, {seconds:.2f} s after the first page; "
              f"{math.ceil(DEEP / 1000)} at _size=max)")
    print(f"search roster first window p99 ms: {pct(first, 99):.2f} (target <= 50; nearest rank of {len(first)})")
    print(f"search roster first window p50 ms: {pct(first, 50):.2f} (target <= 10)")
    ratio = pct([f["ms"] for f in theirs.values()], 50) / pct(first, 50)
    print(f"search datasette/roster first page p50 ratio: {ratio:.1f} (target >= 10)")


if __name__ == "__main__":
    main()
