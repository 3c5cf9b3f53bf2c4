"""Timeouts, waited for in real time: a head that never ends (10 s in Roster's
ServerConfiguration) and bodies shorter than announced (cut when a 10 s window
passes below the minimum body rate of 1,024 bytes/s, before the 30 s stall
timeout). The three stalled connections start together when this module
starts, so the run waits about 10 seconds once. Runs last: the stalled import holds Roster's one-import-at-a-time
gate until it is cut."""

import threading
import time

import pytest

import wire

HEADER_TIMEOUT = 10
BODY_TIMEOUT = 10  # the minimum-rate window; a stall gets there before the 30 s stall timeout


class Stall:
    """Sends `raw`, then waits in a thread for Roster to answer and close."""

    def __init__(self, roster, raw):
        self.raw = raw
        self.exchange = None
        self.elapsed = None
        self.sock = roster.connect()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        with self.sock:
            start = time.monotonic()
            self.sock.sendall(self.raw)
            self.exchange = wire.read_until_close(self.sock, deadline_seconds=BODY_TIMEOUT + 15)
            self.elapsed = time.monotonic() - start

    def result(self):
        self.thread.join()
        return self.exchange, self.elapsed


@pytest.fixture(scope="module")
def stalls(roster):
    return {
        "head": Stall(roster, b"GET /healthz HTTP/1.1\r\nHost: x\r\n"),
        "import-body": Stall(roster, b"POST /import HTTP/1.1\r\nHost: localhost\r\nContent-Length: 17\r\n\r\nfirst"),
        "chunked-body": Stall(
            roster, b"GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n"
        ),
    }


def expect_timeout(stall, seconds):
    exchange, elapsed = stall.result()
    assert exchange.statuses == [408], f"after {elapsed:.1f} s"
    assert exchange.closed
    assert seconds - 1 <= elapsed <= seconds + 5, f"408 after {elapsed:.1f} s, not about {seconds} s"


@pytest.mark.rfc("RFC 9110 §15.5.9")
def test_a_head_that_never_ends_gets_408_and_a_close(stalls):
    expect_timeout(stalls["head"], HEADER_TIMEOUT)


@pytest.mark.rfc("RFC 9112 §6.3")
def test_a_body_shorter_than_its_length_times_out_and_closes(stalls):
    expect_timeout(stalls["import-body"], BODY_TIMEOUT)


@pytest.mark.rfc("RFC 9112 §6.3")
def test_a_chunked_body_that_stops_times_out_and_closes(stalls):
    expect_timeout(stalls["chunked-body"], BODY_TIMEOUT)


@pytest.mark.rfc("RFC 9112 §6.3")
def test_an_import_cut_by_the_timeout_lets_the_next_one_run(stalls, roster):
    stalls["import-body"].result()
    response = roster.import_csv()
    assert response is not None and response.status == 200, "the timed-out import still holds the import"
