"""The page in Firefox (Debian's firefox-esr over WebDriver BiDi), whose limits on
element heights and transforms are lower than Chromium's: dragging the scrollbar's
thumb to a fraction of its track shows the row at that fraction of the content, and
every slot is as tall as the server laid it out."""
import time

import pytest

from firefox import Firefox

# What the list shows, looked at two frames on (a frame that applies an answer has run by then).
SHOWN = """new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => { const l = document.getElementById('list'); const r = l.getBoundingClientRect();
  const sticky = document.getElementById('current-section').getBoundingClientRect().bottom;
  const slots = [...document.querySelectorAll('[data-slot][data-row]:not([hidden])')].map(e => {
    const b = e.getBoundingClientRect(); return {row: +e.dataset.row, y: b.top, h: b.height}; })
    .filter(c => c.y + c.h > sticky + 0.5 && c.y < r.bottom).sort((a, b) => a.y - b.y);
  done({slots, scrollTop: l.scrollTop, scrollHeight: l.scrollHeight, clientHeight: l.clientHeight}); })))"""


@pytest.fixture(scope="module")
def firefox():
    browser = Firefox(width=800, height=800)
    yield browser
    browser.close()


def contiguous(view):
    rows = [s["row"] for s in view["slots"]]
    return bool(rows) and rows == list(range(rows[0], rows[0] + len(rows)))


def shown(firefox, want=contiguous, timeout=10.0):
    """What the list shows once `want(view)` holds and two looks in a row agree (at most
    `timeout` s)."""
    end, last, view = time.time() + timeout, None, None
    while time.time() < end:
        view = firefox.evaluate(SHOWN)
        if view == last and want(view):
            return view
        last = view
        time.sleep(0.05)  # between looks
    raise AssertionError(f"the list never showed what was wanted: {view}")


def first_row_at(server, offset, height):
    """The first row the server shows at `offset` below the 32 px sticky title."""
    window = server.json(f"/window?offset={offset:.1f}&height={height}")
    cells = [c for c in window["cells"] if c["kind"] == "contact" and c["top"] + c["height"] > offset + 32.5]
    return min(c["row"] for c in cells), {c["row"]: c["height"] for c in window["cells"] if c["kind"] == "contact"}


def expected(server, content, view):
    """The content offset of the thumb's place in `view`, the server's first row there, and its rows' heights."""
    v = view["scrollTop"] / (view["scrollHeight"] - view["clientHeight"]) * (content - view["clientHeight"])
    return (v, *first_row_at(server, v, view["clientHeight"]))


def test_the_scrollbar_thumb_at_a_fraction_shows_the_row_at_that_fraction_in_firefox(firefox, server):
    content = server.json("/sections")["contentHeight"]
    firefox.goto(server.base + "/")
    view = shown(firefox)
    # The spacer is as tall as the page asked (not cut short by Firefox's limits).
    assert view["scrollHeight"] > 1_000_000, view["scrollHeight"]
    for fraction in (0.1, 0.37, 0.5, 0.83, 1.0):
        track = view["scrollHeight"] - view["clientHeight"]
        firefox.evaluate(f"(() => {{ document.getElementById('list').scrollTop = {fraction * track}; return 0; }})()")
        # The window for the thumb's place has come: its first row is the server's for that offset.
        view = shown(firefox, lambda view: contiguous(view) and abs(view["slots"][0]["row"] - expected(server, content, view)[1]) <= 2)
        v, expected_row, heights = expected(server, content, view)
        first = view["slots"][0]["row"]
        assert abs(first - expected_row) <= 2, (fraction, first, expected_row, v)
        # Every slot is as tall as the server says.
        for slot in view["slots"]:
            if slot["row"] in heights:
                assert abs(slot["h"] - heights[slot["row"]]) < 0.5, (fraction, slot, heights[slot["row"]])
    assert view["slots"][-1]["row"] == server.json("/sections")["total"] - 1, "the thumb at the end shows the last row"
