"""Times `curl --data-binary` of a CSV (or, for a .vcf file, vCards) into a running Roster (PORT PID FILE [MODE])
and prints the seconds, the server's peak RSS growth while it ran, and the p99 of
window reads racing it (at offsets across the list the server holds at the start).
Fails unless the import answers 200 with every row of the file inserted."""
import csv as csvmodule, http.client, json, subprocess, sys, threading, time

from proc import PeakRSS



port, pid, csv = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
mode = sys.argv[4] if len(sys.argv) > 4 else "append"
vcard = csv.endswith(".vcf")
if vcard:
    with open(csv, "rb") as file:
        rows = sum(1 for line in file if line.startswith(b"BEGIN:VCARD"))
else:
    with open(csv, newline="", encoding="utf-8") as file:
        rows = sum(1 for _ in csvmodule.reader(file)) - 1  # records, not lines: notes hold line breaks
probe = http.client.HTTPConnection("127.0.0.1", port)
probe.request("GET", "/window?offset=0&height=1")
content = max(1, json.loads(probe.getresponse().read())["contentHeight"] - 800)
probe.close()
done = [False]
latencies = []


def read_windows():
    """Window reads racing the import: their latency while it runs."""
    c = http.client.HTTPConnection("127.0.0.1", port)
    offset = 0
    while not done[0]:
        t = time.perf_counter()
        c.request("GET", f"/window?offset={offset}&height=800", headers={"Accept-Encoding": "gzip"})
        c.getresponse().read()
        latencies.append(time.perf_counter() - t)
        offset = (offset + 99991) % content
        time.sleep(0.005)
    c.close()


reader = threading.Thread(target=read_windows)
with PeakRSS(pid) as rss:
    reader.start()
    start = time.perf_counter()
    out = subprocess.run(["curl", "-s", "-w", "\\n%{http_code}", "-H", "Content-Type: " + ("text/vcard" if vcard else "text/csv"), "--data-binary",
                          "@" + csv, f"http://127.0.0.1:{port}/import?mode={mode}"], capture_output=True, text=True).stdout
    seconds = time.perf_counter() - start
    done[0] = True
    reader.join()
latencies.sort()
out, _, status = out.rpartition("\n")
print(f"import response ({mode}): {status} {out[:120]}")
answer = json.loads(out) if status == "200" else {}
if answer.get("inserted") != rows or answer.get("rejected") != 0:
    sys.exit(f"import bench: the import answered {status}, not {rows} rows inserted: {out[:200]}")
print(f"import roster seconds: {seconds:.3f}")
print(f"import RSS growth MB: {rss.growth_mb:.1f} (target <= 64)")
if latencies:
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    print(f"import window reads during the import: {len(latencies)}, p99 ms: {p99:.1f} (target <= 50)")
