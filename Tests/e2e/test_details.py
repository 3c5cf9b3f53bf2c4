"""A contact's details in the detail pane: shown, edited (a field, a list item added
and removed), saved as one object, and read back by the API."""
import json, urllib.request

from conftest import wait_until


def post(server, body):
    request = urllib.request.Request(server.base + "/contacts", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def test_the_pane_shows_edits_and_saves_a_contacts_details(page, server):
    made = post(server, {
        "first_name": "Ingrid", "last_name": "Detailsberg", "email": "ingrid@fjord.example", "phone": "+47 412 55 019",
        "city": "Oslo", "details": {
            "title": "Partner", "emails": [{"label": "home", "value": "ingrid@hjemme.example"}],
            "addresses": [{"label": "work", "po_box": "", "extended": "", "street": "Dronning Eufemias gate 16",
                           "city": "", "region": "", "postcode": "0191", "country": "Norway"}],
            "other": [{"name": "X-SKYPE", "value": "ingrid.sa"}]}})
    page.goto(server.base + f"/#id={made['id']}")
    page.wait_for_selector("#detail:not([hidden]) #detail-more input")
    more = page.locator("#detail-more")
    assert more.get_by_label("Job title").input_value() == "Partner"
    assert more.get_by_label("Other e-mail 1", exact=True).input_value() == "ingrid@hjemme.example"
    assert more.get_by_label("Street", exact=True).input_value() == "Dronning Eufemias gate 16"
    assert "X-SKYPE" in more.text_content() and "ingrid.sa" in more.text_content()
    more.get_by_label("Job title").fill("Managing Partner")
    more.get_by_role("button", name="Add a phone").click()
    more.get_by_label("Other phone 1", exact=True).fill("+47 22 55 01 90")
    more.get_by_label("Other phone 1, label").fill("work")
    more.get_by_role("button", name="Remove other e-mail 1").click()
    page.click("#detail-save")
    assert wait_until(lambda: page.text_content("#detail-message") == "Saved.")
    read = server.json(f"/contacts/{made['id']}")
    assert read["details"]["title"] == "Managing Partner"
    # Kept as typed, with the forms the server reads from it (docs/api.md, "Phone numbers").
    assert read["details"]["phones"] == [{"label": "work", "value": "+47 22 55 01 90", "e164": "+4722550190",
                                          "display": "+47 22 55 01 90"}]
    assert "emails" not in read["details"]
    assert read["details"]["other"] == [{"name": "X-SKYPE", "value": "ingrid.sa"}], "kept"
    assert read["details"]["addresses"][0]["street"] == "Dronning Eufemias gate 16" and read["city"] == "Oslo"


def test_the_import_dialog_shows_a_files_columns_and_first_contacts_before_it_writes(page, server, tmp_path):
    path = tmp_path / "google.csv"
    path.write_text("First Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,Mood\r\n"
                    "Priya,Previewsson,* Work,priya@q.example,calm\r\n", encoding="utf-8")
    before = server.json("/window?offset=0&height=1")["total"]
    page.goto(server.base + "/")
    page.click("#import-open")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#import-preview:not([hidden])")
    assert "Google" in page.text_content("#import-preview-file")
    cells = page.locator("#import-preview-columns td").all_text_contents()
    assert cells[-2:] == ["Mood", "kept with the contact"], cells
    assert "Priya Previewsson · priya@q.example" in page.text_content("#import-preview-rows")
    assert server.json("/window?offset=0&height=1")["total"] == before, "a preview writes nothing"
    assert "vcf" in page.get_attribute("#import-file", "accept")
