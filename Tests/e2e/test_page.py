"""The page takes its geometry from the server and stays cheap while moving:
no avatar images, initials drawn with CSS, jumps by /sections and /window?row=,
the scroller measured as it changes, the contact count in the status line."""
import re

from playwright.sync_api import expect

from test_list import open_list, settle, check_rows

ROW_BOX = """(row) => { const n = [...document.querySelectorAll('[data-slot][data-row]:not([hidden])')]
    .find(e => +e.dataset.row === row);
  const l = document.getElementById('list').getBoundingClientRect();
  const s = document.getElementById('current-section');
  const b = n ? n.getBoundingClientRect() : null;
  return {top: b && b.top, bottom: b && b.bottom, listTop: l.top, listBottom: l.bottom,
          sticky: s.textContent, stickyBottom: s.getBoundingClientRect().bottom}; }"""


def test_scrolling_loads_no_avatar_image_and_rows_show_css_initials(page, server):
    urls = []
    page.on("request", lambda r: urls.append(r.url))
    open_list(page, server)
    page.mouse.move(400, 400)
    for _ in range(40):
        page.mouse.wheel(0, 700)
        page.wait_for_timeout(10)  # a hand's pace: the turns spread over frames, as a user's do
    page.evaluate("() => { const l = document.getElementById('list'); l.scrollTop = l.scrollHeight / 3; }")
    settle(page)
    page.keyboard.press("PageDown")
    settle(page)
    assert [u for u in urls if "/avatar/" in u] == []
    assert page.query_selector("#list img") is None
    cells = page.evaluate("""() => [...document.querySelectorAll('[data-slot][data-row]:not([hidden])')].slice(0, 8)
      .map(e => { const a = e.querySelector('.cell > span');
        return {id: +e.dataset.id, text: a && a.textContent, cls: a && a.className,
                bg: a && getComputedStyle(a).backgroundColor, w: a && a.getBoundingClientRect().width}; })""")
    assert len(cells) == 8
    for cell in cells:
        contact = server.json(f"/contacts/{cell['id']}")
        expected = "".join(n[:1] for n in (contact["first_name"], contact["last_name"]) if n).upper() or "?"
        assert cell["text"] == expected, (cell, contact)
        assert re.fullmatch(r"a\d+", cell["cls"] or ""), cell
        assert cell["bg"] not in ("rgba(0, 0, 0, 0)", "rgb(242, 242, 247)"), cell  # a palette colour
        assert cell["w"] == 40
    assert page.errors == []


def test_end_shows_the_last_contact_wholly_even_after_the_scroller_shrinks(page, server):
    open_list(page, server)
    total = server.json("/sections")["total"]
    page.focus("#list")
    page.keyboard.press("End")
    settle(page)
    box = page.evaluate(ROW_BOX, total - 1)
    assert box["top"] is not None and box["bottom"] <= box["listBottom"] + 0.5, box
    # The bar keeps one line whatever it says (a long status is cut, not wrapped)...
    header = page.evaluate("document.querySelector('header').getBoundingClientRect().height")
    page.evaluate("() => { document.getElementById('status').textContent = 'Imported a great many contacts. '.repeat(12); }")
    assert page.evaluate("document.querySelector('header').getBoundingClientRect().height") == header
    # ...so the scroller changes size with the window: measured again, it stays at the end.
    page.set_viewport_size({"width": 1000, "height": 600})
    settle(page)
    box = page.evaluate(ROW_BOX, total - 1)
    assert box["top"] is not None and box["bottom"] <= box["listBottom"] + 0.5, box
    assert box["bottom"] > box["listBottom"] - 57, box  # still at the end, not scrolled away
    assert page.errors == []


def test_the_status_line_gives_the_contact_count_and_the_bar_no_reuse_figures(page, server):
    open_list(page, server)
    total = server.json("/sections")["total"]
    assert page.text_content("#status") == f"{total:,} contacts"
    bar = page.inner_text("header")
    assert "slots" not in bar and "bytes" not in bar and "Reuse" not in bar, bar
    assert not page.is_visible("#debug") and page.text_content("#debug-figures") == ""


def test_a_letter_lands_its_section_at_the_top_of_the_list(page, server):
    open_list(page, server)
    answer = server.json("/sections")
    sections = answer["sections"]
    # One control per section /sections shows: English's A-Z and #, and the other scripts' letters
    # that hold demo contacts (docs/api.md, "The list's locale").
    titles = [s["title"] for s in sections]
    assert len(page.query_selector_all("[data-index]")) == len(sections), titles
    assert set("ABCDEFGHIJKLMNOPQRSTUVWXYZ#") <= set(titles) and titles[-1] == "#", titles
    for letter in ("M", "#", "B"):
        position = [s["title"] for s in sections].index(letter)
        page.click(f'[data-index="{letter}"]')
        settle(page)
        box = page.evaluate("""(section) => { const n = document.querySelector(`[data-kind=header][data-section="${section}"]:not([hidden])`);
          return {top: n && n.getBoundingClientRect().top, listTop: document.getElementById('list').getBoundingClientRect().top}; }""",
                            position)
        assert box["top"] is not None and abs(box["top"] - box["listTop"]) <= 1, (letter, box)
        first = check_rows(page, server)[0]["row"]
        assert first == sections[position]["firstRow"], (letter, first)


def test_a_row_link_opens_that_row_just_below_the_sticky_title(page, server):
    for row in (123456, 40001):
        open_list(page, server, f"#row={row}")
        settle(page)
        box = page.evaluate(ROW_BOX, row)
        assert box["top"] is not None, row
        assert box["sticky"] != "" and abs(box["top"] - box["stickyBottom"]) <= 1.5, (row, box)
        assert abs(box["top"] - (box["listTop"] + 32)) <= 1.5, (row, box)
    # A changed hash moves the list too, without a reload.
    page.evaluate("() => { location.hash = '#row=777'; }")
    settle(page)
    box = page.evaluate(ROW_BOX, 777)
    assert box["top"] is not None and abs(box["top"] - box["stickyBottom"]) <= 1.5, box
    assert page.errors == []


def test_an_import_with_a_bad_row_lists_its_errors_in_the_dialog(page, server, tmp_path):
    open_list(page, server)
    before = server.json("/sections")["total"]
    csv = tmp_path / "bad.csv"
    csv.write_text("First Name,Surname\r\nAda,Aaaalovelace\r\nBo,Diaz,one field too many\r\n")
    page.click("#import-open")
    page.set_input_files("#import-file", str(csv))
    page.click("#import button[type=submit]")
    page.wait_for_selector("#import-errors li")
    assert (page.text_content("#import-result") or "").startswith("Nothing imported"), page.text_content("#import-result")
    listed = page.text_content("#import-errors")
    # One line number: the dialog's, not the server's message repeating it.
    assert listed.startswith("Line 3: the row has 3 fields; the header has 2"), listed
    assert listed.lower().count("line 3") == 1, listed
    assert server.json("/sections")["total"] == before
    page.keyboard.press("Escape")  # the dialog's own Escape
    page.wait_for_selector("#import-dialog", state="hidden")


NARROW = """() => { const box = (e) => e.getBoundingClientRect();
  const bar = document.querySelector('header');
  const row = [...document.querySelectorAll('[data-slot][data-kind="contact"]:not([hidden])')][2];
  const [name, email] = row.querySelectorAll('.cell > p');
  const sticky = document.getElementById('current-section');
  return {bar: box(bar).height, barItems: [...bar.children].filter(e => e.offsetParent).map(e => box(e).top),
          nameBottom: box(name).bottom, emailTop: box(email).top, nameLeft: box(name).left, emailLeft: box(email).left,
          rowWidth: box(row).width, sticky: getComputedStyle(sticky).backgroundColor,
          scheme: getComputedStyle(document.documentElement).colorScheme,
          meta: document.querySelector('meta[name=color-scheme]').content}; }"""


def test_on_a_phone_the_bar_is_one_line_and_a_row_puts_the_name_above_the_email(browser, server):
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 375, "height": 700}, color_scheme=scheme)
        page = context.new_page()
        try:
            open_list(page, server, "#row=5000")
            settle(page)
            got = page.evaluate(NARROW)
            assert got["bar"] <= 48, got
            assert max(got["barItems"]) - min(got["barItems"]) <= 12, got  # one line
            assert got["nameBottom"] <= got["emailTop"] + 1 and abs(got["nameLeft"] - got["emailLeft"]) <= 1, got
            assert got["rowWidth"] <= 375
            # The sticky section title is opaque: rows sliding under it do not show through.
            assert got["sticky"].startswith("rgb(") and not got["sticky"].startswith("rgba("), got
            assert got["scheme"] == "light dark" and got["meta"] == "light dark", got
        finally:
            context.close()


def test_the_browser_gets_its_files_and_windows_as_zstd_and_reads_them(page, server):
    answers = []
    page.on("response", lambda r: answers.append((r.url, r.request.all_headers().get("accept-encoding", ""), r.all_headers())))
    open_list(page, server)
    settle(page)
    # The first rows come with the page and its first windows are deltas on them, often under the
    # 1 KB below which answers go as they are: a jump far down brings a whole screen of new rows.
    page.evaluate("document.getElementById('list').scrollTop = 400000")
    settle(page)
    check_rows(page, server)
    big_files = [a for a in answers if re.search(r"/(list|app)\.(js|css)$", a[0])]
    windows = [a for a in answers if "/window?" in a[0]]
    assert big_files and windows, [a[0] for a in answers]
    assert any(h.get("content-encoding") == "zstd" for _, _, h in windows), [h for _, _, h in windows]
    for url, accepted, headers in big_files + windows:
        assert "zstd" in accepted, (url, accepted)
        assert "accept-encoding" in headers.get("vary", "").lower(), (url, headers)
        if headers.get("content-encoding") != "zstd":  # only an answer under 1 KB goes as it is
            assert (url, headers) in [(u, h) for u, _, h in windows], (url, headers)
            assert int(headers.get("content-length", "0")) < 1024, (url, headers)
    assert page.errors == []
