"""The page under a finger, in headless Chromium emulating a 390 x 844 phone (touch
sent as the browser's own input through CDP Input.dispatchTouchEvent): a drag moves
the content 1:1 at the top, in the middle and near the end, a flick flings further
and comes to rest, the letter index scrubs, the fast-scroll thumb reaches a deep
row, the last row is reachable, and every letter of the index is a 24 x 24 px
target. On a desktop without touch the thumb does not show."""
import time

import pytest

from conftest import wait_until
from test_list import check_rows, open_list, settle

pytestmark = pytest.mark.timing

# The first contact row below the sticky title and above the viewport's lower part:
# [its top on screen, its row].
TOP = """() => { const l = document.getElementById('list').getBoundingClientRect();
  const r = [...document.querySelectorAll('#list [data-slot][data-row]:not([hidden])')].map(e => [e.getBoundingClientRect().top, +e.dataset.row])
    .filter(x => x[0] >= l.top + 40 && x[0] < l.bottom - 200).sort((a, b) => a[0] - b[0]); return r.length ? r[0] : null; }"""


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.cdp = context.new_cdp_session(pg)
    yield pg
    context.close()


def touch(page, kind, x=None, y=None):
    points = [] if y is None else [{"x": x, "y": y}]
    page.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def drag(page, dy, steps=30, pause=0.02, hold=0.3, x=195, y=640):
    """A finger drag of `dy` px up (the content moves towards the end) in `steps` moves
    `pause` s apart, then still for `hold` s before it lifts (0: a flick, lifted right
    after its last move). Each move's dispatch returns only once the page has taken it
    (a frame or more), so the page sees the moves further apart than `pause`."""
    touch(page, "touchStart", x, y)
    for i in range(1, steps + 1):
        if i > 1:
            time.sleep(pause)
        touch(page, "touchMove", x, y - dy * i / steps)
    time.sleep(hold)
    touch(page, "touchEnd")


def content_v(server, seen):
    """The content offset at the viewport's top, from a row seen at a screen y: the
    row's own top comes from the server (`row=` lays the window out from it)."""
    y, row = seen
    return server.json(f"/window?row={row}&height=1")["offset"] - y


def moved_by_drag(page, server, dy, **kwargs):
    settle(page)
    before = page.evaluate(TOP)
    drag(page, dy, **kwargs)
    settle(page)
    after = page.evaluate(TOP)
    return content_v(server, after) - content_v(server, before)


@pytest.mark.parametrize("where", ["", "#row=100000", "#row=199900"])
def test_a_finger_drag_moves_the_content_one_to_one(phone, server, where):
    open_list(phone, server, where)
    assert abs(moved_by_drag(phone, server, 300) - 300) <= 2
    assert abs(moved_by_drag(phone, server, -200) + 200) <= 2
    check_rows(phone, server)
    assert phone.errors == []


def test_a_drag_at_the_end_moves_one_to_one_and_never_past_it(phone, server):
    total = server.json("/sections")["total"]
    open_list(phone, server, f"#row={total - 1}")
    rows = check_rows(phone, server)
    assert rows[-1]["row"] == total - 1
    list_bottom = phone.evaluate("document.getElementById('list').getBoundingClientRect().bottom")
    last = lambda: phone.evaluate(f"() => document.querySelector('[data-row=\"{total - 1}\"]:not([hidden])')"
                                  ".getBoundingClientRect().bottom")
    assert abs(last() - list_bottom) <= 1
    assert moved_by_drag(phone, server, 300) == 0, "past the end"
    assert abs(last() - list_bottom) <= 1
    assert abs(moved_by_drag(phone, server, -300) + 300) <= 2, "back up: 1:1"
    assert abs(moved_by_drag(phone, server, 300) - 300) <= 2, "and down to the end again"
    assert abs(last() - list_bottom) <= 1


def test_a_flick_flings_further_than_the_drag_and_comes_to_rest(phone, server):
    open_list(phone, server, "#row=50000")
    before = phone.evaluate(TOP)
    drag(phone, 200, steps=6, pause=0.016, hold=0)
    samples = []
    def rested():
        samples.append(phone.evaluate(TOP))
        return len(samples) > 3 and samples[-1] == samples[-2] == samples[-3] and samples[-1] != before
    assert wait_until(rested, timeout=6, every=0.1), samples[-3:]
    moved = content_v(server, samples[-1]) - content_v(server, before)
    assert 400 < moved < 3000, moved
    settle(phone)
    check_rows(phone, server)
    # a finger put down stops a fling where it is
    drag(phone, 300, steps=6, pause=0.016, hold=0)
    time.sleep(0.15)
    touch(phone, "touchStart", 195, 400)
    time.sleep(0.1)
    stopped = phone.evaluate(TOP)
    time.sleep(0.5)
    assert phone.evaluate(TOP) == stopped
    touch(phone, "touchEnd")


def test_sliding_a_finger_over_the_index_jumps_to_each_letter_under_it(phone, server):
    open_list(phone, server)
    sections = {s["title"]: s for s in server.sections()}
    box = lambda letter: phone.locator(f'[data-index="{letter}"]').bounding_box()
    first_rows = lambda: check_rows(phone, server)[0]["row"]
    # Three letters the index shows (where they do not all fit, every second one shows).
    shown = phone.evaluate("""() => [...document.querySelectorAll('[data-index]')]
      .filter(e => !e.hidden && e.getBoundingClientRect().height > 0).map(e => e.dataset.index)""")
    latin = [title for title in shown if len(title) == 1 and "A" <= title <= "Z"]
    first, middle, late = latin[1], latin[len(latin) // 2], latin[-2]
    b, m, w = box(first), box(middle), box(late)
    x = b["x"] + b["width"] / 2
    touch(phone, "touchStart", x, b["y"] + b["height"] / 2)
    settle(phone)
    assert sections[first]["firstRow"] <= first_rows() <= sections[first]["firstRow"] + 2
    for letter, target in ((middle, m), (late, w)):  # slides on, never lifted
        for k in range(1, 6):
            touch(phone, "touchMove", x, target["y"] + target["height"] / 2 - (5 - k) * 4)
            time.sleep(0.03)
        settle(phone)
        row = first_rows()
        assert sections[letter]["firstRow"] <= row <= sections[letter]["firstRow"] + 2, (letter, row)
    touch(phone, "touchEnd")
    assert phone.errors == []


def test_the_fast_scroll_thumb_reaches_any_row_and_the_end(phone, server):
    open_list(phone, server)
    total = server.json("/sections")["total"]
    thumb = phone.locator("#scrubber").bounding_box()
    assert thumb and thumb["width"] >= 24 and thumb["height"] >= 24
    track_top = phone.evaluate("document.getElementById('list').getBoundingClientRect().top") + 36
    track = phone.evaluate("document.getElementById('list').clientHeight") - 72 - thumb["height"]
    x, y = thumb["x"] + thumb["width"] / 2, thumb["y"] + 10
    touch(phone, "touchStart", x, y)
    for k in range(1, 11):  # to 70% of the track
        touch(phone, "touchMove", x, y + track * 0.7 * k / 10)
        time.sleep(0.03)
    touch(phone, "touchEnd")
    settle(phone)
    row = check_rows(phone, server)[0]["row"]
    assert total * 0.6 < row < total * 0.8, row
    moved = phone.locator("#scrubber").bounding_box()
    assert abs(moved["y"] - (track_top + 0.7 * track)) <= 3, "the thumb stays where the finger left it"
    # the thumb's drag did not pan the list under it: down the whole track is the end
    y = moved["y"] + 10
    touch(phone, "touchStart", x, y)
    for k in range(1, 11):
        touch(phone, "touchMove", x, y + 400 * k / 10)
        time.sleep(0.03)
    touch(phone, "touchEnd")
    settle(phone)
    assert check_rows(phone, server)[-1]["row"] == total - 1


def test_the_last_row_opens_from_a_link_on_a_phone(phone, server):
    total = server.json("/sections")["total"]
    open_list(phone, server, f"#row={total - 1}")
    assert check_rows(phone, server)[-1]["row"] == total - 1


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (360, 640)])
def test_every_letter_shown_is_a_target_of_24_px_or_more(browser, server, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=True, has_touch=True)
    page = context.new_page()
    open_list(page, server)
    boxes = page.evaluate("""() => [...document.querySelectorAll('[data-index]')].map(e => e.getBoundingClientRect())
      .filter(r => r.width > 0).map(r => [r.width, r.height, r.top, r.bottom])""")
    index_box = page.evaluate("""() => { const r = document.getElementById('index').getBoundingClientRect();
      return [r.top, r.bottom]; }""")
    index = index_box[1]
    context.close()
    # Every section /sections shows has a letter (A-Z, #, and the other scripts' that hold contacts).
    total = len(server.json("/sections")["sections"])
    assert all(w >= 24 and h >= 24 for w, h, _, _ in boxes), boxes
    assert all(bottom <= index + 0.5 for *_, bottom in boxes), "every shown letter fits on the screen"
    if total * 24 <= index_box[1] - index_box[0]:
        assert len(boxes) == total, "a screen with room for every letter shows every letter"
    else:
        assert 8 <= len(boxes) < total, "short screens hide letters between the shown ones"


def test_a_desktop_without_touch_shows_no_thumb_and_scrolls_as_before(page, server):
    open_list(page, server)
    assert page.locator("#scrubber").bounding_box() is None
    assert page.evaluate("getComputedStyle(document.getElementById('list')).touchAction") == "pinch-zoom"
    page.mouse.move(400, 400)
    before = page.evaluate(TOP)
    page.mouse.wheel(0, 560)
    settle(page)
    assert content_v(server, page.evaluate(TOP)) - content_v(server, before) == 560, "the wheel moves by its px"
