"""The page over a real network: every request delayed by a round trip (Chromium's
own network emulation, CDP Network.emulateNetworkConditions). A steady wheel stays
covered, a jump is covered within the round trip and a margin, the bytes per pixel
scrolled stay bounded, /metrics counts the prefetched rows shown and unseen,
skeletons stand where rows are on their way, and the list is aria-busy while a
window is."""
import re, time, urllib.request

import pytest

from conftest import wait_until
from test_list import open_list, settle

pytestmark = pytest.mark.timing

COVER = """() => { const l = document.getElementById('list'); const r = l.getBoundingClientRect();
  const iv = [...document.querySelectorAll('#list [data-slot]:not([hidden])')].map(e => e.getBoundingClientRect())
    .map(b => [Math.max(b.top, r.top), Math.min(b.bottom, r.bottom)]).filter(x => x[1] > x[0]).sort((a, b) => a[0] - b[0]);
  let covered = 0, end = r.top;
  for (const [a, b] of iv) { if (b <= end) continue; covered += b - Math.max(a, end); end = b; }
  return Math.max(0, 1 - covered / r.height); }"""
SAMPLE = """(cover) => { window.__cover = eval(cover); window.__s = []; window.__skeletons = [];
  const tick = () => {
    window.__s.push(window.__cover());
    const l = document.getElementById('list').getBoundingClientRect();
    const shown = [...document.querySelectorAll('#list .skeleton:not([hidden])')].filter(e => {
      const b = e.getBoundingClientRect(); return b.bottom > l.top && b.top < l.bottom; });
    if (shown.length) window.__skeletons.push(shown.map(e => ({h: e.getBoundingClientRect().height,
      slot: e.hasAttribute('data-slot'), hidden: !!e.closest('[aria-hidden="true"]')})));
    requestAnimationFrame(tick); };
  requestAnimationFrame(tick); }"""
BYTES = """() => performance.getEntriesByType('resource').filter(e => e.name.includes('/window'))
  .reduce((s, e) => s + (e.encodedBodySize || e.transferSize || 0), 0)"""


def emulate(page, rtt):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": rtt, "downloadThroughput": -1, "uploadThroughput": -1})
    return cdp


def start(page, server, rtt, hash="#row=20000"):
    emulate(page, rtt)
    open_list(page, server, hash)
    time.sleep(0.5)  # a few answers: the round trip is measured
    page.evaluate("() => performance.setResourceTimingBufferSize(100000)")
    page.evaluate(SAMPLE, COVER)
    page.mouse.move(500, 400)


def taken(page):
    """The coverage samples since the last call: (% of area striped, % of frames with a stripe)."""
    s = page.evaluate("() => { const s = window.__s; window.__s = []; return s; }")
    return 100 * sum(s) / max(1, len(s)), 100 * sum(1 for x in s if x > 0.001) / max(1, len(s))


def wheel(page, px_per_s, seconds, notch=100):
    """Wheel notches of `notch` px at `px_per_s`; returns the px scrolled and the /window bytes fetched."""
    b0 = page.evaluate(BYTES)
    t0, n = time.time(), 0
    while time.time() - t0 < seconds:
        page.mouse.wheel(0, notch)
        n += 1
        time.sleep(max(0, t0 + n * abs(notch) / px_per_s - time.time()))
    return n * abs(notch), page.evaluate(BYTES) - b0


def prefetched(server):
    """/metrics' counts of prefetched rows: sent, shown, unseen."""
    text = urllib.request.urlopen(server.base + "/metrics").read().decode()
    return {m[0]: int(m[1]) for m in re.findall(r'roster_prefetched_rows_total\{outcome="(\w+)"\} (\d+)', text)}


def test_a_steady_wheel_stays_covered_at_80_ms_and_a_fast_one_at_200_ms(page, server):
    start(page, server, 80)
    taken(page)
    wheel(page, 1500, 3)
    area, frames = taken(page)
    assert frames <= 1.0, f"slow wheel at RTT 80: {frames:.1f}% of frames striped ({area:.2f}% of the area)"
    time.sleep(0.5)
    emulate(page, 200)
    time.sleep(0.8)
    taken(page)
    wheel(page, 6000, 3)
    area, frames = taken(page)
    # Before the lookahead, two thirds of the viewport were stripes at 200 ms.
    assert area <= 5.0, f"fast wheel at RTT 200: {area:.2f}% of the area striped"
    assert page.errors == []


def test_a_jump_is_covered_within_the_round_trip_and_a_margin(page, server):
    rtt = 150
    start(page, server, rtt)
    jump = """async (f) => { const l = document.getElementById('list'); const samples = []; const t0 = performance.now();
      l.scrollTop = (l.scrollHeight - l.clientHeight) * f;
      await new Promise(done => { const tick = t => { samples.push([t - t0, window.__cover()]);
        if (t - t0 < 1500) requestAnimationFrame(tick); else done(); }; requestAnimationFrame(tick); });
      return samples; }"""
    waits = []
    for k in range(5):
        s = page.evaluate(jump, 0.1 + 0.17 * k)
        waits.append(next((s[i][0] for i in range(len(s)) if all(x[1] <= 0.001 for x in s[i:])), 9999))
        time.sleep(0.3)
    waits.sort()
    # A debug build on shared cores: the margin is wider than the release page needs.
    assert waits[2] <= rtt + 120, f"jumps covered after {[round(w) for w in waits]} ms at RTT {rtt}"


def test_bytes_per_pixel_stay_bounded_and_metrics_count_prefetched_rows(page, server):
    start(page, server, 0)
    px0, bytes0 = wheel(page, 6000, 2.5)
    settle(page)
    emulate(page, 200)
    time.sleep(1.0)
    px, fetched = wheel(page, 6000, 2.5)
    ratio = (fetched / px) / (bytes0 / px0)
    assert ratio <= 2.5, f"{fetched * 1000 / px:.0f} bytes per 1,000 px at RTT 200, {bytes0 * 1000 / px0:.0f} at 0"
    settle(page)
    # Faster than the rest margins cover: the server reaches ahead, and the list gets there.
    before = prefetched(server)
    wheel(page, 12000, 1.5, notch=300)
    moved = prefetched(server)
    assert moved["sent"] > before["sent"] and moved["shown"] > before["shown"], (before, moved)
    # The other way: the rows ahead it never reached are released unseen.
    wheel(page, 6000, 0.6, notch=-300)
    settle(page)
    back = prefetched(server)
    assert back["unseen"] > moved["unseen"], (moved, back)
    assert page.errors == []


def test_skeletons_stand_where_rows_are_on_their_way(page, server):
    # Faster than any lookahead covers at this round trip: the viewport outruns the window.
    start(page, server, 300)
    wheel(page, 30000, 1.2, notch=200)
    shown = page.evaluate("() => window.__skeletons")
    assert shown, "no skeleton was drawn"
    heights = {b["h"] for frame in shown for b in frame}
    assert heights <= {32, 56, 76, 96, 116}, heights
    assert not any(b["slot"] for frame in shown for b in frame), "skeletons are not slots"
    assert all(b["hidden"] for frame in shown for b in frame), "skeletons are hidden from assistive technology"
    settle(page)
    time.sleep(0.3)
    assert page.evaluate("window.__cover()") == 0


def test_the_list_is_aria_busy_while_a_window_is_on_its_way(page, server):
    start(page, server, 400)
    assert page.get_attribute("#list", "aria-busy") is None
    page.evaluate("() => { const l = document.getElementById('list'); l.scrollTop = l.scrollHeight / 2; }")
    assert wait_until(lambda: page.get_attribute("#list", "aria-busy") == "true", 0.3, every=0.01)
    assert wait_until(lambda: page.get_attribute("#list", "aria-busy") is None, 3.0, every=0.02)
    assert page.evaluate("window.__cover()") == 0, "busy ends with the window applied"
