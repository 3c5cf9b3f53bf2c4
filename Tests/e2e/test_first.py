"""What a new user meets first: a list that reads like an address book (varied full
names, no test fixtures on its first screens), a bar without developer figures (they
are behind ?debug), the row's avatar colour in the detail pane, counts in the right
number, and a first start that listens at once and shows the seeding's progress."""
import os, re, signal, subprocess, tempfile, shutil, urllib.error, urllib.parse, urllib.request, json

from playwright.sync_api import expect

from conftest import ROOT, roster_binary, wait_until
from test_list import open_list, settle

ROWS = """() => { const l = document.getElementById('list').getBoundingClientRect();
  return [...document.querySelectorAll('[data-slot][data-kind=contact]:not([hidden])')]
    .map(e => ({row: +e.dataset.row, y: e.getBoundingClientRect().top, text: e.textContent,
                name: e.querySelector('.cell > p').textContent, last: e.querySelector('.cell > p b')?.textContent ?? ''}))
    .filter(c => c.y >= l.top && c.y < l.bottom).sort((a, b) => a.row - b.row); }"""
FIXTURES = ("<script", "alert(", "<b>", "<tag>", "supercalifragilistic", "emoji", "line one", "said: hi")


def test_the_first_screens_read_like_an_address_book(page, server):
    open_list(page, server)
    settle(page)
    seen = {}
    for _ in range(6):  # the first screens, a page at a time
        for row in page.evaluate(ROWS):
            seen[row["row"]] = row
        page.focus("#list")
        page.keyboard.press("PageDown")
        settle(page)
    first = [seen[r] for r in sorted(seen)][:20]
    assert [r["row"] for r in first] == list(range(20)), sorted(seen)[:20]
    names = [r["name"] for r in first]
    assert len(set(names)) >= 15, names
    assert sum(1 for r in first if r["last"]) >= 15, names
    assert first[0]["last"], f"the list opens on a full name, not {names[0]!r}"
    for row in seen.values():
        text = row["text"].lower()
        assert not any(f in text for f in FIXTURES), row
    # Deeper down the fixtures are still there, escaped: past row 1,000.
    html = " ".join(c.get("html", "") for row in range(1000, 3000, 60)
                    for c in server.json(f"/window?row={row}&height=4000")["cells"])
    assert "&lt;script&gt;" in html and "&lt;b&gt;" in html
    assert page.errors == []


def test_the_reuse_figures_are_behind_debug_and_in_metrics(page, server):
    page.goto(server.base + "/?debug")
    page.wait_for_selector("[data-slot][data-row]:not([hidden])", timeout=15000)
    expect(page.locator("#debug")).to_be_visible()
    expect(page.locator("#debug-figures")).to_contain_text("slots created")
    figures = page.text_content("#debug-figures")
    assert "pooled" in figures and "bytes" in figures, figures
    bar = page.inner_text("header")
    assert "slots created" not in bar, bar
    # A move, so that slots are reused here too (not only by the tests before this one).
    page.evaluate("() => { document.getElementById('list').scrollTop = 3000; }")
    settle(page)
    with urllib.request.urlopen(server.base + "/metrics") as response:
        metrics = response.read().decode()
    for name in ("roster_slots_created_total{kind=\"contact\"}", "roster_slots_reused_total{kind=\"contact\"}",
                 "roster_window_bytes_total"):
        value = re.search(re.escape(name) + r" (\d+)", metrics)
        assert value and int(value.group(1)) > 0, name
    assert page.errors == []


# The colour of a row's avatar (CSS) and of the detail pane's (an SVG image, read back
# through a canvas a little inside its circle, away from the initials).
ROW_COLOUR = """(id) => getComputedStyle(document.querySelector(`[data-slot][data-id="${id}"]:not([hidden]) .cell > span`)).backgroundColor"""
PANE_COLOUR = """async () => { const img = document.getElementById('detail-avatar');
  await img.decode(); const c = document.createElement('canvas'); c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  const [r, gr, b] = g.getImageData(c.width / 2, Math.round(c.height * 0.08), 1, 1).data; return [r, gr, b]; }"""


def test_the_detail_avatar_has_the_colour_of_its_row(page, server):
    open_list(page, server)
    settle(page)
    ids = page.evaluate("() => [...document.querySelectorAll('[data-slot][data-kind=contact]:not([hidden])')].slice(0, 5).map(e => +e.dataset.id)")
    colours = set()
    for contact in ids:
        page.click(f'[data-slot][data-id="{contact}"]:not([hidden]) .cell > p')
        page.wait_for_function(f"() => document.getElementById('detail-avatar').src.includes('/avatar/{contact}.svg')")
        row = [int(x) for x in re.findall(r"\d+", page.evaluate(ROW_COLOUR, contact))[:3]]
        pane = page.evaluate(PANE_COLOUR)
        assert all(abs(a - b) <= 2 for a, b in zip(row, pane)), (contact, row, pane)
        colours.add(tuple(row))
    assert len(colours) > 1, "the rows tried have one colour: the test would not tell palettes apart"
    assert page.errors == []


def test_counts_are_singular_for_one(page, server, tmp_path):
    open_list(page, server)
    csv = tmp_path / "one.csv"
    csv.write_text("First Name,Surname\r\nAda,Zzyzxlovelace\r\n")
    page.click("#import-open")
    page.set_input_files("#import-file", str(csv))
    page.click("#import button[type=submit]")
    # (An import into the debug build's 200,000 contacts: give it time on a busy machine.)
    expect(page.locator("#import-result")).to_contain_text("Imported 1 contact ", timeout=20000)
    page.keyboard.press("Escape")
    page.fill("#search", "zzyzxlovelace")
    expect(page.locator("#status")).to_have_text("1 contact matches “zzyzxlovelace”")
    assert page.errors == []


def test_a_first_start_listens_at_once_and_shows_the_seedings_progress(browser, tmp_path):
    exe = roster_binary()
    out, err = open(tmp_path / "out", "w+"), open(tmp_path / "err", "w+")
    proc = subprocess.Popen([exe, "serve", "--port", "0", "--db", str(tmp_path / "db.sqlite"), "--seed", "50000",
                             "--public", os.path.join(ROOT, "Public"), "--migrations", os.path.join(ROOT, "Migrations")],
                            stdout=out, stderr=err)
    try:
        def progress_url():
            err.seek(0)
            found = re.search(r"(http://\S+)/ shows the progress", err.read())
            return found and found.group(1)

        base = wait_until(progress_url, timeout=30)
        assert base, "no line on stderr says where the progress is shown"
        try:
            urllib.request.urlopen(base + "/healthz")
            assert False, "/healthz answered 200 while seeding"
        except urllib.error.HTTPError as e:
            body = json.load(e)
            assert e.code == 503 and e.headers["Retry-After"] == "1" and body["error"] == "seeding", body
        out.seek(0)
        assert out.read() == "", "'listening on' is printed only once the list is served"
        context = browser.new_context(viewport={"width": 1000, "height": 800})
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + "/")
        expect(page.locator("#list-empty")).to_contain_text(re.compile(r"Preparing the demo list: \d+%"), timeout=10000)
        expect(page.locator("#status")).to_contain_text("Preparing the demo list")
        # Then the list, without a reload.
        expect(page.locator("#status")).to_have_text("50,000 contacts", timeout=120000)
        page.wait_for_selector("[data-slot][data-row]:not([hidden])")
        assert page.is_hidden("#list-empty")
        out.seek(0)
        assert out.read().startswith("listening on " + base)
        assert errors == []
        context.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0


def test_the_page_draws_its_first_rows_from_its_html_and_asks_only_once_it_moves(browser, server):
    """GET / carries the first window: a phone's viewport (844 px, covered with half of it again
    below by the 1,000 px window and its overscan) shows the rows and asks nothing while the page
    boots; its first /window, once the list moves, is a delta on the embedded session."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    asked = []
    page.on("request", lambda r: asked.append(r.url) if urllib.parse.urlsplit(r.url).path in ("/window", "/sections") else None)
    try:
        page.goto(server.base + "/")
        page.wait_for_selector("[data-slot][data-row]:not([hidden])", timeout=15000)
        page.wait_for_timeout(1000)
        assert asked == [], f"the page asked while it booted: {asked[:3]}"
        session = json.loads(page.evaluate("document.getElementById('first-window').textContent"))["window"]["session"]
        with page.expect_request(lambda r: urllib.parse.urlsplit(r.url).path == "/window", timeout=10000) as first:
            page.evaluate("document.getElementById('list').scrollTop = 3000")
        assert f"session={session}" in first.value.url and "ack=" in first.value.url, first.value.url
    finally:
        context.close()
