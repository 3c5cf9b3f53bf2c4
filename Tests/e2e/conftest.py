"""Fixtures for the browser tests: a `roster serve` on a free port over a seeded
database, and headless Chromium (Debian's) driven by Playwright."""
import fcntl, os, shutil, signal, subprocess, tempfile, time, urllib.request, json

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARTIFACTS = os.path.join(ROOT, ".build", "e2e")
CONTACTS = int(os.environ.get("ROSTER_E2E_CONTACTS", "200000"))


def roster_binary():
    """The roster scripts/e2e built (ROSTER_BIN: the test build, scripts/lib/test_build.sh), else
    the plain debug build's."""
    if os.environ.get("ROSTER_BIN"):
        return os.environ["ROSTER_BIN"]
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()
    return os.path.join(path, "roster")


def seeded_copy(exe, db):
    """Puts a seeded list of CONTACTS at `db`: seeded once per build of roster into
    .build/e2e/seed (a lock makes the pytest-xdist workers, and runs after, wait for the
    first), then copied, so workers and runs do not each spend a debug build's seed."""
    shared = os.path.join(ARTIFACTS, "seed")
    os.makedirs(shared, exist_ok=True)
    built = os.stat(exe)
    name = f"seeded-{CONTACTS}-{built.st_size}-{built.st_mtime_ns}.sqlite"
    seeded = os.path.join(shared, name)
    with open(os.path.join(shared, "seed.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(seeded):
            for old in os.listdir(shared):
                if old.startswith("seeded-"):
                    os.remove(os.path.join(shared, old))
            subprocess.run([exe, "seed", "--db", seeded + ".new", "--count", str(CONTACTS),
                            "--migrations", os.path.join(ROOT, "Migrations")], check=True, capture_output=True)
            os.rename(seeded + ".new", seeded)
    shutil.copyfile(seeded, db)


@pytest.fixture(scope="session")
def server():
    exe = roster_binary()
    folder = tempfile.mkdtemp(prefix="roster-e2e-")
    db = os.path.join(folder, "db.sqlite")
    os.makedirs(ARTIFACTS, exist_ok=True)
    seeded_copy(exe, db)
    out = open(os.path.join(folder, "out"), "w+")
    os.makedirs(ARTIFACTS, exist_ok=True)
    # Kept for a look after a failure; one per pytest-xdist worker.
    err = open(os.path.join(ARTIFACTS, f"server-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.err"), "w")
    proc = subprocess.Popen([exe, "serve", "--port", "0", "--db", db, "--seed", "0",
                             "--public", os.path.join(ROOT, "Public"), "--migrations", os.path.join(ROOT, "Migrations")],
                            stdout=out, stderr=err)
    def listening():
        out.seek(0)
        line = out.readline()
        return line.split()[-1] if line.startswith("listening on ") else None

    base = wait_until(listening, timeout=30)
    assert base, "roster serve did not start"
    yield Server(base)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(10) == 0
    shutil.rmtree(folder, ignore_errors=True)


class Server:
    def __init__(self, base):
        self.base = base

    def json(self, path):
        with urllib.request.urlopen(self.base + path) as response:
            return json.load(response)

    def sections(self):
        return self.json("/sections")["sections"]

    def ids_from(self, row, height):
        """Row -> contact id for the rows a fresh full window from `row` shows (the
        server lays rows out: they are as tall as their notes make them)."""
        window = self.json(f"/window?row={row}&height={height}")
        return {c["row"]: c["contact"]["id"] for c in window["cells"] if c["kind"] == "contact"}


def wait_until(condition, timeout=5.0, every=0.05):
    """Polls `condition` until it gives a true value, and returns it; past `timeout`
    seconds, its last value (false: the caller's assert says what did not happen).
    A condition that reads the page goes through Playwright, which delivers the
    page's events (requests, dialogs) meanwhile."""
    end = time.time() + timeout
    while time.time() < end:
        value = condition()
        if value:
            return value
        time.sleep(every)
    return condition()


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "timing: measures time or pace (frames, flings, round trips, write latency beside an "
        "import); scripts/test runs these alone, after the others ran two files at a time")
    config.addinivalue_line(
        "markers", "alone: fails beside another worker for a reason not yet found; run with the timing tests")


LIST_REQUESTS = ("/window?", "/sections")


def watch_requests(page):
    """Keeps `page.asking`: the page's /window and /sections requests on their way
    (sync or async Playwright), until their answer's head comes (the page does not
    read the body of an answer it drops). Once per page; call it before the page asks."""
    if hasattr(page, "asking"):
        return
    page.asking = set()

    def started(request):
        if any(part in request.url for part in LIST_REQUESTS):
            page.asking.add(request)

    page.on("request", started)
    def ended(request):
        page.asking.discard(request)

    page.on("response", lambda response: ended(response.request))
    page.on("requestfailed", ended)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def page(browser, server):
    # The page speaks the browser's language: the tests read its English words.
    context = browser.new_context(viewport={"width": 1000, "height": 800}, locale="en-US")
    pg = context.new_page()
    pg.errors = []
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    watch_requests(pg)
    yield pg
    context.close()
