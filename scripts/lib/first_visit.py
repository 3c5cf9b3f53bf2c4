"""First visit and repeat visit of the page on a phone (390 x 844, touch) at 0, 100 and
200 ms added to every request (Chromium's CDP Network.emulateNetworkConditions): the time
from the navigation's start to the first row on screen with a frame drawn after it, the
requests and the bytes each visit made (a repeat visit: the same browser context opened
again, its cache warm). Three runs each; medians. Also the round trips on the critical
path, (t at 200 ms - t at 0 ms) / 200, so the machine's own speed cancels out.
first_visit.py BASE_URL CHROMIUM [PATH]  (PATH: the page to open, / by default)"""
import json, statistics, sys, time

from playwright.sync_api import sync_playwright

base, chrome = sys.argv[1], sys.argv[2]
path = sys.argv[3] if len(sys.argv) > 3 else "/"
ROW = "[data-slot][data-row]:not([hidden])"
PAINTED = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def visit(page, cdp, latency):
    """Opens the page; returns (ms to the first row drawn, requests, bytes) of this visit."""
    sizes, cached = {}, set()
    on_size = lambda e: sizes.__setitem__(e["requestId"], e.get("encodedDataLength", 0))
    on_cache = lambda e: cached.add(e["requestId"])
    cdp.on("Network.loadingFinished", on_size)
    cdp.on("Network.requestServedFromCache", on_cache)
    start = time.time()
    page.goto(base + path, wait_until="commit")
    page.wait_for_selector(ROW, timeout=60000)
    page.evaluate(PAINTED)
    ms = (time.time() - start) * 1000
    page.wait_for_load_state("load")
    time.sleep(0.5 + 4 * latency / 1000)  # what the page asks right after its first rows counts too
    cdp.remove_listener("Network.loadingFinished", on_size)
    cdp.remove_listener("Network.requestServedFromCache", on_cache)
    # Memory-cache hits finish with 0 bytes on the wire: only what crossed the network counts.
    network = {rid: size for rid, size in sizes.items() if rid not in cached and size > 0}
    return ms, len(network), sum(network.values())


results = {}
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=chrome, args=["--no-sandbox"])
    for latency in (0, 100, 200):
        runs = {"first": [], "repeat": []}
        for _ in range(3):
            context = browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions",
                     {"offline": False, "latency": latency, "downloadThroughput": -1, "uploadThroughput": -1})
            runs["first"].append(visit(page, cdp, latency))
            page.goto("about:blank")
            time.sleep(0.3)
            runs["repeat"].append(visit(page, cdp, latency))
            context.close()
        results[latency] = {kind: [statistics.median(r[i] for r in runs[kind]) for i in range(3)] for kind in runs}
    browser.close()

for latency, kinds in results.items():
    for kind, (ms, requests, size) in kinds.items():
        print(f"{kind} visit at +{latency} ms: first row {ms:.0f} ms, {requests:.0f} requests, {size / 1024:.0f} KiB")
trips = {kind: (results[200][kind][0] - results[0][kind][0]) / 200 for kind in ("first", "repeat")}
print(json.dumps({str(k): v for k, v in results.items()}))
print(f"first rows: first visit {trips['first']:.1f} round trips, repeat visit {trips['repeat']:.1f} "
      f"({results[200]['first'][0]:.0f} / {results[200]['repeat'][0]:.0f} ms at +200 ms)")
