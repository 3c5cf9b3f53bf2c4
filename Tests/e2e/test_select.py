"""The list's selection and swipes in headless Chromium: Space, Shift+arrows, a
checkbox and Shift+click select contacts; the bar counts them in the page's words;
Ctrl+A selects the whole list and Escape clears; while the wheel scrolls, every
frame's rows say aria-selected exactly for the selected contacts (slots recycled
never carry another contact's state); another view clears the selection. On a touch
phone a left swipe shows that row's Delete and nowhere else once the list moves, and
a right swipe starts selecting."""
import time

from conftest import wait_until
from test_list import open_list, settle

ROWS = "#list [data-slot][data-row]:not([hidden])"
SHOWN = """() => { const l = document.getElementById('list').getBoundingClientRect();
  return [...document.querySelectorAll('#list [data-slot][data-row]:not([hidden])')]
    .filter(e => { const r = e.getBoundingClientRect(); return r.bottom > l.top + 1 && r.top < l.bottom - 1; })
    .map(e => ({id: e.dataset.id, row: +e.dataset.row, sel: e.getAttribute('aria-selected'),
                box: e.querySelector('.pick')?.checked ?? null})); }"""
# Checks every frame (requestAnimationFrame) until stopped: each shown row's aria-selected
# and checkbox against whether its contact is among `ids`.
WATCH = """(ids) => { const chosen = new Set(ids); window.__leaks = []; window.__frames = 0; window.__watching = true;
  const look = () => { if (!window.__watching) return; window.__frames++;
    for (const e of document.querySelectorAll('#list [data-slot][data-row]:not([hidden])')) {
      const want = chosen.has(e.dataset.id);
      if ((e.getAttribute('aria-selected') === 'true') !== want || e.querySelector('.pick')?.checked !== want)
        window.__leaks.push([e.dataset.slot, e.dataset.id, e.getAttribute('aria-selected')]); }
    requestAnimationFrame(look); };
  requestAnimationFrame(look); }"""
DELETE_SHOWN = """() => [...document.querySelectorAll('#list [data-slot][data-row]:not([hidden])')]
  .filter(e => [...e.querySelectorAll('button')].some(b => /Delete/.test((b.getAttribute('aria-label') || '') + b.textContent)
    && b.getBoundingClientRect().width > 4 && getComputedStyle(b).visibility !== 'hidden')).map(e => e.dataset.id)"""


def selected(page):
    return sorted(r["id"] for r in page.evaluate(SHOWN) if r["sel"] == "true")


def test_keys_and_mouse_select_and_no_row_shows_another_contacts_state_while_scrolling(page, server):
    open_list(page, server)
    assert page.get_attribute("#list", "aria-multiselectable") == "true"
    assert page.is_hidden("#selection")
    rows = page.evaluate(SHOWN)
    assert all(r["sel"] == "false" for r in rows), "every row says it is not selected"
    page.focus("#list")
    page.keyboard.press("Home")
    page.keyboard.press("Space")
    for _ in range(4):
        page.keyboard.press("Shift+ArrowDown")
    chosen = [str(r["id"]) for r in page.evaluate(SHOWN) if r["row"] <= 4]
    assert wait_until(lambda: selected(page) == sorted(chosen)), selected(page)
    assert page.text_content("#selection-count") == "5 selected"
    assert page.text_content("#selection-all") == f"Select all {int(page.get_attribute('#list', 'aria-rowcount')):,}"
    page.keyboard.press("Shift+ArrowUp")
    assert wait_until(lambda: page.text_content("#selection-count") == "4 selected")
    page.keyboard.press("Shift+ArrowDown")
    # A type-ahead's space is part of the name, not a selection.
    page.keyboard.type("van d", delay=50)
    settle(page)
    assert page.text_content("#selection-count") == "5 selected"
    page.keyboard.press("Home")
    settle(page)
    # The checkbox of row 8 (shown on hover) and Shift+click to row 10 from it.
    row8 = page.locator(ROWS).filter(has=page.locator(".pick")).nth(8)
    row8.hover()
    row8.locator(".pick").click()
    assert wait_until(lambda: page.text_content("#selection-count") == "6 selected"), page.text_content("#selection-count")
    before = selected(page)
    # Row 10 may sit below the fold (the selection bar takes room): the click scrolls it in.
    page.locator(f"{ROWS}[data-row='10'] .cell > p").first.click(modifiers=["Shift"])
    assert wait_until(lambda: page.text_content("#selection-count") == "8 selected"), page.text_content("#selection-count")
    assert page.is_hidden("#detail"), "a click while selecting does not open the contact"
    chosen = sorted(set(before) | set(selected(page)), key=int)
    assert len(chosen) == 8, chosen
    # Every frame of a wheel scroll away and back: no leak.
    page.evaluate(WATCH, chosen)
    page.mouse.move(500, 450)
    for _ in range(40):
        page.mouse.wheel(0, 300)
        time.sleep(0.03)
    settle(page)
    page.focus("#list")
    page.keyboard.press("Home")
    settle(page)
    page.evaluate("() => { window.__watching = false; }")
    assert page.evaluate("window.__frames") > 20
    assert page.evaluate("window.__leaks") == []
    back = page.evaluate(SHOWN)
    assert all((r["sel"] == "true") == (r["id"] in chosen) for r in back), back
    assert any(r["sel"] == "true" for r in back), "the selected rows in view show selected again"
    # Ctrl+A: the whole list, in the page's words; Escape clears.
    page.keyboard.press("Control+a")
    total = int(page.get_attribute("#list", "aria-rowcount"))
    assert wait_until(lambda: page.text_content("#selection-count") == f"{total:,} selected")
    assert page.is_hidden("#selection-all")
    assert all(r["sel"] == "true" and r["box"] for r in page.evaluate(SHOWN))
    page.keyboard.press("Escape")
    assert wait_until(lambda: page.is_hidden("#selection"))
    assert all(r["sel"] == "false" for r in page.evaluate(SHOWN))
    assert page.errors == []


def test_another_view_clears_the_selection(page, server):
    open_list(page, server)
    page.focus("#list")
    page.keyboard.press("Space")
    assert wait_until(lambda: page.text_content("#selection-count") == "1 selected")
    page.fill("#search", "ann")
    total = str(server.json("/window?offset=0&height=1&q=ann")["total"])
    assert wait_until(lambda: page.get_attribute("#list", "aria-rowcount") == total)
    settle(page)
    assert page.is_hidden("#selection")
    assert all(r["sel"] == "false" for r in page.evaluate(SHOWN))


def test_a_swipe_shows_its_rows_delete_only_and_a_right_swipe_selects(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2, locale="en-US")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    open_list(page, server)

    def touch(kind, x=0, y=0):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def swipe(y, dx):
        touch("touchStart", 200, y)
        for k in range(1, 13):
            touch("touchMove", 200 + dx * k / 12, y)
            time.sleep(0.016)
        touch("touchEnd")
        time.sleep(0.4)

    rows = [r for r in page.evaluate(SHOWN) if r["row"] >= 2][:3]
    box = page.locator(f"{ROWS}[data-id='{rows[0]['id']}']").bounding_box()
    swipe(box["y"] + box["height"] / 2, -150)
    assert page.evaluate(DELETE_SHOWN) == [rows[0]["id"]]
    assert page.get_by_role("button", name="Delete").count() == 1
    # Another row's swipe closes the first: one open at a time.
    box = page.locator(f"{ROWS}[data-id='{rows[1]['id']}']").bounding_box()
    swipe(box["y"] + box["height"] / 2, -150)
    assert page.evaluate(DELETE_SHOWN) == [rows[1]["id"]]
    # The list scrolls: no row shows a Delete, whichever contacts its slot holds now.
    touch("touchStart", 200, 650)
    for k in range(1, 20):
        touch("touchMove", 200, 650 - 25 * k)
        time.sleep(0.016)
    touch("touchEnd")
    settle(page)
    assert page.evaluate(DELETE_SHOWN) == []
    # A right swipe starts selecting; then a tap selects another row.
    shown = [r for r in page.evaluate(SHOWN) if r["row"] >= 0][2:4]
    box = page.locator(f"{ROWS}[data-id='{shown[0]['id']}']").bounding_box()
    swipe(box["y"] + box["height"] / 2, 90)
    assert wait_until(lambda: page.text_content("#selection-count") == "1 selected")
    assert selected(page) == [shown[0]["id"]]
    page.locator(f"{ROWS}[data-id='{shown[1]['id']}'] .cell > p").first.tap()
    assert wait_until(lambda: page.text_content("#selection-count") == "2 selected")
    assert page.is_hidden("#detail")
    context.close()
