"""Roster's HTTP/1.1 conformance suite: raw bytes over a socket, checked against
RFC 9112 and RFC 9110 and against two independent parsers, h11 and httptools
(llhttp), used as oracles.

- test_cases.py: the table of cases.py (framing and smuggling shapes, chunked
  coding, header and request-line syntax, limits, bodies, keep-alive). Roster
  must answer what each case expects, refuse whatever both oracles refuse, and
  differ from both oracles only where a case gives the reason.
- test_scripted.py: 100 Continue timing, a body refused before it is sent,
  response order in a pipeline, bytes arriving one by one, HEAD, half-close.
- test_timeouts.py: a stalled head and stalled bodies get 408 and a close.

Run: `scripts/conformance` (builds roster, sets up .build/conformance-venv),
extra arguments go to pytest. Takes about 15 s, most of it waiting for the
request body to be cut for its rate (10 s).

This file: one `roster serve` on a free port over a fresh database of 1,000
contacts, and the summary printed at the end. The binary is the one named by
ROSTER_BIN, else the worktree's debug build (`swift build --show-bin-path`).
"""

import os
import shutil
import signal
import subprocess
import tempfile
import time

import pytest

import report
import wire

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Small enough that a chunked upload can go past it quickly.
MAX_IMPORT_BYTES = 65536


def roster_binary():
    if os.environ.get("ROSTER_BIN"):
        return os.environ["ROSTER_BIN"]
    path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    return os.path.join(path, "roster")


class Roster:
    """The running server, and how to talk to it."""

    PROBE = b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"

    def __init__(self, process, port):
        self.process = process
        self.port = port

    def connect(self, timeout=5.0):
        return wire.connect(self.port, timeout)

    def exchange(self, raw, deadline_seconds=5.0):
        """Sends `raw`, then the probe request, and reads until Roster closes.

        An import refused half-way is rolled back on Roster's side just after the
        connection closes; an import sent in that moment is answered 503. Such a
        case is sent again, for up to three seconds.
        """
        give_up = time.monotonic() + 3
        while True:
            with self.connect() as sock:
                wire.send_quietly(sock, raw)
                wire.send_quietly(sock, self.PROBE)
                exchange = wire.read_until_close(sock, deadline_seconds)
            busy = any(r.status == 503 and b"import_in_progress" in r.body for r in exchange.responses)
            if not busy or time.monotonic() > give_up:
                return exchange
            time.sleep(0.05)

    def import_csv(self, body=b"first_name\r\nZed\r\n", wait_seconds=3.0):
        """POSTs a small import, retrying while another import holds the gate; returns the response."""
        give_up = time.monotonic() + wait_seconds
        while True:
            with self.connect() as sock:
                sock.sendall(
                    b"POST /import HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: %d\r\n\r\n"
                    % len(body)
                    + body
                )
                exchange = wire.read_until_close(sock)
            response = exchange.responses[0] if exchange.responses else None
            if response is None or response.status != 503 or time.monotonic() > give_up:
                return response
            time.sleep(0.05)


@pytest.fixture(scope="session")
def roster():
    exe = roster_binary()
    folder = tempfile.mkdtemp(prefix="roster-conformance-")
    out_path = os.path.join(folder, "out")
    err_path = os.path.join(folder, "err")
    with open(out_path, "w") as out, open(err_path, "w") as err:
        process = subprocess.Popen(
            [
                exe,
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--db",
                os.path.join(folder, "db.sqlite"),
                "--seed",
                "1000",
                "--public",
                os.path.join(ROOT, "Public"),
                "--migrations",
                os.path.join(ROOT, "Migrations"),
                "--max-import-bytes",
                str(MAX_IMPORT_BYTES),
            ],
            stdout=out,
            stderr=err,
        )
    port = None
    for _ in range(600):
        with open(out_path) as out:
            line = out.readline()
        if line.startswith("listening on http://"):
            port = int(line.strip().rsplit(":", 1)[1])
            break
        if process.poll() is not None:
            break
        time.sleep(0.05)
    if port is None:
        process.kill()
        with open(err_path) as err:
            pytest.fail(f"roster serve did not start: {err.read()[-2000:]}")
    yield Roster(process, port)
    alive = process.poll() is None
    process.send_signal(signal.SIGTERM)
    try:
        code = process.wait(15)
    except subprocess.TimeoutExpired:
        process.kill()
        code = "killed after 15 s"
    with open(err_path) as err:
        log = err.read()[-2000:]
    shutil.rmtree(folder, ignore_errors=True)
    assert alive, f"roster died during the suite: {log}"
    assert code == 0, f"roster did not stop cleanly on SIGTERM ({code}): {log}"


def pytest_configure(config):
    config.addinivalue_line("markers", "rfc(section): the RFC section a scripted case checks")


def pytest_collection_modifyitems(items):
    for item in items:
        marker = item.get_closest_marker("rfc")
        if marker:
            report.SCRIPTED.append((item.name, marker.args[0]))


def pytest_terminal_summary(terminalreporter):
    for line in report.summary_lines():
        terminalreporter.write_line(line)
