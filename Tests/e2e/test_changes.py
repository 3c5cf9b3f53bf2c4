"""Rows changed by data and answers that arrive late, in headless Chromium. A contact
deleted by another client while in view animates out (FLIP, Web Animations); rows
that merely scroll never animate; under prefers-reduced-motion nothing animates. With
every /window answer held back a random 0-350 ms (so they arrive out of order), no
frame of a scroll shows a row with another contact's selection or expansion."""
import json
import time
import urllib.request

from conftest import wait_until
from test_list import open_list, settle

SHOWN = """(margin) => { const l = document.getElementById('list').getBoundingClientRect(); margin = margin || 1;
  return [...document.querySelectorAll('#list [data-slot][data-row]:not([hidden])')]
    .filter(e => { const r = e.getBoundingClientRect(); return r.bottom > l.top + margin && r.top < l.bottom - margin; })
    .map(e => ({id: e.dataset.id, row: +e.dataset.row, sel: e.getAttribute('aria-selected'), exp: e.getAttribute('aria-expanded')})); }"""
ANIMATIONS = "() => document.getAnimations().length"
# Every frame until stopped: a row's aria-selected and aria-expanded against the sets.
WATCH = """([chosen, expanded]) => { const sel = new Set(chosen), exp = new Set(expanded);
  window.__leaks = []; window.__frames = 0; window.__watching = true;
  const look = () => { if (!window.__watching) return; window.__frames++;
    for (const e of document.querySelectorAll('#list [data-slot][data-row]:not([hidden])')) {
      if ((e.getAttribute('aria-selected') === 'true') !== sel.has(e.dataset.id)
          || (e.getAttribute('aria-expanded') === 'true') !== exp.has(e.dataset.id))
        window.__leaks.push([e.dataset.slot, e.dataset.id, e.getAttribute('aria-selected'), e.getAttribute('aria-expanded')]); }
    requestAnimationFrame(look); };
  requestAnimationFrame(look); }"""
# Holds back every /window answer 0-350 ms at random: later requests overtake earlier ones.
SLOW_WINDOWS = """(() => { const real = window.fetch;
  window.fetch = (url, init) => real(url, init).then((r) => String(url).includes('/window')
    ? new Promise((ok) => setTimeout(() => ok(r), Math.random() * 350)) : r); })();"""


def write(server, method, path):
    req = urllib.request.Request(server.base + path, method=method)
    with urllib.request.urlopen(req) as r:
        return r.status, json.loads(r.read() or b"{}")


def most_animations(page, seconds):
    most, end = 0, time.time() + seconds
    while time.time() < end:
        most = max(most, page.evaluate(ANIMATIONS))
        time.sleep(0.02)
    return most


def delete_one_in_view(page, server):
    """Deletes the middle row shown (as another client would) and waits until the page has
    it gone; returns the most animations seen meanwhile, and restores the contact."""
    shown = page.evaluate(SHOWN, 60)
    victim = shown[len(shown) // 2]["id"]
    status, _ = write(server, "DELETE", f"/contacts/{victim}")
    assert status in (200, 204)
    most = most_animations(page, 1.2)
    assert wait_until(lambda: victim not in [r["id"] for r in page.evaluate(SHOWN)]), "the deleted row left the list"
    status, _ = write(server, "POST", f"/contacts/{victim}/restore")
    assert status == 201
    assert wait_until(lambda: victim in [r["id"] for r in page.evaluate(SHOWN)]), "the restored row came back"
    time.sleep(0.5)
    return most


def test_a_deleted_row_animates_out_scrolling_never_animates_and_reduced_motion_stills_both(page, server):
    open_list(page, server)
    page.mouse.move(500, 450)
    scrolled = 0
    for _ in range(12):
        page.mouse.wheel(0, 200)
        time.sleep(0.03)
        scrolled = max(scrolled, page.evaluate(ANIMATIONS))
    settle(page)
    assert scrolled == 0, "rows recycled by scrolling never animate"
    assert delete_one_in_view(page, server) > 0, "a contact deleted in view animates out"
    assert page.evaluate(ANIMATIONS) == 0, "the animations end (at most 300 ms)"
    page.emulate_media(reduced_motion="reduce")
    assert delete_one_in_view(page, server) == 0, "nothing animates under prefers-reduced-motion"
    assert page.errors == []


def test_late_and_reordered_answers_never_show_another_contacts_selection_or_expansion(page, server):
    page.add_init_script(SLOW_WINDOWS)
    open_list(page, server)
    page.focus("#list")
    page.keyboard.press("Home")
    page.keyboard.press("Space")
    for _ in range(3):
        page.keyboard.press("Shift+ArrowDown")
    page.keyboard.press("ArrowRight")  # row 3, the focused one, expands
    assert wait_until(lambda: [r["exp"] for r in page.evaluate(SHOWN) if r["row"] == 3] == ["true"], 10)
    settle(page)
    shown = page.evaluate(SHOWN)
    chosen = [r["id"] for r in shown if r["sel"] == "true"]
    expanded = [r["id"] for r in shown if r["exp"] == "true"]
    assert len(chosen) == 4 and len(expanded) == 1, shown
    page.evaluate(WATCH, [chosen, expanded])
    page.mouse.move(500, 450)
    for step in range(60):
        page.mouse.wheel(0, 400 if step < 35 else -500)
        time.sleep(0.02)
    page.focus("#list")
    page.keyboard.press("Home")
    settle(page)
    time.sleep(0.5)
    page.evaluate("() => { window.__watching = false; }")
    assert page.evaluate("window.__frames") > 30
    assert page.evaluate("window.__leaks") == [], "a frame showed another contact's state"
    back = page.evaluate(SHOWN)
    assert sorted(r["id"] for r in back if r["sel"] == "true") == sorted(chosen)
    assert [r["id"] for r in back if r["exp"] == "true"] == expanded
    assert page.errors == []
