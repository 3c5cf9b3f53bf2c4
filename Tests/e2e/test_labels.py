"""Favourites and labels in the page: the view switch (All / Favourites) and the label
picker show those lists from their top, with the search too; the hash keeps them
(#view=favorites, #label=NAME) and a link opens them; the detail pane edits a contact's
labels, and the list and the picker follow."""
import urllib.parse

from conftest import wait_until
from test_list import open_list, settle, wait_for_contact_in_pane
from test_live import api
from test_search import VISIBLE, shown, status

LABEL = "E2E Crew"


def ids_of_list(server, query):
    answer = server.json(f"/window?offset=0&height=4000&{query}")
    return answer["total"], [c["contact"]["id"] for c in answer["cells"] if c["kind"] == "contact"]


def rows_from_top(page):
    visible = shown(page, lambda v: v and v[0]["row"] == 0)
    assert visible and [c["row"] for c in visible] == list(range(len(visible))), visible
    return visible


def pressed(page):
    return page.evaluate("() => [...document.querySelectorAll('#views [data-view]')]"
                         ".filter(b => b.getAttribute('aria-pressed') === 'true').map(b => b.dataset.view)")


def test_the_view_switch_shows_the_favourites_from_the_top_and_the_hash_keeps_it(page, server):
    starred = list(server.ids_from(9000, 600).values())[:3]
    for contact_id in starred:
        assert api(server, "PATCH", f"/contacts/{contact_id}", {"favorite": True})[0] == 200
    total, ids = ids_of_list(server, "filter=favorites")
    assert total >= 3 and set(starred) <= set(ids)
    open_list(page, server, "#row=40000")
    settle(page)
    assert pressed(page) == ["all"]
    page.get_by_role("group", name="Show").get_by_role("button", name="Favourites").click()
    assert wait_until(lambda: pressed(page) == ["favorites"], 3)
    visible = rows_from_top(page)
    assert [c["id"] for c in visible] == ids[:len(visible)]
    assert wait_until(lambda: status(page) == (f"{total:,} favourites" if total != 1 else "1 favourite"), 5), status(page)
    assert wait_until(lambda: page.evaluate("location.hash").startswith("#view=favorites"), 3)
    # The search narrows the favourites; the hash keeps both.
    first = server.json(f"/contacts/{starred[0]}")
    q = first["last_name"] or first["first_name"]
    page.focus("#list")
    page.keyboard.press("/")
    page.keyboard.type(q, delay=20)
    matches, found = ids_of_list(server, f"filter=favorites&q={urllib.parse.quote(q)}")
    assert starred[0] in found
    assert wait_until(lambda: [c["id"] for c in page.evaluate(VISIBLE)] == found[:len(page.evaluate(VISIBLE))]
                      and len(page.evaluate(VISIBLE)) == min(matches, len(page.evaluate(VISIBLE)) or 1), 8)
    assert wait_until(lambda: page.evaluate("location.hash").startswith(
        f"#view=favorites&q={urllib.parse.quote(q)}"), 3), page.evaluate("location.hash")
    # All again: every contact, the search still on.
    page.get_by_role("button", name="All", exact=True).click()
    everyone, _ = ids_of_list(server, f"q={urllib.parse.quote(q)}")
    assert wait_until(lambda: status(page).startswith(f"{everyone:,} "), 5), status(page)
    assert not page.evaluate("location.hash").startswith("#view=")
    assert page.errors == []


def test_the_label_picker_lists_the_labels_and_shows_one_and_a_link_opens_it(page, server):
    labelled = list(server.ids_from(30000, 600).values())[:4]
    for contact_id in labelled:
        assert api(server, "PATCH", f"/contacts/{contact_id}", {"labels": [LABEL]})[0] == 200
    assert api(server, "PATCH", f"/contacts/{labelled[0]}", {"favorite": True})[0] == 200
    counts = {l["name"]: l["count"] for l in server.json("/labels")["labels"]}
    assert counts[LABEL] == 4
    open_list(page, server)
    settle(page)
    picker = page.get_by_label("Label", exact=True)
    assert wait_until(lambda: f"{LABEL} (4)" in page.evaluate(
        "() => [...document.querySelectorAll('#label-picker option')].map(o => o.textContent)"), 5)
    picker.select_option(LABEL)
    visible = rows_from_top(page)
    total, ids = ids_of_list(server, f"label={urllib.parse.quote(LABEL)}")
    assert total == 4 and sorted(c["id"] for c in visible) == sorted(labelled) and [c["id"] for c in visible] == ids
    assert wait_until(lambda: status(page) == f"4 contacts labelled “{LABEL}”", 5), status(page)
    assert wait_until(lambda: page.evaluate("location.hash").startswith("#label=E2E%20Crew"), 3)
    # A link with the view and the label opens both, the controls showing them.
    page.evaluate("() => { location.hash = '#view=favorites&label=E2E%20Crew'; }")
    assert wait_until(lambda: pressed(page) == ["favorites"], 3)
    assert wait_until(lambda: [c["id"] for c in page.evaluate(VISIBLE)] == [labelled[0]], 8)
    assert page.input_value("#label-picker") == LABEL
    fresh = page.context.new_page()
    fresh.errors = []
    open_list(fresh, server, "#label=e2e%20crew&view=favorites")
    assert wait_until(lambda: [c["id"] for c in fresh.evaluate(VISIBLE)] == [labelled[0]], 8)
    assert fresh.input_value("#label-picker").lower() == LABEL.lower()
    fresh.close()
    # Back to every label.
    picker.select_option("")
    page.get_by_role("button", name="All", exact=True).click()
    everyone = server.json("/sections")["total"]
    assert wait_until(lambda: status(page) == f"{everyone:,} contacts", 5), status(page)
    assert page.errors == []


def test_the_detail_pane_edits_labels_and_the_label_list_follows(page, server):
    contact_id = list(server.ids_from(70000, 600).values())[2]
    open_list(page, server)
    page.evaluate("() => { location.hash = '#label=Pane%20Alpha'; }")
    assert wait_until(lambda: status(page) == "No contacts labelled “Pane Alpha”", 5), status(page)
    page.evaluate(f"() => {{ location.hash = '#id={contact_id}'; }}")
    wait_for_contact_in_pane(page)
    field = page.get_by_label("Labels", exact=True)
    assert wait_until(lambda: page.get_attribute("#detail-labels", "name") == "labels", 3)
    field.fill("Pane Alpha, pane beta,  PANE ALPHA ")
    page.click("#detail-save")
    assert wait_until(lambda: api(server, "GET", f"/contacts/{contact_id}")[1]["labels"] == ["Pane Alpha", "pane beta"], 5)
    assert wait_until(lambda: page.input_value("#detail-labels") == "Pane Alpha, pane beta", 5)
    # The picker reads the labels again; the label's list (behind the pane) gets the contact live.
    assert wait_until(lambda: "Pane Alpha (1)" in page.evaluate(
        "() => [...document.querySelectorAll('#label-picker option')].map(o => o.textContent)"), 6)
    page.keyboard.press("Escape")
    page.evaluate("() => { location.hash = '#label=Pane%20Alpha'; }")
    assert wait_until(lambda: [c["id"] for c in page.evaluate(VISIBLE)] == [contact_id], 8)
    # Removed in another client: the row leaves the list on the next delta.
    assert api(server, "PATCH", f"/contacts/{contact_id}", {"labels": []})[0] == 200
    assert wait_until(lambda: page.evaluate(VISIBLE) == [], 5)
    assert wait_until(lambda: status(page) == "No contacts labelled “Pane Alpha”", 5), status(page)
    # A name the server refuses is said beside the field, in words.
    page.evaluate(f"() => {{ location.hash = '#id={contact_id}'; }}")
    wait_for_contact_in_pane(page)
    page.get_by_label("Labels", exact=True).fill("x" * 101)
    page.click("#detail-save")
    assert wait_until(lambda: page.text_content("#detail-labels-error") == "A label may have at most 100 characters.", 5)
    assert page.get_attribute("#detail-labels", "aria-invalid") == "true"
    assert [e for e in page.errors if "Failed to load resource" not in e] == []
