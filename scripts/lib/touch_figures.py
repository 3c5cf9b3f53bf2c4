"""The page under a finger, measured: headless Chromium on a running Roster (BASE
[CHROMIUM]) emulating a 390 x 844 phone (is_mobile, has_touch, device scale 2),
touches sent as the browser's own input (CDP Input.dispatchTouchEvent). Prints one
JSON object:
  drag300         px the content moved for a 300 px drag (30 moves 20 ms apart, held
                  still 0.3 s, lifted) at the top, at row 500,000 and at row 999,900
  pull_at_top     px it moved for a 300 px pull down at the top (0: it stays)
  push_at_end     px it moved for a 300 px push up at the last row (0: it stays)
  flick           a 200 px flick in 6 moves 16 ms apart, lifted at once, at the top and
                  at row 500,000: px moved in all, ms until it rested, frame gaps (ms)
                  while it moved: median, p95, max
  small_drags     [finger px, content px] for drags of 4, 10, 20 px (the slop)
How far the content moved: a row's screen y before and after, with each row's
content top from /window?row=R&height=1 ("offset")."""
import json, shutil, sys, time, urllib.request

from playwright.sync_api import sync_playwright

base = sys.argv[1]
chromium = sys.argv[2] if len(sys.argv) > 2 else shutil.which("chromium")
TOP = """() => { const l = document.getElementById('list').getBoundingClientRect();
  const r = [...document.querySelectorAll('#list [data-slot][data-row]:not([hidden])')].map(e => [e.getBoundingClientRect().top, +e.dataset.row])
    .filter(x => x[0] >= l.top + 40 && x[0] < l.bottom - 200).sort((a, b) => a[0] - b[0]); return r.length ? r[0] : null; }"""
SAMPLE = """(top) => { window.__s = []; window.__stop = false; const first = eval(top); let last = performance.now();
  const tick = t => { window.__s.push([t, t - last, first()]); last = t; if (!window.__stop) requestAnimationFrame(tick); };
  requestAnimationFrame(tick); }"""
tops = {}


def v_of(seen):
    y, row = seen
    if row not in tops:
        tops[row] = json.load(urllib.request.urlopen(f"{base}/window?row={row}&height=1"))["offset"]
    return tops[row] - y


with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    page = context.new_page()
    cdp = context.new_cdp_session(page)

    def touch(kind, y=None):
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if y is None else [{"x": 195, "y": y}]})

    def load(where):
        page.goto(base + "/" + where)
        page.wait_for_selector("[data-slot][data-row]:not([hidden])", timeout=30000)
        time.sleep(1.2)

    def drag(dy, steps=30, pause=0.02, hold=0.3, y=640):
        touch("touchStart", y)
        for i in range(1, steps + 1):
            touch("touchMove", y - dy * i / steps)
            time.sleep(pause)
        time.sleep(hold)
        touch("touchEnd")

    def moved(dy, **kwargs):
        before = page.evaluate(TOP)
        drag(dy, **kwargs)
        time.sleep(1.2)
        return round(v_of(page.evaluate(TOP)) - v_of(before), 1)

    out = {"drag300": []}
    for where in ("", "#row=500000", "#row=999900"):
        load(where)
        out["drag300"].append(moved(300))
    load("")
    out["pull_at_top"] = moved(-300)
    load("#row=999999")
    out["push_at_end"] = moved(300)
    out["flick"] = []
    for where in ("", "#row=500000"):
        load(where)
        page.evaluate(SAMPLE, TOP)
        drag(200, steps=6, pause=0.016, hold=0)
        time.sleep(4)
        s = [x for x in page.evaluate("() => { window.__stop = true; return window.__s; }") if x[2]]
        change = [i for i in range(1, len(s)) if s[i][2] != s[i - 1][2]] or [1]
        gaps = sorted(x[1] for x in s[change[0]:change[-1] + 1])
        out["flick"].append({"at": where or "top", "moved": round(v_of(s[-1][2]) - v_of(s[0][2]), 1),
                             "ms": round(s[change[-1]][0] - s[change[0] - 1][0]),
                             "gap_median": round(gaps[len(gaps) // 2], 1), "gap_p95": round(gaps[int(len(gaps) * 0.95)], 1),
                             "gap_max": round(gaps[-1], 1)})
    out["small_drags"] = []
    for dy in (4, 10, 20):
        load("#row=500000")
        out["small_drags"].append([dy, moved(dy, steps=4, pause=0.03)])
    print(json.dumps(out))
    browser.close()
