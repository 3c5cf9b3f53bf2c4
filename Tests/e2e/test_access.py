"""The page for keyboards, screen readers and small screens in headless Chromium:
PageDown/PageUp page without skipping a row, type-ahead, DOM order = screen order,
the position's live region, axe-core's rules in light and dark and on a phone, and
rows that show their phone number whole on a phone."""
import re, unicodedata

import pytest

from conftest import wait_until
from test_list import open_list, row_in_view, settle

# Contacts wholly below the sticky title, in screen order: [row, top].
IN_VIEW = """() => { const l = document.getElementById('list').getBoundingClientRect();
  const sticky = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header'));
  return [...document.querySelectorAll('#list [data-slot][data-row]:not([hidden])')].map(e => [+e.dataset.row, e.getBoundingClientRect()])
    .filter(([, b]) => b.top >= l.top + sticky - 1 && b.bottom <= l.bottom + 1).sort((a, b) => a[1].top - b[1].top)
    .map(([row]) => row); }"""
# Whether the shown slots stand in the DOM as on screen.
DOM_ORDER = """() => { const tops = [...document.querySelectorAll('#list [data-slot]:not([hidden])')]
  .map(e => e.getBoundingClientRect().top); return tops.every((t, i) => i === 0 || t >= tops[i - 1]); }"""
FOCUSED = "() => document.querySelector('.slot.focused')?.dataset.row"


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c))


def test_pagedown_puts_the_last_row_first_and_pageup_comes_back(page, server):
    open_list(page, server)
    page.focus("#list")
    views = [page.evaluate(IN_VIEW)]
    for _ in range(8):
        page.keyboard.press("PageDown")
        settle(page)
        views.append(page.evaluate(IN_VIEW))
        assert views[-1][0] == views[-2][-1], f"the last row in view became the first: {views[-2:]}"
        assert page.evaluate(DOM_ORDER)
    seen = set(sum(views, []))
    assert seen == set(range(0, max(seen) + 1)), "no row skipped"
    focused = int(page.evaluate(FOCUSED))
    assert focused in views[-1], "the focus moved with the page"
    for _ in range(12):
        page.keyboard.press("PageUp")
        settle(page)
    assert page.evaluate(IN_VIEW)[0] == 0 and page.evaluate(FOCUSED) == "0"


def test_typed_letters_jump_to_the_first_name_that_starts_with_them(page, server):
    open_list(page, server)
    page.focus("#list")
    page.keyboard.type("mar", delay=60)
    settle(page)
    expected = server.json("/window?name=mar&height=1")["row"]
    top = page.evaluate(IN_VIEW)[0]
    assert top == expected
    assert page.evaluate(FOCUSED) == str(expected)
    contact = server.json(f"/window?row={expected}&height=1")["cells"]
    contact = next(c["contact"] for c in contact if c.get("row") == expected)
    assert fold(contact["last_name"] or contact["first_name"]).startswith("mar")
    # The position is said for screen readers once the list rests.
    assert wait_until(lambda: page.text_content("#position").startswith(f"Row {expected + 1:,} of "))
    # After a pause, a new name.
    page.wait_for_timeout(1100)
    page.keyboard.type("b", delay=60)
    settle(page)
    assert page.evaluate(IN_VIEW)[0] == server.json("/window?name=b&height=1")["row"]


def test_the_dom_stands_in_screen_order_after_wheeling_a_jump_and_a_search(page, server):
    open_list(page, server)
    page.mouse.move(400, 400)
    for _ in range(40):
        page.mouse.wheel(0, 137)
    settle(page)
    assert page.evaluate(DOM_ORDER), "after wheeling"
    page.evaluate("() => { const l = document.getElementById('list'); l.scrollTop = (l.scrollHeight - l.clientHeight) * 0.41; }")
    settle(page)
    assert page.evaluate(DOM_ORDER), "after a jump"
    said = lambda: re.fullmatch(r"Row [\d,]+ of [\d,]+, [A-Z#]", page.text_content("#position"))
    assert wait_until(said), page.text_content("#position")
    for _ in range(30):
        page.mouse.wheel(0, -211)
    settle(page)
    assert page.evaluate(DOM_ORDER), "after wheeling up"
    page.fill("#search", "ann")
    total = str(server.json("/window?offset=0&height=1&q=ann")["total"])
    assert wait_until(lambda: page.get_attribute("#list", "aria-rowcount") == total), "aria-rowcount: the matches"
    settle(page)
    assert page.evaluate(DOM_ORDER), "after a search"
    rows = page.evaluate("() => [...document.querySelectorAll('#list [data-row]:not([hidden])')].map(e => [e.dataset.row, e.getAttribute('aria-rowindex')])")
    assert rows and all(int(index) == int(row) + 1 for row, index in rows)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation(browser, server, scheme):
    from axe_playwright_python.sync_playwright import Axe
    axe = Axe()
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    found = {}
    def scan(name):
        found[name] = [f"{v['id']} x{len(v['nodes'])}" for v in axe.run(page).response["violations"]]
    open_list(page, server)
    settle(page)
    scan("list")
    # A selection: the rows' checkboxes and the selection bar with its actions.
    page.focus("#list")
    page.keyboard.press("Space")
    page.keyboard.press("Shift+ArrowDown")
    page.wait_for_selector("#selection:not([hidden])")
    scan("selection")
    page.keyboard.press("Escape")
    row_in_view(page, 1).click()
    page.wait_for_selector("#detail:not([hidden])")
    page.wait_for_timeout(500)
    scan("detail")
    page.keyboard.press("Escape")
    open_list(page, server, "#q=maria")
    settle(page)
    assert page.locator("#list mark").count() > 0
    scan("search")
    open_list(page, server)
    page.click("#import-open")
    page.wait_for_timeout(300)
    scan("import")
    context.close()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                device_scale_factor=2, color_scheme=scheme)
    page = phone.new_page()
    open_list(page, server)
    settle(page)
    scan("phone")
    phone.close()
    assert not any(found.values()), found


# Leaf elements of the rows whose text is a phone number or an e-mail and that are cut off.
CUT = """() => { const out = []; const re = /^(\\+?[\\d ()\\-.]{7,}|[^\\s@]+@[^\\s@]+)$/;
  for (const row of document.querySelectorAll('#list [data-slot][data-row]:not([hidden])')) {
    for (const e of row.querySelectorAll('*')) {
      if (e.children.length || !re.test(e.textContent.trim())) continue;
      const r = e.getBoundingClientRect(); if (r.width === 0) continue;
      let clip = false;
      for (let a = e; a && a !== row && !clip; a = a.parentElement) {
        const ar = a.getBoundingClientRect(); const st = getComputedStyle(a);
        if (a !== e && st.overflow !== 'visible' && (r.right > ar.right + 0.5 || r.left < ar.left - 0.5)) clip = true;
        if (a === e && st.overflow !== 'visible' && e.scrollWidth > e.clientWidth + 1) clip = true; }
      if (clip) out.push(e.textContent.trim()); } } return out; }"""


def test_a_phone_shows_each_rows_phone_whole_and_the_pane_links_them(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    open_list(page, server, "#row=1234")
    settle(page)
    assert page.evaluate(CUT) == []
    phones = page.evaluate("() => [...document.querySelectorAll('#list [data-row]:not([hidden]) p + p > i')].filter(e => e.getBoundingClientRect().width > 0).map(e => e.textContent)")
    assert phones and all(re.fullmatch(r"\+?[\d ()\-.]{7,}", p) for p in phones), phones
    sizes = page.evaluate("() => [...document.querySelectorAll('.bar-button:not([hidden])')].map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })")
    assert all(w >= 24 and h >= 24 for w, h in sizes), sizes
    row = row_in_view(page, 1)
    contact = server.json(f"/contacts/{row.get_attribute('data-id')}")
    row.click()
    page.wait_for_selector("#detail-reach:not([hidden])")
    assert page.get_attribute("#detail-mail", "href") == "mailto:" + contact["email"]
    assert page.get_attribute("#detail-call", "href") == "tel:" + (contact["phone_e164"] or re.sub(r"[^\d+]", "", contact["phone"]))
    context.close()
