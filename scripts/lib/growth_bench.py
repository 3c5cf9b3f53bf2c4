#!/usr/bin/env python3
"""How cost grows with the list: `growth_bench.py ROSTER SMALL.sqlite LARGE.sqlite [ROUNDS]`.

Each round starts `roster serve --seed 0` on each database in turn (small, then large)
and measures: the time from the process's start to its "listening" line; 300 random
800 px windows (gzip, one keep-alive connection, no session): p50 and p99; the first
window of 12 searches never asked before in that process (broad ones: a one-letter
prefix, mail domains, digits every phone holds; and narrow ones); the server's RSS
after all of it. Prints each round, then the medians over the rounds, side by side,
as `name: value` lines."""
import http.client, json, os, random, statistics, subprocess, sys, time, urllib.parse

QUERIES = ["m", "ka", "example.org", "post.net", "555", "5550", "berlin", "anna", "maria gar", "smith", "zzqx", "o'br"]


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def measure(exe, db):
    out_path = f"/tmp/growth-bench-{os.getpid()}.out"
    with open(out_path, "w+") as out:
        started = time.time()
        proc = subprocess.Popen([exe, "serve", "--host", "127.0.0.1", "--port", "0", "--db", db, "--seed", "0"],
                                stdout=out, stderr=subprocess.DEVNULL)
        port = None
        try:
            while port is None:
                out.seek(0)
                for line in out.read().splitlines():
                    if line.startswith("listening on http://"):
                        port = int(line.rsplit(":", 1)[1])
                if proc.poll() is not None:
                    sys.exit(f"roster exited at start on {db}")
                if port is None:
                    time.sleep(0.005)
            start = time.time() - started
            client = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            client.request("GET", "/sections")
            height = json.loads(client.getresponse().read())["contentHeight"]
            rnd = random.Random(3)
            windows = []
            for _ in range(300):
                offset = rnd.randint(0, height - 800)
                began = time.perf_counter()
                client.request("GET", f"/window?offset={offset}&height=800", headers={"Accept-Encoding": "gzip"})
                answer = client.getresponse()
                answer.read()
                windows.append((time.perf_counter() - began) * 1000)
                if answer.status != 200:
                    sys.exit(f"/window -> {answer.status}")
            windows.sort()
            first = {}
            for query in QUERIES:
                began = time.perf_counter()
                client.request("GET", f"/window?q={urllib.parse.quote(query, safe='')}&offset=0&height=800",
                               headers={"Accept-Encoding": "gzip"})
                answer = client.getresponse()
                answer.read()
                first[query] = (time.perf_counter() - began) * 1000
                if answer.status != 200:
                    sys.exit(f"/window?q={query} -> {answer.status}")
            rss = rss_mb(proc.pid)
            client.close()
        finally:
            proc.terminate()
            proc.wait()
    os.remove(out_path)
    return {"start": start, "p50": windows[150], "p99": windows[296], "first": first, "rss": rss}


def main():
    exe, small, large = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    runs = {"small": [], "large": []}
    for round_ in range(rounds):
        for name, db in (("small", small), ("large", large)):
            run = measure(exe, db)
            runs[name].append(run)
            worst = max(run["first"], key=run["first"].get)
            print(f"round {round_ + 1} {name}: start {run['start']:.2f} s, window p50 {run['p50']:.2f} ms "
                  f"p99 {run['p99']:.2f} ms, slowest first search {run['first'][worst]:.0f} ms ('{worst}'), "
                  f"RSS {run['rss']:.0f} MB; " + " ".join(f"{q}={v:.0f}" for q, v in run["first"].items()),
                  flush=True)
    med = {name: {
        "start": statistics.median(r["start"] for r in rs), "p50": statistics.median(r["p50"] for r in rs),
        "p99": statistics.median(r["p99"] for r in rs), "rss": statistics.median(r["rss"] for r in rs),
        "first": {q: statistics.median(r["first"][q] for r in rs) for q in QUERIES}} for name, rs in runs.items()}
    for query in QUERIES:
        print(f"growth first window '{query}' ms: {med['small']['first'][query]:.0f} -> {med['large']['first'][query]:.0f}")
    print(f"growth start s: {med['small']['start']:.2f} -> {med['large']['start']:.2f}")
    print(f"growth window p50 ms: {med['small']['p50']:.2f} -> {med['large']['p50']:.2f} "
          f"(p99 {med['small']['p99']:.2f} -> {med['large']['p99']:.2f})")
    print(f"growth RSS MB: {med['small']['rss']:.0f} -> {med['large']['rss']:.0f}")
    slowest = max(med["large"]["first"].values())
    print(f"growth slowest first search window ms (median of {rounds}): "
          f"{max(med['small']['first'].values()):.0f} -> {slowest:.0f}")


main()
