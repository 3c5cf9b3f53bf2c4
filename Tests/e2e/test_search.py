"""Search in the page: the field filters as one types (the count outside the list, only
matching rows, from row 0), a letter and a row link jump within the results, `/` focuses
the field, Escape goes back to where the user was, #q= opens a search, an empty result says
so, a late answer to an older query never wins, and a write elsewhere refreshes the results."""
import re, time, unicodedata, urllib.parse

from test_list import open_list, resting, settle
from test_live import api, wait_until

# Every visible contact slot (rows under the sticky title included), top to bottom.
VISIBLE = """() => { const r = document.getElementById('list').getBoundingClientRect();
  return [...document.querySelectorAll('[data-slot][data-row]:not([hidden])')].map(e => { const b = e.getBoundingClientRect();
    return {row: +e.dataset.row, id: +e.dataset.id, y: b.top, h: b.height, marks: e.querySelectorAll('mark').length}; })
    .filter(c => c.y + c.h > r.top + 1 && c.y < r.bottom - 1).sort((a, b) => a.y - b.y); }"""
# Holds the page's answers to query `q` (both /window and /sections, abort or not: the
# page's abort signal is not passed on) once they have fully arrived, until the test calls
# `window.releaseHeld()`. `window.held` counts the answers waiting; `window.delivered` those
# handed to the page since the release.
HOLD = """(q) => { const plain = window.fetch.bind(window);
  let release; const gate = new Promise(done => { release = done; });
  window.held = 0; window.delivered = 0; window.releaseHeld = () => release();
  window.fetch = async (url, options) => {
    const answer = await plain(url, {...(options || {}), signal: undefined});
    if (new URL(url, location.href).searchParams.get('q') !== q) return answer;
    const body = await answer.arrayBuffer();
    window.held += 1;
    await gate;
    window.delivered += 1;
    return new Response(body, {status: answer.status, statusText: answer.statusText, headers: answer.headers}); }; }"""
# Resolves after two animation frames (the page applies an answer in the frame after it arrives).
FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))))"
SPECIAL = str.maketrans({"ß": "ss", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "œ": "oe", "Œ": "oe", "ł": "l",
                         "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "þ": "th", "ı": "i"})


def fold(s):
    s = unicodedata.normalize("NFKD", s.translate(SPECIAL))
    return "".join(c for c in s if unicodedata.category(c) != "Mn").casefold()


def words(s):
    return [w for w in re.split(r"[^\w]|_", fold(s)) if w]


def finds(contact, q):
    """The rule of docs/api.md, "Search": every word of q starts a word of a searched field, or is a part of
    one when it has 3 or more characters; 3 or more digits may be a part of the phone's."""
    fields = [contact.get(k) or "" for k in ("first_name", "last_name", "company", "city", "email", "phone")]
    theirs = [w for f in fields for w in words(f)]
    phone = re.sub(r"\D", "", contact.get("phone") or "")
    for w in words(q):
        if any(t.startswith(w) or (len(w) >= 3 and w in t) for t in theirs):
            continue
        if len(w) >= 3 and w.isdigit() and w in phone:
            continue
        return False
    return True


def window(server, q, **at):
    place = "&".join(f"{k}={v}" for k, v in (at or {"offset": 0}).items())
    return server.json(f"/window?q={urllib.parse.quote(q)}&{place}&height=1400")


def ids_of(answer):
    return {c["row"]: c["contact"]["id"] for c in answer["cells"] if c["kind"] == "contact"}


def shown(page, want=None, timeout=8.0):
    """The visible contact rows once the list rests (test_list.resting: nothing on its
    way, the same two looks in a row) and they satisfy `want`; at the timeout, as they are."""
    rest = resting(page, rows=False)

    def ready():
        if not rest():
            return None
        now = page.evaluate(VISIBLE)
        return [now] if want is None or want(now) else None  # (boxed: no rows is an answer too)

    got = wait_until(ready, timeout, every=0.02)
    return got[0] if got else page.evaluate(VISIBLE)


def status(page):
    return page.text_content("#status") or ""


def search(page, q):
    page.focus("#list")
    page.keyboard.press("/")
    page.keyboard.type(q, delay=30)


def check_results(page, server, q, visible, first=0):
    """The visible rows are rows first, first + 1... of q's results, each a contact that q finds."""
    rows = [c["row"] for c in visible]
    assert rows and rows == list(range(first, first + len(rows))), rows
    truth = ids_of(window(server, q, row=first))
    for c in visible:
        assert truth.get(c["row"]) == c["id"], f"row {c['row']} of {q!r} shows {c['id']}, expected {truth.get(c['row'])}"
    for c in visible[:8]:
        contact = server.json(f"/contacts/{c['id']}")
        assert finds(contact, q), (q, contact)


def test_typing_filters_the_list_shows_the_count_and_only_matching_rows(page, server):
    open_list(page, server, "#row=5000")
    settle(page)
    q = "anna"
    total = window(server, q)["total"]
    assert 0 < total < server.json("/sections")["total"]
    requests = []
    page.on("request", lambda r: requests.append(r.url) if "/window?" in r.url or "/sections" in r.url else None)
    search(page, q)
    assert page.evaluate("document.activeElement.id") == "search"
    assert wait_until(lambda: status(page).startswith(f"{total:,} "), 5), status(page)
    visible = shown(page, lambda v: v and v[0]["row"] == 0)
    check_results(page, server, q, visible)
    if any("<mark>" in c["html"] for c in window(server, q)["cells"]):  # the server marks the matches
        assert any(c["marks"] for c in visible), "no <mark> in the shown rows"
    # Every request after the query was handed over carries it; none asks for a half-typed one.
    asked = [urllib.parse.parse_qs(urllib.parse.urlparse(u).query).get("q", [""])[0] for u in requests]
    assert asked and asked[-1] == q and set(asked) <= {"", "a", "an", "ann", "anna"}, asked
    assert page.evaluate("location.hash").startswith("#q=anna")
    # The letters follow the results: a letter without matches is disabled, one with jumps (row=).
    sections = server.json(f"/sections?q={q}")["sections"]
    assert sum(s["rows"] for s in sections) == total
    for s in sections:
        assert page.is_disabled(f'[data-index="{s["title"]}"]') == (s["rows"] == 0), s
    target = [s for s in sections if s["rows"] > 0][len([s for s in sections if s["rows"] > 0]) // 2]
    page.click(f'[data-index="{target["title"]}"]')
    visible = shown(page, lambda v: v and v[0]["row"] >= target["firstRow"] - 1)
    check_results(page, server, q, [c for c in visible if c["row"] >= target["firstRow"]], target["firstRow"])
    assert page.text_content("#current-section") == target["title"]
    assert page.errors == []


def test_a_row_link_in_a_search_opens_that_row_of_the_results(page, server):
    q = "mu"
    total = window(server, q)["total"]
    assert total > 1000
    deep = total // 2 + 7
    open_list(page, server, f"#q={q}&row={deep}")
    visible = shown(page, lambda v: any(c["row"] == deep for c in v))
    check_results(page, server, q, [c for c in visible if c["row"] >= deep], deep)
    top = next(c for c in visible if c["row"] == deep)["y"] - page.evaluate("document.getElementById('list').getBoundingClientRect().top")
    assert abs(top - 32) <= 1.5, top  # just below the sticky title
    assert page.input_value("#search") == q
    # A changed hash moves within the results, the search staying on; End reaches their last row.
    page.evaluate("() => { location.hash = '#row=12'; }")
    visible = shown(page, lambda v: any(c["row"] == 12 for c in v))
    check_results(page, server, q, [c for c in visible if c["row"] >= 12], 12)
    assert page.input_value("#search") == q and status(page).startswith(f"{total:,} ")
    page.focus("#list")
    page.keyboard.press("End")
    visible = shown(page, lambda v: v and v[-1]["row"] == total - 1)
    assert visible[-1]["row"] == total - 1
    page.keyboard.press("Home")
    visible = shown(page, lambda v: v and v[0]["row"] == 0)
    check_results(page, server, q, visible)
    assert page.errors == []


def test_escape_empties_the_field_and_goes_back_to_the_row_the_user_was_at(page, server):
    open_list(page, server, "#row=123456")
    before = shown(page, lambda v: bool(v))
    search(page, "smith")
    shown(page, lambda v: v and v[0]["row"] == 0)
    page.keyboard.type(" j", delay=30)  # a second query of the same search
    total = window(server, "smith j")["total"]
    assert wait_until(lambda: status(page).startswith(f"{total:,} "), 5), status(page)
    page.keyboard.press("Escape")
    assert page.input_value("#search") == ""
    after = shown(page, lambda v: v and v[0]["row"] > 1000)
    assert abs(after[0]["row"] - before[0]["row"]) <= 1, (before[0], after[0])
    for c in after[:6]:
        assert server.json(f"/contacts/{c['id']}")["row"] == c["row"], c
    total_all = server.json("/sections")["total"]
    assert wait_until(lambda: status(page) == f"{total_all:,} contacts", 3), status(page)
    assert not page.evaluate("location.hash").startswith("#q=")
    assert page.errors == []


def test_a_q_link_opens_a_search_and_fills_the_field(page, server):
    q = "lukasz berlin"
    total = window(server, q)["total"]
    open_list(page, server, f"#q={urllib.parse.quote(q)}")
    assert page.input_value("#search") == q
    visible = shown(page, lambda v: v and v[0]["row"] == 0)
    check_results(page, server, q, visible)
    assert status(page).startswith(f"{total:,} ")
    # Another #q= on the same page searches again.
    page.evaluate("() => { location.hash = '#q=anna%20oslo'; }")
    total = window(server, "anna oslo")["total"]
    assert wait_until(lambda: page.input_value("#search") == "anna oslo", 3)
    assert wait_until(lambda: status(page).startswith(f"{total:,} "), 5), status(page)
    check_results(page, server, "anna oslo", shown(page, lambda v: v and v[0]["row"] == 0))
    assert page.errors == []


def test_a_search_without_results_says_so_and_shows_no_row(page, server):
    open_list(page, server)
    search(page, "zzqx")
    assert wait_until(lambda: status(page) == "No contacts match “zzqx”", 5), status(page)
    assert shown(page) == []
    assert page.is_visible("#list-empty") and "No contacts match" in page.text_content("#list-empty")
    assert all(page.is_disabled(f'[data-index="{t}"]') for t in "ABCXYZ#")
    page.keyboard.press("Escape")
    assert wait_until(lambda: page.evaluate(VISIBLE), 5)
    assert page.is_hidden("#list-empty")
    assert page.errors == []


def test_a_late_answer_to_an_older_query_never_replaces_a_newer_one(page, server):
    open_list(page, server)
    page.evaluate(HOLD, "anna")
    search(page, "anna")
    # Its answer is in the page and held there: it arrives when the test says, not before.
    assert wait_until(lambda: page.evaluate("window.held") >= 1, 5), "no answer to anna was held"
    page.fill("#search", "")
    page.keyboard.type("smith", delay=10)
    total = window(server, "smith")["total"]
    assert wait_until(lambda: status(page).startswith(f"{total:,} "), 5), status(page)
    check_results(page, server, "smith", shown(page, lambda v: v and v[0]["row"] == 0))
    # Now the older query's answers arrive, after the newer one's were shown.
    held = page.evaluate("window.held")
    page.evaluate("window.releaseHeld()")
    assert wait_until(lambda: page.evaluate("window.delivered") == held, 5), (held, page.evaluate("window.delivered"))
    page.evaluate(FRAMES)
    assert status(page).startswith(f"{total:,} "), status(page)
    check_results(page, server, "smith", shown(page, lambda v: v and v[0]["row"] == 0))
    assert page.errors == []


def test_a_write_elsewhere_refreshes_the_results_and_stars_work_while_searching(page, server):
    open_list(page, server)
    q = "garcia"
    search(page, q)
    total = window(server, q)["total"]
    assert wait_until(lambda: status(page).startswith(f"{total:,} "), 5), status(page)
    visible = shown(page, lambda v: v and v[0]["row"] == 0)
    target = server.json(f"/contacts/{visible[1]['id']}")
    requests = []
    page.on("request", lambda r: requests.append(r.url) if "/window?" in r.url else None)
    # Renamed elsewhere so that the search no longer finds it: it leaves the results.
    status_code, _, _ = api(server, "PATCH", f"/contacts/{target['id']}",
                            {"first_name": "Xq", "last_name": "Xqz", "email": "", "company": "", "city": ""})
    assert status_code == 200
    try:
        assert wait_until(lambda: status(page).startswith(f"{total - 1:,} "), 3), status(page)
        assert wait_until(lambda: target["id"] not in [c["id"] for c in page.evaluate(VISIBLE)], 3)
        check_results(page, server, q, shown(page))
        asked = [urllib.parse.parse_qs(urllib.parse.urlparse(u).query) for u in requests]
        assert asked and all(a.get("q") == [q] and "ack" in a for a in asked), asked  # deltas of the search
    finally:
        api(server, "PATCH", f"/contacts/{target['id']}", {k: target[k] for k in ("first_name", "last_name", "email", "company", "city")})
    assert wait_until(lambda: status(page).startswith(f"{total:,} "), 3), status(page)
    # A star flips in the results, and the detail pane opens from them.
    # (The star clicked is marked, to tell it from the fragment the server sends after the write.)
    # The restored contact's rows slide into place (docs/page.md, "Animated changes"): places are
    # read once they rest.
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=3000)
    star = page.evaluate("""() => { const s = document.querySelectorAll('[data-slot][data-row]:not([hidden]) [data-action="favorite"]')[2];
      const n = s.closest('[data-slot]'), b = s.getBoundingClientRect(); s.__clicked = true;
      return {id: +n.dataset.id, pressed: s.getAttribute('aria-pressed'), x: b.left + b.width / 2, y: b.top + b.height / 2}; }""")
    page.mouse.click(star["x"], star["y"])
    want = star["pressed"] != "true"
    assert wait_until(lambda: server.json(f"/contacts/{star['id']}")["favorite"] is want, 3)
    page.wait_for_function("""(id) => { const s = document.querySelector(`[data-slot][data-id="${id}"]:not([hidden]) [data-action="favorite"]`);
      return s && !s.__clicked; }""", arg=star["id"], timeout=3000)  # the row's new fragment
    assert page.get_attribute(f'[data-slot][data-id="{star["id"]}"]:not([hidden]) [data-action="favorite"]', "aria-pressed") == str(want).lower()
    api(server, "PATCH", f"/contacts/{star['id']}", {"favorite": not want})
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=3000)
    page.mouse.click(star["x"] - 300, star["y"])
    page.wait_for_selector("#detail", state="visible")
    assert wait_until(lambda: page.input_value("#detail [name=email]") == server.json(f"/contacts/{star['id']}")["email"], 3)
    assert page.input_value("#search") == q
    assert page.errors == []
