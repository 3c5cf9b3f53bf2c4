"""A raw-socket HTTP/1.1 client: sends exact bytes and reads back every response
the server writes, until it closes the connection."""

import socket
import time
from dataclasses import dataclass, field


@dataclass
class Response:
    status: int
    headers: list  # [(lower-case name, value)]
    body: bytes

    def header(self, name):
        values = [v for n, v in self.headers if n == name.lower()]
        return values[-1] if values else None


@dataclass
class Exchange:
    """What came back on one connection."""

    responses: list = field(default_factory=list)
    closed: bool = False  # the server closed (EOF or reset) before the deadline
    leftover: bytes = b""  # bytes that did not form a whole response

    @property
    def statuses(self):
        return [r.status for r in self.responses]


def parse_responses(data: bytes, head_requests: int = 0):
    """Splits `data` into whole responses; returns (responses, leftover bytes)."""
    responses = []
    while True:
        end = data.find(b"\r\n\r\n")
        if end < 0:
            return responses, data
        lines = data[:end].decode("latin-1").split("\r\n")
        parts = lines[0].split(" ", 2)
        if len(parts) < 2 or not parts[0].startswith("HTTP/") or not parts[1].isdigit():
            return responses, data
        status = int(parts[1])
        headers = []
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers.append((name.strip().lower(), value.strip()))
        rest = data[end + 4 :]
        length = next((int(v) for n, v in headers if n == "content-length"), None)
        if status < 200 or status in (204, 304):
            body, rest = b"", rest
        elif any(n == "transfer-encoding" for n, _ in headers):
            body, rest = _dechunk(rest)
            if body is None:
                return responses, data
        elif length is not None:
            if len(responses) < head_requests:
                length = 0
            if len(rest) < length:
                return responses, data
            body, rest = rest[:length], rest[length:]
        else:
            return responses, data  # body up to the close: not used by Roster
        responses.append(Response(status, headers, body))
        data = rest


def _dechunk(data):
    body = b""
    while True:
        end = data.find(b"\r\n")
        if end < 0:
            return None, data
        size = int(data[:end].split(b";")[0], 16)
        if size == 0:
            close = data.find(b"\r\n\r\n", end)
            return (None, data) if close < 0 else (body, data[close + 4 :])
        if len(data) < end + 2 + size + 2:
            return None, data
        body += data[end + 2 : end + 2 + size]
        data = data[end + 2 + size + 2 :]


def connect(port, timeout=3.0):
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def send_quietly(sock, data):
    """Sends `data`; a server that has already closed is not an error here."""
    try:
        sock.sendall(data)
        return True
    except OSError:
        return False


def read_until_close(sock, deadline_seconds=3.0, head_requests=0):
    """Reads until the server closes or the deadline passes."""
    data = b""
    closed = False
    deadline = time.monotonic() + deadline_seconds
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        sock.settimeout(remaining)
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            break
        except ConnectionResetError:
            closed = True
            break
        if not chunk:
            closed = True
            break
        data += chunk
    responses, leftover = parse_responses(data, head_requests)
    return Exchange(responses, closed, leftover)


def read_responses(sock, count, deadline_seconds=3.0):
    """Reads until `count` whole responses have arrived (or the server closes, or time is up)."""
    data = b""
    deadline = time.monotonic() + deadline_seconds
    while True:
        responses, leftover = parse_responses(data)
        if len(responses) >= count:
            return Exchange(responses, False, leftover)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return Exchange(responses, False, leftover)
        sock.settimeout(remaining)
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        except ConnectionResetError:
            chunk = b""
        if not chunk:
            return Exchange(responses, True, leftover)
        data += chunk
