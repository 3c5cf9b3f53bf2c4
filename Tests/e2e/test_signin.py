"""Signing in on a server that listens off loopback with an admin token: the page meets
401s, shows an accessible sign-in form, says in plain words when the token is wrong or
when too many were, and once signed in carries on (the list, the event stream) without
reloading; its event stream never posts /login. Sign out, and `serve` refusing to start
off loopback without a token."""
import json, os, re, shutil, signal, subprocess, tempfile, urllib.request

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, ROOT, roster_binary, wait_until, watch_requests
from test_list import settle

TOKEN = "e2e-" + "k" * 24
CONTACTS = 3000
# 401s and 429s are answers the page expects; the browser logs each failed load anyway.
EXPECTED = re.compile(r"status of (401|429)")


@pytest.fixture(scope="module")
def database():
    folder = tempfile.mkdtemp(prefix="roster-e2e-signin-")
    db = os.path.join(folder, "db.sqlite")
    subprocess.run([roster_binary(), "seed", "--db", db, "--count", str(CONTACTS),
                    "--migrations", os.path.join(ROOT, "Migrations")], check=True, capture_output=True)
    yield db
    shutil.rmtree(folder, ignore_errors=True)


class Guarded:
    """`roster serve --host 0.0.0.0 --admin-token TOKEN` over a copy of the database, reached
    through 127.0.0.1 (the listening address decides, not the one a client uses)."""

    def __init__(self, db):
        self.folder = tempfile.mkdtemp(prefix="roster-e2e-guarded-")
        self.db = os.path.join(self.folder, "db.sqlite")
        shutil.copy(db, self.db)
        self.out = open(os.path.join(self.folder, "out"), "w+")
        os.makedirs(ARTIFACTS, exist_ok=True)
        self.err = open(os.path.join(ARTIFACTS, "server-signin.err"), "w")
        self.proc = subprocess.Popen(
            [roster_binary(), "serve", "--host", "0.0.0.0", "--port", "0", "--db", self.db, "--seed", "0",
             "--admin-token", TOKEN, "--public", os.path.join(ROOT, "Public"),
             "--migrations", os.path.join(ROOT, "Migrations")], stdout=self.out, stderr=self.err)

        def listening():
            self.out.seek(0)
            line = self.out.readline()
            return line.strip().rsplit(":", 1)[1] if line.startswith("listening on http://0.0.0.0:") else None

        port = wait_until(listening, timeout=30)
        assert port, "roster serve --host 0.0.0.0 did not start"
        self.base = f"http://127.0.0.1:{port}"

    def api(self, method, path, body=None, token=TOKEN):
        request = urllib.request.Request(self.base + path, method=method,
                                         data=json.dumps(body).encode() if body is not None else None,
                                         headers={"Content-Type": "application/json",
                                                  **({"Authorization": f"Bearer {token}"} if token else {})})
        try:
            with urllib.request.urlopen(request) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        assert self.proc.wait(10) == 0
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture
def guarded(database):
    server = Guarded(database)
    yield server
    server.stop()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    pg = context.new_page()
    pg.errors = []
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" and not EXPECTED.search(m.text) else None)
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.requested = []
    pg.on("request", lambda r: pg.requested.append((r.method, r.url)))
    watch_requests(pg)
    yield pg
    context.close()


def asked(page, method, path):
    return sum(1 for m, url in page.requested if m == method and url.split("?")[0].endswith(path))


def open_signed_out(page, guarded):
    page.goto(guarded.base + "/")
    dialog = page.locator("#sign-in")
    expect(dialog).to_be_visible(timeout=15000)
    return dialog


def sign_in(page, token):
    field = page.get_by_label("Admin token")
    field.fill(token)
    page.get_by_role("button", name="Sign in").click()


def test_the_page_asks_for_the_token_and_carries_on_without_a_reload(page, guarded):
    open_signed_out(page, guarded)
    # Accessible: a modal dialog named by its heading, the field labelled and focused.
    expect(page.get_by_role("dialog", name="Sign in")).to_be_visible()
    field = page.get_by_label("Admin token")
    expect(field).to_be_focused()
    assert field.get_attribute("type") == "password"
    assert page.locator("[data-slot][data-row]:not([hidden])").count() == 0, "no contact before signing in"
    page.keyboard.press("Escape")
    expect(page.locator("#sign-in")).to_be_visible()  # nothing to go back to
    page.evaluate("() => { window.__sameDocument = true; }")

    sign_in(page, TOKEN)
    expect(page.locator("#sign-in")).to_be_hidden()
    page.wait_for_selector("[data-slot][data-row]:not([hidden])", timeout=15000)
    settle(page)
    assert page.evaluate("() => window.__sameDocument === true"), "the page was reloaded"
    expect(page.locator("#status")).to_contain_text(f"{CONTACTS:,} contacts")
    expect(page.locator("#sign-out")).to_be_visible()
    assert asked(page, "POST", "/login") == 1
    cookie = next(c for c in page.context.cookies() if c["name"] == "roster_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and TOKEN not in cookie["value"]

    # The event stream opened again: a change made elsewhere shows within a second or two.
    contact = int(page.locator("[data-slot][data-row='0']:not([hidden])").get_attribute("data-id"))
    shown = page.locator(f"[data-slot][data-id='{contact}']:not([hidden])")
    status, _ = guarded.api("PATCH", f"/contacts/{contact}", {"email": "signed.in@example.org"})
    assert status == 200
    expect(shown).to_contain_text("signed.in@example.org", timeout=3000)
    # And the page's own writes go with its session.
    starred = guarded.api("GET", f"/contacts/{contact}")[1]["favorite"]
    shown.locator("[data-action='favorite']").click()
    assert wait_until(lambda: guarded.api("GET", f"/contacts/{contact}")[1]["favorite"] is not starred, 5)
    assert page.errors == []


def test_a_wrong_token_is_said_in_plain_words_and_the_right_one_then_works(page, guarded):
    open_signed_out(page, guarded)
    sign_in(page, "not-the-token")
    error = page.locator("#sign-in-error")
    expect(error).to_have_text("That is not this server's admin token. Check it and try again.")
    expect(error).to_have_attribute("role", "alert")
    field = page.get_by_label("Admin token")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_be_focused()
    page.screenshot(path=os.path.join(ARTIFACTS, "signin-wrong-token.png"))
    sign_in(page, TOKEN)
    expect(page.locator("#sign-in")).to_be_hidden()
    page.wait_for_selector("[data-slot][data-row]:not([hidden])", timeout=15000)
    assert asked(page, "POST", "/login") == 2
    assert page.errors == []


def test_too_many_wrong_tokens_say_when_to_try_again(page, guarded):
    open_signed_out(page, guarded)
    for attempt in range(5):
        sign_in(page, f"guess-{attempt}")
        expect(page.locator("#sign-in-error")).to_contain_text("not this server's admin token")
        expect(page.get_by_role("button", name="Sign in")).to_be_enabled()
    sign_in(page, TOKEN)  # the right one, but the tries are spent: not even looked at
    error = page.locator("#sign-in-error")
    expect(error).to_have_text(re.compile(r"^Too many wrong tokens from here\. Try again in \d+ s\.$"))
    seconds = int(re.search(r"in (\d+) s", error.text_content()).group(1))
    assert 1 <= seconds <= 12
    expect(page.get_by_role("button", name="Sign in")).to_be_disabled()
    expect(page.locator("#sign-in")).to_be_visible()
    page.screenshot(path=os.path.join(ARTIFACTS, "signin-rate-limited.png"))
    # The server says the same to a script.
    status, body = guarded.api("GET", "/sections")
    assert status == 429 and body["error"] == "too_many_requests"
    assert page.errors == []


def test_a_signed_out_page_waits_without_hammering_anything(page, guarded):
    open_signed_out(page, guarded)
    page.wait_for_timeout(4000)
    # One try of the stream, one check of the session, the list's first asks: then it waits.
    assert asked(page, "POST", "/login") == 0
    assert asked(page, "GET", "/events") == 1, page.requested
    assert asked(page, "HEAD", "/sections") <= 1, page.requested
    api = [(m, url) for m, url in page.requested if re.search(r"/(window|sections)(\?|$)", url)]
    assert len(api) <= 2, api  # the first /sections, and the session's check


def test_sign_out_ends_the_session_and_the_page_asks_again(page, guarded):
    open_signed_out(page, guarded)
    sign_in(page, TOKEN)
    page.wait_for_selector("[data-slot][data-row]:not([hidden])", timeout=15000)
    cookie = next(c for c in page.context.cookies() if c["name"] == "roster_session")
    page.click("#sign-out")
    expect(page.locator("#sign-in")).to_be_visible(timeout=15000)
    assert page.locator("[data-slot][data-row]:not([hidden])").count() == 0
    assert not [c for c in page.context.cookies() if c["name"] == "roster_session"]
    # The cookie, copied before, no longer reads.
    request = urllib.request.Request(guarded.base + "/sections", headers={"Cookie": f"roster_session={cookie['value']}"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request)
    assert refused.value.code == 401


def test_serve_off_loopback_without_a_token_exits_2_naming_public_read(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "ROSTER_ADMIN_TOKEN"}
    result = subprocess.run([roster_binary(), "serve", "--host", "0.0.0.0", "--port", "0",
                             "--db", str(tmp_path / "db.sqlite"), "--seed", "0"],
                            capture_output=True, text=True, timeout=20, env=env)
    assert result.returncode == 2
    assert "--public-read" in result.stderr and "--admin-token" in result.stderr, result.stderr
    assert not (tmp_path / "db.sqlite").exists(), "it refused before opening anything"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_in_the_form_and_its_error(browser, guarded, scheme):
    from axe_playwright_python.sync_playwright import Axe
    context = browser.new_context(viewport={"width": 1000, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    open_signed_out(page, guarded)
    found = {"form": [f"{v['id']} x{len(v['nodes'])}" for v in Axe().run(page).response["violations"]]}
    sign_in(page, "wrong")
    expect(page.locator("#sign-in-error")).to_be_visible()
    found["error"] = [f"{v['id']} x{len(v['nodes'])}" for v in Axe().run(page).response["violations"]]
    context.close()
    assert not any(found.values()), found
