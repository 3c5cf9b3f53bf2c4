"""The page in Firefox (Debian's firefox-esr over WebDriver BiDi), whose limits on
element heights and transforms are lower than Chromium's: dragging the scrollbar's
thumb to a fraction of its track shows the row at that fraction of the content, and
every slot is as tall as the server laid it out."""
import time

import pytest

from firefox import Firefox

SHOWN = """(() => { const l = document.getElementById('list'); const r = l.getBoundingClientRect();
  const sticky = document.getElementById('current-section').getBoundingClientRect().bottom;
  const slots = [...document.querySelectorAll('[data-slot][data-row]:not([hidden])')].map(e => {
    const b = e.getBoundingClientRect(); return {row: +e.dataset.row, y: b.top, h: b.height}; })
    .filter(c => c.y + c.h > sticky + 0.5 && c.y < r.bottom).sort((a, b) => a.y - b.y);
  return {slots, scrollTop: l.scrollTop, scrollHeight: l.scrollHeight, clientHeight: l.clientHeight}; })()"""


@pytest.fixture(scope="module")
def firefox():
    browser = Firefox(width=800, height=800)
    yield browser
    browser.close()


def shown(firefox, settle=True):
    """What the list shows once its rows are contiguous (at most 10 s)."""
    for _ in range(100):
        view = firefox.evaluate(SHOWN)
        rows = [s["row"] for s in view["slots"]]
        if rows and rows == list(range(rows[0], rows[0] + len(rows))):
            if not settle:
                return view
            time.sleep(0.3)
            again = firefox.evaluate(SHOWN)
            if again == view:
                return view
        time.sleep(0.1)
    raise AssertionError(f"the list never settled: {view}")


def first_row_at(server, offset, height):
    """The first row the server shows at `offset` below the 32 px sticky title."""
    window = server.json(f"/window?offset={offset:.1f}&height={height}")
    cells = [c for c in window["cells"] if c["kind"] == "contact" and c["top"] + c["height"] > offset + 32.5]
    return min(c["row"] for c in cells), {c["row"]: c["height"] for c in window["cells"] if c["kind"] == "contact"}


def test_the_scrollbar_thumb_at_a_fraction_shows_the_row_at_that_fraction_in_firefox(firefox, server):
    content = server.json("/sections")["contentHeight"]
    firefox.goto(server.base + "/")
    view = shown(firefox)
    # The spacer is as tall as the page asked (not cut short by Firefox's limits).
    assert view["scrollHeight"] > 1_000_000, view["scrollHeight"]
    for fraction in (0.1, 0.37, 0.5, 0.83, 1.0):
        track = view["scrollHeight"] - view["clientHeight"]
        firefox.evaluate(f"(() => {{ document.getElementById('list').scrollTop = {fraction * track}; return 0; }})()")
        view = shown(firefox)
        v = view["scrollTop"] / track * (content - view["clientHeight"])
        expected, heights = first_row_at(server, v, view["clientHeight"])
        first = view["slots"][0]["row"]
        assert abs(first - expected) <= 2, (fraction, first, expected, v)
        # Every slot is as tall as the server says.
        for slot in view["slots"]:
            if slot["row"] in heights:
                assert abs(slot["h"] - heights[slot["row"]]) < 0.5, (fraction, slot, heights[slot["row"]])
    assert view["slots"][-1]["row"] == server.json("/sections")["total"] - 1, "the thumb at the end shows the last row"
