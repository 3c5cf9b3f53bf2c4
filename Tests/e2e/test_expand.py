"""Rows that expand in place: ArrowRight on the focused row expands its contact
(aria-expanded, taller by the server's lines, the rows below pushed down, none
above moved), the expansion follows the contact and never a recycled slot, and
ArrowLeft collapses it."""
from test_list import open_list, settle

ROWS = """() => { const l = document.getElementById('list').getBoundingClientRect();
  return [...document.querySelectorAll('#list [data-slot][data-row]:not([hidden])')]
    .map(e => ({id: e.dataset.id, row: +e.dataset.row, exp: e.getAttribute('aria-expanded'),
                top: e.getBoundingClientRect().top, h: e.getBoundingClientRect().height,
                bottom: e.getBoundingClientRect().bottom}))
    .filter(r => r.bottom > l.top + 1 && r.top < l.bottom - 1); }"""


def by_row(page):
    return {r["row"]: r for r in page.evaluate(ROWS)}


def test_arrow_right_expands_the_focused_row_and_arrow_left_collapses_it(page, server):
    open_list(page, server)
    page.focus("#list")
    page.keyboard.press("Home")
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    settle(page)
    before = by_row(page)
    assert all(r["exp"] == "false" for r in before.values()), before
    page.keyboard.press("ArrowRight")
    settle(page)
    page.wait_for_function("() => document.querySelector('#list [data-row=\"3\"]:not([hidden])')?.getAttribute('aria-expanded') === 'true'")
    settle(page)
    after = by_row(page)
    expanded = [r for r in after.values() if r["exp"] == "true"]
    assert [r["row"] for r in expanded] == [3], expanded
    mine = after[3]
    # The server's lines: the seed's contacts have at least an e-mail or a phone.
    grown = mine["h"] - before[3]["h"]
    assert grown >= 20 and grown % 20 == 0, (before[3], mine)
    for row in (0, 1, 2, 3):
        assert after[row]["top"] == before[row]["top"], ("rows above stay put", row, before[row], after[row])
    for row in (4, 5, 6):
        assert after[row]["top"] == before[row]["top"] + grown, ("rows below move down", row)

    # Far away and back: the contact is the one expanded row; no slot shows another's.
    page.mouse.move(500, 450)
    leaks = []
    for _ in range(34):
        page.mouse.wheel(0, 300)
        page.wait_for_timeout(40)
        leaks += [r for r in page.evaluate(ROWS) if r["exp"] == "true" and r["id"] != mine["id"]]
    settle(page)
    assert leaks == [], leaks[:3]
    page.focus("#list")
    page.keyboard.press("Home")
    settle(page)
    back = by_row(page)
    assert [r["id"] for r in back.values() if r["exp"] == "true"] == [mine["id"]], back
    assert back[3]["h"] == mine["h"]

    # ArrowLeft on it collapses it (the focus is back on row 0 after Home).
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.querySelector('#list [data-row=\"3\"]:not([hidden])')?.getAttribute('aria-expanded') === 'false'")
    settle(page)
    closed = by_row(page)
    assert closed[3]["h"] == before[3]["h"] and closed[4]["top"] == before[4]["top"], (closed[3], before[3])
    assert page.errors == []
