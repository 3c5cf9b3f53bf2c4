"""Edits that lose nothing, in the detail pane: a save that meets another writer's change
(412) merges field by field (another field: both kept and saved; the same field: both values
side by side to choose), a bad e-mail or phone is told beside its field in plain words, and a
delete offers "Undo" for 10 s, which brings the contact back in place, also on another page."""
import re, time

from conftest import wait_until
from test_list import open_list, settle
from test_live import api, detail_values

API_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b|invalid_|\bfield\b")  # first_name, invalid_field


def script_errors(page):
    """The page's errors, but the browser's notes of the refusals these tests cause (412, 422)."""
    return [e for e in page.errors if "Failed to load resource" not in e]


def open_contact(page, server, contact_id):
    open_list(page, server, f"#id={contact_id}")
    page.wait_for_selector("#detail", state="visible")
    email = server.json(f"/contacts/{contact_id}")["email"]
    assert wait_until(lambda: detail_values(page).get("email") == email, 3)


def test_a_save_that_meets_a_change_to_another_field_keeps_both_and_saves(page, server):
    contact_id = next(iter(server.ids_from(6000, 200).values()))
    open_contact(page, server, contact_id)
    page.fill("#detail [name=city]", "Typed City")
    page.locator("#detail-more").get_by_label("Nickname").fill("Typed Nick")
    status, _, _ = api(server, "PATCH", f"/contacts/{contact_id}",
                       {"company": "Other Writer Ltd", "details": {"title": "Their Title"}})
    assert status == 200
    page.click("#detail-save")
    assert wait_until(lambda: page.text_content("#detail-message") == "Saved.", 5), page.text_content("#detail-message")
    now = server.json(f"/contacts/{contact_id}")
    assert (now["city"], now["company"]) == ("Typed City", "Other Writer Ltd")
    assert now["details"].get("nickname") == "Typed Nick" and now["details"].get("title") == "Their Title"
    values = detail_values(page)
    assert (values["city"], values["company"]) == ("Typed City", "Other Writer Ltd"), "the pane shows both"
    assert page.is_hidden("#detail-merge")
    assert script_errors(page) == []


def test_a_field_both_changed_shows_both_values_to_choose_and_nothing_typed_is_lost(page, server):
    contact_id = next(iter(server.ids_from(7000, 200).values()))
    open_contact(page, server, contact_id)
    page.fill("#detail [name=city]", "Typed Paris")
    page.fill("#detail [name=notes]", "typed notes")
    assert api(server, "PATCH", f"/contacts/{contact_id}", {"city": "Their Rome", "company": "Theirs Ltd"})[0] == 200
    page.click("#detail-save")
    page.wait_for_selector("#detail-merge:not([hidden])")
    merge = page.locator("#detail-merge")
    assert "choose which to keep" in merge.text_content()
    group = merge.get_by_role("group", name="City")
    yours = group.get_by_role("radio", name="Yours: Typed Paris")
    theirs = group.get_by_role("radio", name="Saved meanwhile: Their Rome")
    assert yours.is_checked() and not theirs.is_checked()
    assert not API_NAME.search(merge.text_content()), merge.text_content()
    assert page.evaluate("document.activeElement.type") == "radio", "the choice takes the focus"
    # Nothing is saved until Save; what only one side changed is in the form already.
    assert server.json(f"/contacts/{contact_id}")["city"] == "Their Rome"
    values = detail_values(page)
    assert (values["city"], values["company"], values["notes"]) == ("Typed Paris", "Theirs Ltd", "typed notes")
    # The keyboard moves between the two; each choice goes into the form.
    page.keyboard.press("ArrowDown")
    assert theirs.is_checked() and detail_values(page)["city"] == "Their Rome"
    page.keyboard.press("ArrowUp")
    assert yours.is_checked() and detail_values(page)["city"] == "Typed Paris"
    page.click("#detail-save")
    assert wait_until(lambda: page.text_content("#detail-message") == "Saved.", 5), page.text_content("#detail-message")
    now = server.json(f"/contacts/{contact_id}")
    assert (now["city"], now["company"], now["notes"]) == ("Typed Paris", "Theirs Ltd", "typed notes")
    assert page.is_hidden("#detail-merge")
    assert script_errors(page) == []


def test_an_email_that_is_none_and_a_phone_without_a_digit_are_told_in_plain_words(page, server):
    contact_id = next(iter(server.ids_from(8000, 200).values()))
    before = server.json(f"/contacts/{contact_id}")
    open_contact(page, server, contact_id)
    page.fill("#detail [name=email]", "not an email")
    page.click("#detail-save")
    page.wait_for_selector("#detail-email-error:not([hidden])")
    said = page.text_content("#detail-email-error")
    assert "does not look like an e-mail address" in said and "@" in said, said
    assert page.get_attribute("#detail [name=email]", "aria-invalid") == "true"
    assert page.evaluate("document.activeElement.name") == "email"
    page.fill("#detail [name=email]", before["email"])
    page.fill("#detail [name=phone]", "n/a")
    page.click("#detail-save")
    page.wait_for_selector("#detail-phone-error:not([hidden])")
    assert page.text_content("#detail-phone-error") == "A phone number needs at least one digit."
    assert page.is_hidden("#detail-email-error")
    page.locator("#detail-more").get_by_role("button", name="Add an e-mail").click()
    page.locator("#detail-more").get_by_label("Other e-mail 1", exact=True).fill("me at home")
    page.fill("#detail [name=phone]", before["phone"])
    page.click("#detail-save")
    page.wait_for_selector("#detail-details-error:not([hidden])")
    assert page.text_content("#detail-details-error").startswith("Other e-mail 1 does not look like an e-mail address")
    shown = " ".join(page.locator(f"#detail-{name}-error").text_content() for name in ("email", "phone", "details"))
    shown += page.text_content("#detail-message")
    assert not API_NAME.search(shown), shown
    assert server.json(f"/contacts/{contact_id}") == before, "nothing was written"
    assert script_errors(page) == []


def test_undo_after_a_delete_brings_the_contact_back_in_place_here_and_on_another_page(page, server, browser):
    made = api(server, "POST", "/contacts", {"first_name": "Ulla", "last_name": "Undoberg", "city": "Umeå",
                                              "favorite": True, "details": {"nickname": "Uu"}})[1]
    contact_id, row = made["id"], made["row"]
    other = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
    open_list(other, server, f"#row={max(row - 3, 0)}")
    settle(other)
    shows = f'[data-slot][data-id="{contact_id}"]:not([hidden])'
    assert other.query_selector(shows) is not None
    open_contact(page, server, contact_id)
    page.click("#detail-delete")
    page.click('[data-action="confirm-delete"]')
    page.wait_for_selector("#detail", state="hidden")
    page.wait_for_selector("#undo-button:visible")
    assert page.text_content("#undo-text") == "Deleted Ulla Undoberg."
    assert page.get_attribute("#undo", "aria-live") == "polite"
    assert wait_until(lambda: other.query_selector(shows) is None, 3), "the other page saw it go"
    # The button follows the list in the tab order.
    page.focus("#list")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "undo-button"
    page.keyboard.press("Enter")
    assert wait_until(lambda: "is back" in (page.text_content("#undo-text") or ""), 3)
    back = server.json(f"/contacts/{contact_id}")
    assert (back["id"], back["row"], back["city"], back["favorite"], back["details"]) == (
        contact_id, row, "Umeå", True, {"nickname": "Uu"})
    assert wait_until(lambda: page.query_selector(shows) is not None, 3), "back in this list"
    assert wait_until(lambda: other.query_selector(shows) is not None, 3), "back in the other page's list"
    assert other.get_attribute(shows, "data-row") == str(row)
    assert script_errors(page) == []
    other.context.close()


def test_the_undo_note_goes_after_ten_seconds(page, server):
    contact_id = api(server, "POST", "/contacts", {"first_name": "Gone", "last_name": "Intenseconds"})[1]["id"]
    open_contact(page, server, contact_id)
    page.click("#detail-delete")
    page.click('[data-action="confirm-delete"]')
    page.wait_for_selector("#undo-button:visible")
    shown = time.time()
    page.mouse.move(5, 5)  # away from the note: the time runs
    time.sleep(8.5)
    assert page.is_visible("#undo-button"), "still offered before 10 s"
    assert wait_until(lambda: page.is_hidden("#undo-button"), 4)
    assert 9.5 < time.time() - shown < 12.5
    assert page.text_content("#undo-text") == ""
    assert api(server, "POST", f"/contacts/{contact_id}/restore")[0] == 201, "the server keeps it longer"
