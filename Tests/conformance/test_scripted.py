"""Scripted cases: what a table of bytes cannot show (timing of 100 Continue, a
body refused before it is sent, response order, bytes arriving one by one)."""

import json
import socket
import time

import pytest

import wire
from cases import CSV

IMPORT_HEAD = b"POST /import HTTP/1.1\r\nHost: localhost\r\n"  # writes need a loopback Host


@pytest.mark.rfc("RFC 9110 §10.1.1")
def test_expect_continue_is_answered_before_the_body_is_sent(roster):
    with roster.connect() as sock:
        sock.sendall(IMPORT_HEAD + b"Content-Length: 17\r\nExpect: 100-continue\r\n\r\n")
        start = time.monotonic()
        interim = wire.read_responses(sock, 1, deadline_seconds=1.0)
        assert interim.statuses == [100], "no 100 Continue within a second of the head"
        assert time.monotonic() - start < 1.0
        sock.sendall(CSV)
        final = wire.read_responses(sock, 1)
        assert final.statuses == [200]
        assert json.loads(final.responses[0].body)["inserted"] == 1


@pytest.mark.rfc("RFC 9110 §15.5.14")
def test_a_body_over_the_limit_is_refused_before_it_is_sent(roster):
    with roster.connect() as sock:
        sock.sendall(IMPORT_HEAD + b"Content-Length: 1048576\r\nExpect: 100-continue\r\n\r\n")
        exchange = wire.read_until_close(sock, deadline_seconds=2.0)
    assert exchange.statuses == [413], "413 at once, with no 100 Continue and no body read"
    assert exchange.closed


@pytest.mark.rfc("RFC 9110 §15.5.14")
def test_a_chunked_body_over_the_limit_is_refused_and_the_next_import_runs(roster):
    chunk = b"x" * 8192
    body = b"c\r\nfirst_name\r\n\r\n" + (b"2000\r\n" + chunk + b"\r\n") * 10
    with roster.connect() as sock:
        sock.sendall(IMPORT_HEAD + b"Transfer-Encoding: chunked\r\n\r\n")
        wire.send_quietly(sock, body)
        exchange = wire.read_until_close(sock, deadline_seconds=3.0)
    assert exchange.statuses == [413]
    assert exchange.closed
    response = roster.import_csv()
    assert response is not None and response.status == 200, "the refused import still holds the import"


@pytest.mark.rfc("RFC 9112 §6.3")
def test_a_client_gone_mid_body_does_not_block_the_next_import(roster):
    with roster.connect() as sock:
        sock.sendall(IMPORT_HEAD + b"Content-Length: 100\r\n\r\nfirst_name\r\n")
        time.sleep(0.1)
    response = roster.import_csv()
    assert response is not None and response.status == 200


@pytest.mark.rfc("RFC 9112 §9.3.2")
def test_pipelined_responses_come_in_request_order(roster):
    ids = list(range(1, 21))
    requests = b"".join(b"GET /contacts/%d HTTP/1.1\r\nHost: x\r\n\r\n" % i for i in ids)
    with roster.connect() as sock:
        sock.sendall(requests + roster.PROBE)
        exchange = wire.read_until_close(sock)
    assert exchange.statuses == [200] * (len(ids) + 1)
    assert [json.loads(r.body)["id"] for r in exchange.responses[:-1]] == ids


@pytest.mark.rfc("RFC 9112 §9.3.2")
def test_a_pipeline_waits_for_an_import_answered_later(roster):
    with roster.connect() as sock:
        sock.sendall(
            b"GET /contacts/1 HTTP/1.1\r\nHost: x\r\n\r\n"
            + IMPORT_HEAD
            + b"Content-Length: 17\r\n\r\n"
            + CSV
            + b"GET /contacts/2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        exchange = wire.read_until_close(sock)
    assert exchange.statuses == [200, 200, 200]
    first, imported, last = (json.loads(r.body) for r in exchange.responses)
    assert (first["id"], imported["inserted"], last["id"]) == (1, 1, 2)


@pytest.mark.rfc("RFC 9112 §9.3.2")
def test_a_request_pipelined_behind_an_export_is_answered_after_its_last_chunk(roster):
    with roster.connect() as sock:
        sock.sendall(b"GET /export.csv HTTP/1.1\r\nHost: localhost\r\n\r\n" + roster.PROBE)
        exchange = wire.read_until_close(sock)
    assert exchange.statuses == [200, 200]
    export, probe = exchange.responses
    assert export.header("transfer-encoding") == "chunked"
    assert b"HTTP/1.1" not in export.body, "no other answer inside the streamed body"
    assert export.body.count(b"\n") > 1000, "every seeded contact, after the header row"
    assert probe.body == b"ok"
    assert exchange.leftover == b""


@pytest.mark.rfc("RFC 9112 §2.2")
def test_a_request_arriving_byte_by_byte_is_served(roster):
    body = b"11;x=y\r\n" + CSV + b"\r\n0\r\nX-Sum: 1\r\n\r\n"
    raw = IMPORT_HEAD + b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + body
    with roster.connect() as sock:
        for i in range(len(raw)):
            sock.sendall(raw[i : i + 1])
            time.sleep(0.001)
        exchange = wire.read_until_close(sock)
    assert exchange.statuses == [200]
    assert json.loads(exchange.responses[0].body)["inserted"] == 1


@pytest.mark.rfc("RFC 9110 §9.3.2")
def test_head_is_answered_without_a_body(roster):
    with roster.connect() as sock:
        sock.sendall(b"HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n" + roster.PROBE)
        exchange = wire.read_until_close(sock, head_requests=1)
    assert exchange.statuses == [200, 200]
    assert exchange.responses[0].header("content-length") == "2"
    assert exchange.responses[1].body == b"ok"
    assert exchange.leftover == b""


@pytest.mark.rfc("RFC 9112 §9.6")
def test_a_half_closed_client_still_gets_its_answer(roster):
    with roster.connect() as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        sock.shutdown(socket.SHUT_WR)
        exchange = wire.read_until_close(sock)
    assert exchange.statuses == [200]
    assert exchange.closed


@pytest.mark.rfc("RFC 9112 §9.3")
def test_one_connection_serves_request_after_request(roster):
    with roster.connect() as sock:
        for i in range(1, 31):
            sock.sendall(b"GET /contacts/%d HTTP/1.1\r\nHost: x\r\n\r\n" % i)
            exchange = wire.read_responses(sock, 1)
            assert exchange.statuses == [200] and not exchange.closed
            assert json.loads(exchange.responses[0].body)["id"] == i
