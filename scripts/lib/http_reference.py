"""A strict HTTP/1.1 request parser (RFC 9112), the reference the proxies'
differential test (scripts/lib/proxy_diff.py) reads forwarded bytes with.

It answers one question: which requests does this byte stream hold, and where
does each body end? It never guesses: CRLF line ends only, no obs-fold, no
white space before a colon, token methods and field names, visible targets,
Content-Length one decimal number (repeats must agree), Transfer-Encoding with
chunked last and once, never both, chunk sizes of hex digits with extensions in
RFC 9112 7.1.1's grammar. Semantics that do not move a boundary (Host, the
version's meaning, routes) are not its business.

    parse(data) -> Parse(requests=[Request...], error=str|None, rest=int)

Each Request has method, target, version, headers (name, value), body (bytes
after chunked decoding) and complete (False for the last one when the stream
ended inside it, or when it is the one the error is in).
"""

from dataclasses import dataclass, field

TCHAR = set(b"!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
HEX = set(b"0123456789abcdefABCDEF")


@dataclass
class Request:
    method: str
    target: str
    version: str
    headers: list
    body: bytes = b""
    complete: bool = False

    def header(self, name):
        name = name.lower()
        return [v for n, v in self.headers if n.lower() == name]

    @property
    def tag(self):
        """The test's `X-Case` value, else the `case=` of the target, else None."""
        values = self.header("x-case")
        if values:
            return values[0]
        marker = "case="
        if marker in self.target:
            return self.target.split(marker, 1)[1].split("&", 1)[0].split("#", 1)[0]
        return None


@dataclass
class Parse:
    requests: list = field(default_factory=list)
    error: str | None = None
    # Bytes left unparsed (an incomplete head at the end, or the bytes from the error on).
    rest: int = 0


class _Invalid(Exception):
    pass


class _More(Exception):
    pass


def _line(data, pos):
    """The line starting at pos and the position after its CRLF; bare CR or LF is invalid."""
    end = pos
    while end < len(data):
        byte = data[end]
        if byte == 0x0A:
            raise _Invalid(f"bare LF at {end}")
        if byte == 0x0D:
            if end + 1 >= len(data):
                raise _More()
            if data[end + 1] != 0x0A:
                raise _Invalid(f"bare CR at {end}")
            return data[pos:end], end + 2
        end += 1
    raise _More()


def _field(line):
    if line[:1] in (b" ", b"\t"):
        raise _Invalid("obs-fold")
    colon = line.find(b":")
    if colon <= 0:
        raise _Invalid("field without a name and colon")
    name = line[:colon]
    if not all(b in TCHAR for b in name):
        raise _Invalid(f"field name {name!r}")
    value = line[colon + 1:].strip(b" \t")
    if any(b < 0x20 and b != 0x09 or b == 0x7F for b in value):
        raise _Invalid(f"control byte in {name!r}")
    return name.decode("latin-1"), value.decode("latin-1")


def _list(values):
    """The members of a comma-separated field (RFC 9110 5.6.1), empty ones dropped."""
    return [m.strip(" \t") for v in values for m in v.split(",") if m.strip(" \t")]


def _token(text, pos):
    start = pos
    while pos < len(text) and text[pos] in TCHAR:
        pos += 1
    return pos if pos > start else None


def _chunk_ext(ext):
    """RFC 9112 7.1.1: *( BWS ";" BWS name [ BWS "=" BWS ( token / quoted-string ) ] )."""
    pos = 0

    def bws(p):
        while p < len(ext) and ext[p] in b" \t":
            p += 1
        return p

    while True:
        pos = bws(pos)
        if pos == len(ext):
            return
        if ext[pos] != 0x3B:
            raise _Invalid("chunk extension without ';'")
        pos = bws(pos + 1)
        pos = _token(ext, pos)
        if pos is None:
            raise _Invalid("chunk extension name")
        after = bws(pos)
        if after < len(ext) and ext[after] == 0x3D:
            pos = bws(after + 1)
            if pos < len(ext) and ext[pos] == 0x22:
                pos += 1
                while True:
                    if pos >= len(ext):
                        raise _Invalid("unterminated quoted chunk extension")
                    byte = ext[pos]
                    if byte == 0x22:
                        pos += 1
                        break
                    if byte == 0x5C:
                        pos += 2
                        continue
                    if byte < 0x20 and byte != 0x09 or byte == 0x7F:
                        raise _Invalid("control byte in a chunk extension")
                    pos += 1
            else:
                pos = _token(ext, pos)
                if pos is None:
                    raise _Invalid("chunk extension value")


def _head(data, pos):
    # RFC 9112 2.2: empty lines before a request line are ignored.
    while data[pos:pos + 2] == b"\r\n":
        pos += 2
    if pos >= len(data):
        raise _More()
    line, pos = _line(data, pos)
    parts = line.split(b" ")
    if len(parts) != 3:
        raise _Invalid(f"request line {line[:80]!r}")
    method, target, version = parts
    if not method or not all(b in TCHAR for b in method):
        raise _Invalid(f"method {method[:40]!r}")
    if not target or not all(0x21 <= b <= 0x7E for b in target):
        raise _Invalid(f"target {target[:80]!r}")
    if len(version) != 8 or not version.startswith(b"HTTP/") or version[6:7] != b"." \
            or not version[5:6].isdigit() or not version[7:8].isdigit():
        raise _Invalid(f"version {version!r}")
    request = Request(method.decode(), target.decode(), version.decode(), [])
    while True:
        line, pos = _line(data, pos)
        if line == b"":
            return request, pos
        request.headers.append(_field(line))


def _framing(request):
    codings = request.header("transfer-encoding")
    lengths = request.header("content-length")
    if codings:
        if lengths:
            raise _Invalid("Content-Length with Transfer-Encoding")
        if request.version != "HTTP/1.1":
            raise _Invalid("Transfer-Encoding in HTTP/1.0")
        members = [m.lower() for m in _list(codings)]
        if not members or members[-1] != "chunked" or members.count("chunked") != 1:
            raise _Invalid(f"Transfer-Encoding {codings!r}")
        return "chunked"
    if lengths:
        members = [m for v in lengths for m in (x.strip(" \t") for x in v.split(","))]
        if not members or any(m != members[0] for m in members) or not members[0].isascii() \
                or not members[0].isdigit():
            raise _Invalid(f"Content-Length {lengths!r}")
        return int(members[0])
    return 0


def _chunked(data, pos, request):
    body = bytearray()
    while True:
        line, pos = _line(data, pos)
        digits = 0
        while digits < len(line) and line[digits] in HEX:
            digits += 1
        if digits == 0:
            raise _Invalid(f"chunk size {line[:40]!r}")
        _chunk_ext(line[digits:])
        size = int(line[:digits], 16)
        if size == 0:
            break
        if pos + size + 2 > len(data):
            request.body = bytes(body + data[pos:pos + size])
            raise _More()
        body += data[pos:pos + size]
        pos += size
        if data[pos:pos + 2] != b"\r\n":
            raise _Invalid("chunk data not followed by CRLF")
        pos += 2
        request.body = bytes(body)  # the body so far, should the stream end in the next chunk
    request.body = bytes(body)
    while True:
        line, pos = _line(data, pos)
        if line == b"":
            return pos
        _field(line)


def parse(data):
    """Every request in `data`, in order, and why the parse stopped (None: it did not)."""
    result = Parse()
    pos = 0
    while pos < len(data):
        start = pos
        request = None
        try:
            request, pos = _head(data, pos)
            result.requests.append(request)
            framing = _framing(request)
            if framing == "chunked":
                pos = _chunked(data, pos, request)
            else:
                if pos + framing > len(data):
                    request.body = data[pos:]
                    raise _More()
                request.body = data[pos:pos + framing]
                pos += framing
            request.complete = True
        except _More:
            result.rest = len(data) - start
            return result
        except _Invalid as error:
            result.error = str(error)
            result.rest = len(data) - start
            return result
    return result


if __name__ == "__main__":
    # Self-check of the rules that decide boundaries.
    ok = parse(b"GET / HTTP/1.1\r\nHost: a\r\n\r\nPOST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc")
    assert [r.complete for r in ok.requests] == [True, True] and ok.requests[1].body == b"abc"
    chunked = parse(b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3;a=\"b;c\"\r\nabc\r\n0\r\nT: 1\r\n\r\n")
    assert chunked.requests[0].complete and chunked.requests[0].body == b"abc"
    assert parse(b"GET / HTTP/1.1\nHost: a\r\n\r\n").error
    assert parse(b"GET / HTTP/1.1\r\nA: 1\r\n b\r\n\r\n").error
    assert parse(b"POST / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n").error
    assert parse(b"POST / HTTP/1.1\r\nContent-Length: 1, 2\r\n\r\nab").error
    assert parse(b"POST / HTTP/1.1\r\nContent-Length: 2, 2\r\n\r\nab").requests[0].body == b"ab"
    assert parse(b"POST / HTTP/1.1\r\nContent-Length: +2\r\n\r\nab").error
    assert parse(b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked, gzip\r\n\r\n").error
    assert not parse(b"POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab").requests[0].complete
    cut = parse(b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nfirst\r\n").requests[0]
    assert not cut.complete and cut.body == b"first"
    print("http_reference: self-check ok")
