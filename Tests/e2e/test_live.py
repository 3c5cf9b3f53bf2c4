"""Live data in the page: the row star (never on a reused slot), edits from elsewhere shown in
place within a second, inserts above that do not move what is on screen (checked every frame),
and the detail pane (#id=N, the form's server-side validation, a stale save merged, new, delete)."""
import json, time, urllib.error, urllib.request

from conftest import wait_until  # (also imported from here by other tests)
from test_list import open_list, settle

STAR = '[data-action="favorite"]'
# Contact slots wholly inside the list, top to bottom, with their star and its centre.
SHOWN = """() => { const l = document.getElementById('list').getBoundingClientRect();
  return [...document.querySelectorAll('[data-slot][data-kind="contact"]:not([hidden])')].map(e => {
    const b = e.getBoundingClientRect(), s = e.querySelector('%s'), sb = s && s.getBoundingClientRect();
    return {slot: e.dataset.slot, id: +e.dataset.id, row: +e.dataset.row, x: b.left, y: b.top, w: b.width, h: b.height,
            text: e.textContent, star: s ? s.getAttribute('aria-pressed') : null,
            sx: sb ? sb.left + sb.width / 2 : null, sy: sb ? sb.top + sb.height / 2 : null}; })
    .filter(c => c.y >= l.top + 32 && c.y + c.h <= l.bottom).sort((a, b) => a.y - b.y); }""" % STAR
SLOT_ID = """(slot) => { const n = document.querySelector(`[data-slot="${slot}"]`); return n && !n.hidden ? +n.dataset.id : null; }"""
STAR_OF = """([id, sel]) => { const n = document.querySelector(`[data-slot][data-id="${id}"]:not([hidden])`);
  const s = n && n.querySelector(sel); return s ? s.getAttribute('aria-pressed') : null; }"""
# Follows contact `id` every frame: the largest move of its top and the frames it was missing.
WATCH = """(id) => { const st = window.__watch = {id, y0: null, max: 0, missing: 0, frames: 0, stop: false};
  const f = () => { if (st.stop) return; const n = document.querySelector(`[data-slot][data-id="${st.id}"]:not([hidden])`);
    if (n) { const y = n.getBoundingClientRect().top; if (st.y0 === null) st.y0 = y; st.max = Math.max(st.max, Math.abs(y - st.y0)); }
    else st.missing++;
    st.frames++; requestAnimationFrame(f); };
  requestAnimationFrame(f); }"""
WATCH_END = "() => { window.__watch.stop = true; return window.__watch; }"
# Whether the watch has seen `n` more frames than when it was asked.
WATCHED = "(n) => window.__watch.frames >= n"
# The time a slot of contact `id` first shows `text` (or data-row `row`).
SEEN = """([id, text, row]) => { const n = document.querySelector(`[data-slot][data-id="${id}"]:not([hidden])`);
  if (!n) return false; const ok = text !== null ? n.textContent.includes(text) : +n.dataset.row === row;
  return ok ? Date.now() : false; }"""
FIELDS = ("first_name", "last_name", "email", "phone", "company", "city")


def api(server, method, path, body=None, headers=None):
    """Another client of the API: (status, JSON or None, ETag)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None, response.headers.get("ETag")
    except urllib.error.HTTPError as error:
        raw = error.read()
        return error.code, json.loads(raw) if raw else None, None


def detail_values(page):
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#detail input, #detail textarea')]
      .map(e => [e.name, e.value]))""")


def test_a_star_stays_with_its_contact_and_never_shows_on_a_reused_slot(page, server):
    open_list(page, server, "#row=60000")
    settle(page)
    shown = page.evaluate(SHOWN)
    target = next(c for c in shown[2:-2] if c["star"] == "false")
    page.mouse.click(target["sx"], target["sy"])
    assert wait_until(lambda: page.evaluate(STAR_OF, [target["id"], STAR]) == "true", 2), "the star did not press"
    assert wait_until(lambda: server.json(f"/contacts/{target['id']}")["favorite"] is True, 2)
    # Scroll on until the starred contact's slot shows another contact, and a little more.
    page.mouse.move(300, 400)
    notches, reused = 0, 0
    while notches < 200 and reused < 4:
        page.mouse.wheel(0, 100)
        page.wait_for_timeout(40)  # a hand's pace, notch by notch, so the slot's reuse is seen when it comes
        notches += 1
        now = page.evaluate(SLOT_ID, target["slot"])
        reused += 1 if reused or (now is not None and now != target["id"]) else 0
    assert reused, f"slot {target['slot']} was not reused within {notches} notches"
    settle(page)
    for c in page.evaluate(SHOWN):
        favorite = server.json(f"/contacts/{c['id']}")["favorite"]
        assert c["star"] == ("true" if favorite else "false"), (c, favorite)
    for _ in range(notches):
        page.mouse.wheel(0, -100)
        page.wait_for_timeout(20)  # a hand's pace
    settle(page)
    assert page.evaluate(STAR_OF, [target["id"], STAR]) == "true"
    # Unstarred again from the row: the server and the slot agree.
    page.mouse.click(*next((c["sx"], c["sy"]) for c in page.evaluate(SHOWN) if c["id"] == target["id"]))
    assert wait_until(lambda: server.json(f"/contacts/{target['id']}")["favorite"] is False, 2)
    assert wait_until(lambda: page.evaluate(STAR_OF, [target["id"], STAR]) == "false", 2)
    assert page.errors == []


def test_an_edit_in_another_browser_shows_within_a_second_and_moves_nothing(page, server, browser):
    open_list(page, server, "#row=90000")
    settle(page)
    shown = page.evaluate(SHOWN)
    target = new = None
    for c in shown[2:8]:
        name = server.json(f"/contacts/{c['id']}")["first_name"]
        if name.isascii() and name.upper() != name and name.upper() not in c["text"]:
            target, new = c, name.upper()  # a case-only rename keeps its place in the list
            break
    assert target, "no shown contact with a lower-case ASCII first name"
    other = browser.new_context(viewport={"width": 1000, "height": 800})
    try:
        second = other.new_page()
        second.goto(server.base + f"/#id={target['id']}")
        second.wait_for_selector("#detail", state="visible")
        assert wait_until(lambda: detail_values(second).get("first_name") == name, 3)
        page.evaluate(WATCH, shown[0]["id"])
        page.wait_for_function(WATCHED, arg=3)
        second.fill("#detail [name=first_name]", new)
        t0 = time.time() * 1000
        second.click("#detail-save")
        seen = page.wait_for_function(SEEN, arg=[target["id"], new, None], polling="raf", timeout=5000).json_value()
        assert seen - t0 <= 1000, f"the edit showed after {seen - t0:.0f} ms"
        settle(page)  # watched until the list rests after the change
        watch = page.evaluate(WATCH_END)
        assert watch["max"] <= 1 and watch["missing"] == 0, watch
        assert second.text_content("#detail-message") == "Saved."
    finally:
        other.close()
    api(server, "PATCH", f"/contacts/{target['id']}", {"first_name": name})
    assert page.errors == []


def test_fifty_contacts_inserted_above_leave_the_first_shown_contact_where_it_is_every_frame(page, server):
    open_list(page, server, "#row=120000")
    settle(page)
    page.focus("#list")
    page.keyboard.press("ArrowDown")  # the keyboard focus is on a contact, and stays on it
    settle(page)
    focused = page.evaluate("document.querySelector('.slot.focused').dataset.id")
    anchor = page.evaluate(SHOWN)[0]
    page.evaluate(WATCH, anchor["id"])
    page.wait_for_function(WATCHED, arg=3)
    ids = []
    for i in range(50):
        status, contact, _ = api(server, "POST", "/contacts", {"first_name": "Anchor", "last_name": f"Aanchor{i:02d}"})
        assert status == 201, (status, contact)
        ids.append(contact["id"])
    page.wait_for_function(SEEN, arg=[anchor["id"], None, anchor["row"] + 50], polling="raf", timeout=5000)
    settle(page)  # watched until the list rests after the inserts
    watch = page.evaluate(WATCH_END)
    assert watch["max"] <= 1 and watch["missing"] == 0, watch
    now = page.evaluate(SHOWN)[0]
    assert now["id"] == anchor["id"] and abs(now["y"] - anchor["y"]) <= 1, (anchor, now)
    assert page.evaluate("[...document.querySelectorAll('.slot.focused')].map(e => e.dataset.id)") == [focused]
    # Deleted again: the same contact stays put on the way back too.
    page.evaluate(WATCH, anchor["id"])
    for contact_id in ids:
        assert api(server, "DELETE", f"/contacts/{contact_id}")[0] == 204
    page.wait_for_function(SEEN, arg=[anchor["id"], None, anchor["row"]], polling="raf", timeout=5000)
    settle(page)  # watched until the list rests after the deletes
    watch = page.evaluate(WATCH_END)
    assert watch["max"] <= 1 and watch["missing"] == 0, watch
    assert page.errors == []


def test_a_click_or_an_id_link_opens_the_detail_and_escape_closes_it(page, server):
    open_list(page, server, "#row=30000")
    settle(page)
    shown = page.evaluate(SHOWN)
    target = shown[len(shown) // 2]
    page.mouse.click(target["x"] + target["w"] * 0.3, target["y"] + target["h"] / 2)
    page.wait_for_selector("#detail", state="visible")
    contact = server.json(f"/contacts/{target['id']}")
    assert wait_until(lambda: detail_values(page).get("email") == contact["email"], 3)
    values = detail_values(page)
    for field in FIELDS + ("notes",):
        assert values[field] == contact[field], field
    assert page.get_attribute("#detail-star", "aria-pressed") == ("true" if contact["favorite"] else "false")
    assert page.evaluate("location.hash") == f"#id={target['id']}"
    assert page.evaluate("document.activeElement.id") == "list"  # the list's keys still work
    page.keyboard.press("Escape")
    page.wait_for_selector("#detail", state="hidden")
    # A link opens a contact's detail, on load (a new document) and on a hash change, and the
    # list shows its row just below the sticky title.
    other = shown[0]["id"]
    page.goto("about:blank")
    open_list(page, server, f"#id={other}")
    page.wait_for_selector("#detail", state="visible")
    assert wait_until(lambda: detail_values(page).get("email") == server.json(f"/contacts/{other}")["email"], 3)
    row = server.json(f"/contacts/{other}")["row"]
    top = """(row) => { const n = document.querySelector(`[data-slot][data-row="${row}"]:not([hidden])`);
      return n && n.getBoundingClientRect().top - document.getElementById('list').getBoundingClientRect().top; }"""
    assert wait_until(lambda: page.evaluate(top, row) == 32, 3), page.evaluate(top, row)
    page.evaluate(f"() => {{ location.hash = '#id={target['id']}'; }}")
    assert wait_until(lambda: detail_values(page).get("email") == contact["email"], 3)
    page.click("#detail-close")
    page.wait_for_selector("#detail", state="hidden")
    # Enter on the focused row opens it too.
    page.focus("#list")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_selector("#detail", state="visible")
    assert page.errors == []


def test_the_detail_form_says_a_fields_error_beside_it_and_a_stale_save_merges(page, server):
    contact_id = next(iter(server.ids_from(4000, 200).values()))
    before = server.json(f"/contacts/{contact_id}")
    open_list(page, server, f"#id={contact_id}")
    page.wait_for_selector("#detail", state="visible")
    assert wait_until(lambda: detail_values(page).get("email") == before["email"], 3)
    # Over long: the server's message, next to the field it names.
    page.fill("#detail [name=city]", "x" * 300)
    page.click("#detail-save")
    page.wait_for_selector("#detail-city-error:not([hidden])")
    assert "256" in page.text_content("#detail-city-error"), page.text_content("#detail-city-error")
    assert page.get_attribute("#detail [name=city]", "aria-invalid") == "true"
    # Nothing to be listed by: both names, the company and the e-mail cleared.
    page.fill("#detail [name=city]", before["city"])
    for name in ("first_name", "last_name", "company", "email"):
        page.fill(f"#detail [name={name}]", "")
    page.click("#detail-save")
    page.wait_for_selector("#detail-first_name-error:not([hidden])")
    assert "name" in page.text_content("#detail-first_name-error")
    assert page.is_hidden("#detail-city-error")
    assert server.json(f"/contacts/{contact_id}") == before  # nothing was written
    # Someone else saves first (412): their change is taken in, this one kept, and both saved.
    for name in ("company", "email"):
        page.fill(f"#detail [name={name}]", before[name])
    page.fill("#detail [name=first_name]", "Mine")
    page.fill("#detail [name=last_name]", before["last_name"] or "Mine")
    assert api(server, "PATCH", f"/contacts/{contact_id}", {"company": "Theirs Ltd"})[0] == 200
    page.click("#detail-save")
    assert wait_until(lambda: page.text_content("#detail-message") == "Saved.", 3)
    assert wait_until(lambda: detail_values(page).get("company") == "Theirs Ltd", 3)
    assert server.json(f"/contacts/{contact_id}")["first_name"] == "Mine"
    api(server, "PATCH", f"/contacts/{contact_id}",
        {"company": before["company"], "first_name": before["first_name"]})


def test_new_creates_a_contact_and_delete_asks_first(page, server):
    open_list(page, server)
    total = server.json("/sections")["total"]
    page.click('[data-action="new"]')
    page.wait_for_selector("#detail", state="visible")
    assert all(v == "" for v in detail_values(page).values())
    assert page.is_hidden("#detail-delete")
    page.fill("#detail [name=first_name]", "Nova")
    page.fill("#detail [name=last_name]", "Aanewcomer")
    page.fill("#detail [name=email]", "nova@example.org")
    page.click("#detail-star")
    page.click("#detail-save")
    assert wait_until(lambda: page.evaluate("location.hash").startswith("#id="), 3)
    new_id = int(page.evaluate("location.hash")[4:])
    created = server.json(f"/contacts/{new_id}")
    assert (created["first_name"], created["last_name"], created["favorite"]) == ("Nova", "Aanewcomer", True)
    assert server.json("/sections")["total"] == total + 1
    # The list shows it, starred, without a reload.
    assert wait_until(lambda: page.evaluate(STAR_OF, [new_id, STAR]) == "true", 3)
    # Delete asks first; keeping it changes nothing.
    page.click("#detail-delete")
    page.wait_for_selector("#detail-confirm", state="visible")
    assert "Nova Aanewcomer" in page.text_content("#detail-confirm")
    page.click("#detail-confirm-cancel")
    assert page.is_hidden("#detail-confirm")
    assert api(server, "GET", f"/contacts/{new_id}")[0] == 200
    page.click("#detail-delete")
    page.click('[data-action="confirm-delete"]')
    page.wait_for_selector("#detail", state="hidden")
    assert api(server, "GET", f"/contacts/{new_id}")[0] == 404
    assert wait_until(lambda: page.query_selector(f'[data-slot][data-id="{new_id}"]:not([hidden])') is None, 3)
    assert server.json("/sections")["total"] == total


def test_unsaved_edits_are_never_dropped_without_asking(page, server):
    open_list(page, server, "#row=40000")
    settle(page)
    shown = page.evaluate(SHOWN)
    first, second = shown[1], shown[3]
    page.mouse.click(first["x"] + first["w"] * 0.3, first["y"] + first["h"] / 2)
    page.wait_for_selector("#detail", state="visible")
    assert wait_until(lambda: detail_values(page).get("email") == server.json(f"/contacts/{first['id']}")["email"], 3)
    page.fill("#detail [name=city]", "Unsaved City")
    asked = []

    def answer(dialog, accept):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    def asked_and_kept(n):
        """The n-th question was answered no, and the form is as it was (read through
        the page, so Playwright hands the dialog over meanwhile)."""
        return (page.is_visible("#detail") and detail_values(page)["city"] == "Unsaved City"
                and page.evaluate("location.hash") == f"#id={first['id']}" and len(asked) == n)

    # Another row, Escape and New each ask; "no" keeps the form as it was.
    page.once("dialog", lambda d: answer(d, False))
    page.mouse.click(second["x"] + second["w"] * 0.3, second["y"] + second["h"] / 2)
    assert wait_until(lambda: asked_and_kept(1), 3), asked
    page.once("dialog", lambda d: answer(d, False))
    page.keyboard.press("Escape")
    assert wait_until(lambda: asked_and_kept(2), 3), asked
    page.once("dialog", lambda d: answer(d, False))
    page.click('[data-action="new"] >> nth=0')
    assert wait_until(lambda: asked_and_kept(3), 3), asked
    assert all("not saved" in m for m in asked), asked
    assert page.is_visible("#detail") and detail_values(page)["city"] == "Unsaved City"
    assert page.evaluate("location.hash") == f"#id={first['id']}"
    # "Yes" lets the other contact in, and nothing was saved.
    page.once("dialog", lambda d: answer(d, True))
    page.mouse.click(second["x"] + second["w"] * 0.3, second["y"] + second["h"] / 2)
    assert wait_until(lambda: detail_values(page).get("email") == server.json(f"/contacts/{second['id']}")["email"], 3)
    assert server.json(f"/contacts/{first['id']}")["city"] != "Unsaved City"
    # Without edits, nothing asks.
    page.keyboard.press("Escape")
    page.wait_for_selector("#detail", state="hidden")
    assert len(asked) == 4
    assert page.errors == []
