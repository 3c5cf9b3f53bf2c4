"""The page in the reader's language and people's text in its own direction: a zh-CN
browser gets the page in Simplified Chinese (its <html lang>, the search field's words,
the count through Intl) and an en-US one in English; the language menu's choice is kept
and GET / renders it at once; a contact named in Arabic reads right to left in its row,
in a search's marks and in the detail pane, inside the left-to-right page."""
import urllib.parse

import pytest

from conftest import watch_requests, wait_until
from test_list import open_list, settle
from test_live import api

WORDS = """() => ({lang: document.documentElement.lang,
  placeholder: document.getElementById('search').placeholder,
  label: document.querySelector('label[for=search]').textContent,
  status: document.getElementById('status').textContent,
  star: document.querySelector('.slot[data-kind=contact] [data-action=favorite]')?.getAttribute('aria-labelledby'),
  fav: document.getElementById('fav').textContent})"""


def open_in(browser, server, locale, hash=""):
    context = browser.new_context(viewport={"width": 1000, "height": 800}, locale=locale)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    open_list(page, server, hash)
    return context, page


@pytest.mark.parametrize("locale, lang, placeholder, label, count", [
    ("zh-CN", "zh-Hans", "搜索", "搜索联系人", "位联系人"),
    ("en-US", "en", "Search", "Search contacts", " contacts"),
])
def test_the_browsers_language_chooses_the_pages(browser, server, locale, lang, placeholder, label, count):
    context, page = open_in(browser, server, locale)
    try:
        assert wait_until(lambda: count in page.evaluate(WORDS)["status"], 5), page.evaluate(WORDS)
        words = page.evaluate(WORDS)
        assert (words["lang"], words["placeholder"], words["label"]) == (lang, placeholder, label), words
        total = server.json("/sections")["total"]
        number = f"{total:,}"  # en and zh-Hans group thousands with commas
        assert words["status"].startswith(number), words["status"]
        assert words["star"] == "fav" and words["fav"] == ("收藏" if lang == "zh-Hans" else "Favourite")
        assert page.get_by_role("searchbox", name=label).is_visible()
        assert page.errors == []
    finally:
        context.close()


def test_a_choice_in_the_language_menu_is_kept_and_rendered_at_once(browser, server):
    context, page = open_in(browser, server, "en-US")
    try:
        with page.expect_navigation():
            page.get_by_label("Language").select_option("de")
        page.wait_for_selector("[data-slot][data-row]:not([hidden])")
        assert page.evaluate(WORDS)["lang"] == "de" and page.evaluate(WORDS)["placeholder"] == "Suchen"
        assert any(c["name"] == "roster_language" and c["value"] == "de" for c in context.cookies())
        # the HTML came in German: the first response's words, before any script ran
        html = page.request.get(server.base + "/").text()
        assert '<html lang="de">' in html and 'placeholder="Suchen"' in html
        assert page.get_by_label("Sprache").input_value() == "de"
        assert wait_until(lambda: "Kontakte" in page.evaluate(WORDS)["status"], 5)
        assert page.errors == []
    finally:
        context.close()


DIRECTION = """(id) => { const row = document.querySelector(`[data-slot][data-id="${id}"]:not([hidden])`);
  const name = row && row.querySelector('.cell > p');
  const initials = row && row.querySelector('.cell > span');
  return name && {text: name.textContent, dir: getComputedStyle(name).direction,
    initials: initials && getComputedStyle(initials).direction,
    page: getComputedStyle(document.body).direction, marks: name.querySelectorAll('mark').length}; }"""


def test_an_arabic_name_reads_right_to_left_in_its_row_its_search_and_the_detail_pane(browser, server):
    status, contact, _ = api(server, "POST", "/contacts", {"first_name": "العلي", "city": "القاهرة"})
    assert status == 201, contact
    contact_id = contact["id"]
    row = server.json(f"/contacts/{contact_id}")["row"]
    context, page = open_in(browser, server, "en-US", f"#row={row}")
    try:
        assert wait_until(lambda: page.evaluate(DIRECTION, contact_id), 8)
        shown = page.evaluate(DIRECTION, contact_id)
        assert shown["text"].strip() == "العلي" and shown["dir"] == "rtl" and shown["page"] == "ltr", shown
        assert shown["initials"] == "rtl", shown
        watch_requests(page)
        page.goto(server.base + "/#q=" + urllib.parse.quote("العلي"))
        assert wait_until(lambda: (page.evaluate(DIRECTION, contact_id) or {}).get("marks"), 8)
        assert page.evaluate(DIRECTION, contact_id)["dir"] == "rtl"
        page.goto(server.base + f"/#id={contact_id}")
        page.wait_for_selector("#detail:not([hidden])")
        assert wait_until(lambda: page.input_value("#detail-first_name") == "العلي", 5)
        direction = "(s) => getComputedStyle(document.querySelector(s)).direction"
        assert page.evaluate(direction, "#detail-title") == "rtl"
        assert page.evaluate(direction, "#detail-first_name") == "rtl"
        assert page.evaluate(direction, "#detail-city") == "rtl"
        assert page.evaluate(direction, "#detail-save") == "ltr", "the page's own words stay left to right"
        assert page.errors == []
    finally:
        context.close()
        api(server, "DELETE", f"/contacts/{contact_id}")


def test_the_template_without_a_catalog_chooses_and_fills_in_the_words_itself(browser, server):
    context = browser.new_context(viewport={"width": 1000, "height": 800}, locale="zh-CN")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    try:
        page.goto(server.base + "/index.html")
        assert wait_until(lambda: page.evaluate(WORDS)["lang"] == "zh-Hans", 8), page.evaluate(WORDS)
        page.wait_for_selector("[data-slot][data-row]:not([hidden])", timeout=15000)
        words = page.evaluate(WORDS)
        assert (words["placeholder"], words["label"], words["fav"]) == ("搜索", "搜索联系人", "收藏"), words
        assert wait_until(lambda: "位联系人" in page.evaluate(WORDS)["status"], 5)
        assert page.errors == []
    finally:
        context.close()
