"""The table of conformance cases: raw request bytes, the RFC section each checks,
and what Roster must answer.

`expect` lists the statuses Roster sends, in order. After the bytes of a case the
harness sends one more request (`GET /healthz`, `Connection: close`): `keep`
says whether Roster must still answer it, that is whether the connection is open
and in step after the case. By default a case keeps the connection when every
status is below 400.

`why` is set exactly when Roster's accept/reject verdict differs from both
oracles (h11 and httptools), and says why that is intended.

Routes used: `GET /healthz` (200, takes no body), `POST /import` (reads a CSV
body: the only route that reads bodies), `GET /contacts/{id}`, `GET /sections`,
`GET /export.csv`. Imports are sent with a loopback Host (`WRITE_HOST`): Roster
runs without an admin token, so it refuses writes and exports for any other
Host with 403 (DNS rebinding), which the `foreign-host` cases check.
A POST to `/healthz` is refused with 405 before its body is read.
"""

from dataclasses import dataclass
from typing import Optional

HOST = b"Host: x\r\n"
# Writes (imports) are answered only for a loopback Host when Roster has no admin token.
WRITE_HOST = b"Host: localhost\r\n"
CSV = b"first_name\r\nAnn\r\n"  # 17 bytes; imports one contact
CSV_CHUNKED = b"11\r\n" + CSV + b"\r\n0\r\n\r\n"
SMUGGLED = b"GET /healthz?smuggled HTTP/1.1\r\nHost: x\r\n\r\n"
CHUNKED = b"Transfer-Encoding: chunked\r\n"

# Statuses by which Roster refuses the bytes themselves (framing, syntax, limits, time).
REFUSALS = {400, 408, 411, 413, 414, 431, 501, 505}


@dataclass(frozen=True)
class Case:
    id: str
    section: str
    raw: bytes
    expect: tuple
    keep: Optional[bool] = None
    why: Optional[str] = None

    @property
    def keeps_connection(self):
        return self.keep if self.keep is not None else all(s < 400 for s in self.expect)


def get(target=b"/healthz", headers=b"", version=b"HTTP/1.1", host=True):
    return b"GET " + target + b" " + version + b"\r\n" + (HOST if host else b"") + headers + b"\r\n"


def post(headers=b"", body=b"", target=b"/import", version=b"HTTP/1.1"):
    return b"POST " + target + b" " + version + b"\r\n" + WRITE_HOST + headers + b"\r\n" + body


def length(n):
    return b"Content-Length: %d\r\n" % n


def chunked(body, headers=b""):
    """A chunked POST /import whose chunked body is `body`, given raw."""
    return post(headers + CHUNKED, body)


def line_of(octets):
    """`GET /healthz?aaa... HTTP/1.1` whose request line is `octets` long (CRLF excluded)."""
    pad = octets - len(b"GET /healthz? HTTP/1.1")
    return get(b"/healthz?" + b"a" * pad)


LIMIT_WHY = "a size limit is the server's own policy; parsers leave it to the application"
ROUTE_BODY_WHY = (
    "GET /healthz takes no body: Roster refuses one with 413 at its first byte and closes "
    "without reading the rest (RFC 9110 §9.3.1, §15.5.14)"
)

HOST_WHY = "RFC 9112 §3.2: a Host value that is not host[:port] is a 400; the parsers leave Host unread"

CASES = [
    # --- Framing and smuggling (RFC 9112 §6) -------------------------------------------
    Case("cl-te", "RFC 9112 §6.3 rule 3", post(length(5) + CHUNKED, b"0\r\n\r\n" + SMUGGLED), (400,)),
    Case("te-cl", "RFC 9112 §6.3 rule 3", post(CHUNKED + length(5), b"0\r\n\r\n" + SMUGGLED), (400,)),
    Case(
        "cl-te-body-is-a-request",
        "RFC 9112 §11.2",
        post(length(5 + len(SMUGGLED)) + CHUNKED, b"0\r\n\r\n" + SMUGGLED),
        (400,),
    ),
    Case(
        "cl-te-http10", "RFC 9112 §6.1", post(length(5) + CHUNKED, b"0\r\n\r\n", version=b"HTTP/1.0"), (400,)
    ),
    Case("cl-zero-te", "RFC 9112 §6.3 rule 3", post(length(0) + CHUNKED, CSV_CHUNKED), (400,)),
    Case("cl-duplicate-differ", "RFC 9112 §6.3 rule 5", post(length(3) + length(17), CSV), (400,)),
    Case("cl-duplicate-same", "RFC 9112 §6.3 rule 5", post(length(17) + length(17), CSV), (200,)),
    Case("cl-list-differ", "RFC 9112 §6.3 rule 5", post(b"Content-Length: 3, 17\r\n", CSV), (400,)),
    Case("cl-list-same", "RFC 9112 §6.3 rule 5", post(b"Content-Length: 17, 17\r\n", CSV), (200,)),
    Case("cl-list-empty-member", "RFC 9112 §6.3 rule 5", post(b"Content-Length: 17,\r\n", CSV), (400,)),
    Case("cl-plus", "RFC 9110 §8.6", post(b"Content-Length: +17\r\n", CSV), (400,)),
    Case("cl-minus", "RFC 9110 §8.6", post(b"Content-Length: -1\r\n", CSV), (400,)),
    Case("cl-hex", "RFC 9110 §8.6", post(b"Content-Length: 0x11\r\n", CSV), (400,)),
    Case("cl-inner-space", "RFC 9110 §8.6", post(b"Content-Length: 1 7\r\n", CSV), (400,)),
    Case("cl-trailing-junk", "RFC 9110 §8.6", post(b"Content-Length: 17x\r\n", CSV), (400,)),
    Case("cl-empty", "RFC 9110 §8.6", post(b"Content-Length: \r\n", CSV), (400,)),
    Case("cl-2-pow-64", "RFC 9110 §8.6", post(b"Content-Length: 18446744073709551616\r\n", CSV), (400,)),
    Case(
        "cl-19-digits",
        "RFC 9110 §8.6",
        post(b"Content-Length: 9223372036854775807\r\n", CSV),
        (400,),
        why="lengths of 19 digits and more (beyond 10^18 octets) are refused outright, so no "
        "conversion can overflow, as RFC 9110 §8.6 asks recipients to guard against",
    ),
    Case("cl-leading-zeros", "RFC 9110 §8.6", post(b"Content-Length: 00017\r\n", CSV), (200,)),
    Case("cl-ows", "RFC 9110 §5.5", post(b"Content-Length: \t17 \r\n", CSV), (200,)),
    Case("cl-vertical-tab", "RFC 9110 §5.5", post(b"Content-Length: 17\x0b\r\n", CSV), (400,)),
    Case("cl-then-request", "RFC 9112 §6.2", post(length(17), CSV) + get(), (200, 200)),
    Case(
        "te-xchunked", "RFC 9112 §6.3 rule 4", post(b"Transfer-Encoding: xchunked\r\n", CSV_CHUNKED), (400,)
    ),
    Case(
        "te-chunkedx", "RFC 9112 §6.3 rule 4", post(b"Transfer-Encoding: chunkedx\r\n", CSV_CHUNKED), (400,)
    ),
    Case(
        "te-chunked-identity",
        "RFC 9112 §6.3 rule 4",
        post(b"Transfer-Encoding: chunked, identity\r\n", CSV_CHUNKED),
        (400,),
    ),
    Case(
        "te-chunked-not-last-field",
        "RFC 9112 §6.3 rule 4",
        post(CHUNKED + b"Transfer-Encoding: gzip\r\n", CSV_CHUNKED),
        (400,),
    ),
    Case(
        "te-chunked-twice",
        "RFC 9112 §7",
        post(b"Transfer-Encoding: chunked, chunked\r\n", CSV_CHUNKED),
        (400,),
    ),
    Case("te-two-fields", "RFC 9112 §7", post(CHUNKED + CHUNKED, CSV_CHUNKED), (400,)),
    Case(
        "te-gzip-chunked", "RFC 9112 §6.1", post(b"Transfer-Encoding: gzip, chunked\r\n", CSV_CHUNKED), (501,)
    ),
    Case(
        "te-identity-chunked",
        "RFC 9112 §6.1",
        post(b"Transfer-Encoding: identity, chunked\r\n", CSV_CHUNKED),
        (501,),
    ),
    Case("te-empty", "RFC 9112 §6.1", post(b"Transfer-Encoding: \r\n", CSV_CHUNKED), (400,)),
    Case(
        "te-http10",
        "RFC 9112 §6.1",
        post(CHUNKED, CSV_CHUNKED, version=b"HTTP/1.0"),
        (400,),
        why="RFC 9112 §6.1: an HTTP/1.0 message with Transfer-Encoding has faulty framing; "
        "Roster refuses it rather than read it and close",
    ),
    Case("te-upper-case", "RFC 9112 §7", post(b"Transfer-Encoding: CHUNKED\r\n", CSV_CHUNKED), (200,)),
    Case("te-ows", "RFC 9110 §5.5", post(b"Transfer-Encoding: \tchunked \r\n", CSV_CHUNKED), (200,)),
    Case("te-obs-fold", "RFC 9112 §5.2", post(b"Transfer-Encoding:\r\n chunked\r\n", CSV_CHUNKED), (400,)),
    Case(
        "te-space-before-colon",
        "RFC 9112 §5.1",
        post(b"Transfer-Encoding : chunked\r\n" + length(17), CSV),
        (400,),
    ),
    Case("te-nul", "RFC 9110 §5.5", post(b"Transfer-Encoding: chunked\x00\r\n", CSV_CHUNKED), (400,)),
    Case("te-then-request", "RFC 9112 §7.1", chunked(CSV_CHUNKED) + get(), (200, 200)),
    Case(
        "te-get-empty-body",
        "RFC 9112 §7.1",
        get(headers=CHUNKED) + b"0\r\n\r\n" + get(),
        (200, 200),
    ),
    # --- Chunked coding (RFC 9112 §7.1) --------------------------------------------------
    Case("chunk-one", "RFC 9112 §7.1", chunked(CSV_CHUNKED), (200,)),
    Case(
        "chunk-several",
        "RFC 9112 §7.1",
        chunked(b"5\r\nfirst\r\n5\r\n_name\r\n7\r\n\r\nAnn\r\n\r\n0\r\n\r\n"),
        (200,),
    ),
    Case("chunk-upper-hex", "RFC 9112 §7.1", chunked(b"B\r\nfirst_name\n\r\n0\r\n\r\n"), (200,)),
    Case("chunk-leading-zeros", "RFC 9112 §7.1", chunked(b"0011\r\n" + CSV + b"\r\n0\r\n\r\n"), (200,)),
    Case(
        "chunk-16-digits",
        "RFC 9112 §7.1",
        chunked(b"0000000000000011\r\n" + CSV + b"\r\n0\r\n\r\n"),
        (400,),
        why="chunk sizes are limited to 15 hex digits whatever their value, so no size can "
        "overflow (RFC 9112 §7.1 asks recipients to prevent overflow); no client pads them",
    ),
    Case("chunk-0x", "RFC 9112 §7.1", chunked(b"0x11\r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case("chunk-plus", "RFC 9112 §7.1", chunked(b"+11\r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case("chunk-minus", "RFC 9112 §7.1", chunked(b"-11\r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case(
        "chunk-overflow-2-pow-64",
        "RFC 9112 §7.1",
        chunked(b"10000000000000011\r\n" + CSV + b"\r\n0\r\n\r\n"),
        (400,),
    ),
    Case(
        "chunk-overflow-all-f",
        "RFC 9112 §7.1",
        chunked(b"FFFFFFFFFFFFFFFFFFFF\r\n" + CSV + b"\r\n0\r\n\r\n"),
        (400,),
    ),
    Case("chunk-size-junk", "RFC 9112 §7.1", chunked(b"11x\r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case("chunk-size-space", "RFC 9112 §7.1.1", chunked(b"11 \r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case("chunk-size-inner-space", "RFC 9112 §7.1", chunked(b"1 1\r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case("chunk-size-empty", "RFC 9112 §7.1", chunked(b"\r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case("chunk-size-bare-lf", "RFC 9112 §2.2", chunked(b"11\n" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case("chunk-size-bare-cr", "RFC 9112 §2.2", chunked(b"11\r" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case("chunk-ext", "RFC 9112 §7.1.1", chunked(b"11;name=value\r\n" + CSV + b"\r\n0\r\n\r\n"), (200,)),
    Case(
        "chunk-ext-space-before", "RFC 9112 §7.1.1", chunked(b"11 ;name\r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)
    ),
    Case(
        "chunk-ext-tab-before", "RFC 9112 §7.1.1", chunked(b"11\t;name\r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)
    ),
    Case(
        "chunk-ext-space-after",
        "RFC 9112 §7.1.1",
        chunked(b"11; name = v\r\n" + CSV + b"\r\n0\r\n\r\n"),
        (200,),
    ),
    Case("chunk-ext-quoted", "RFC 9112 §7.1.1", chunked(b'11;a="b c"\r\n' + CSV + b"\r\n0\r\n\r\n"), (200,)),
    Case("chunk-ext-control", "RFC 9112 §7.1.1", chunked(b"11;a=\x01\r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case(
        "chunk-ext-unclosed-quote",
        "RFC 9112 §7.1.1",
        chunked(b'11;a="b\r\n' + CSV + b"\r\n0\r\n\r\n"),
        (400,),
    ),
    Case("chunk-ext-bad-value", "RFC 9112 §7.1.1", chunked(b"11;a=b c\r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case("chunk-last-ext", "RFC 9112 §7.1.1", chunked(b"11\r\n" + CSV + b"\r\n0;end\r\n\r\n"), (200,)),
    Case("chunk-longer-than-declared", "RFC 9112 §7.1", chunked(b"5\r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case("chunk-shorter-than-declared", "RFC 9112 §7.1", chunked(b"15\r\n" + CSV + b"\r\n0\r\n\r\n"), (400,)),
    Case("chunk-missing-crlf", "RFC 9112 §7.1", chunked(b"11\r\n" + CSV + b"0\r\n\r\n"), (400,)),
    Case("chunk-data-bare-lf", "RFC 9112 §7.1", chunked(b"11\r\n" + CSV + b"\n0\r\n\r\n"), (400,)),
    Case(
        "chunk-no-last-chunk",
        "RFC 9112 §7.1",
        chunked(b"11\r\n" + CSV + b"\r\n") + SMUGGLED,
        (400,),
    ),
    Case(
        "chunk-last-chunk-without-crlf",
        "RFC 9112 §7.1.2",
        chunked(b"11\r\n" + CSV + b"\r\n0\r\n") + SMUGGLED,
        (400,),
    ),
    Case("chunk-trailer", "RFC 9112 §7.1.2", chunked(b"11\r\n" + CSV + b"\r\n0\r\nX-Sum: 1\r\n\r\n"), (200,)),
    Case(
        "chunk-trailer-space-before-colon",
        "RFC 9112 §7.1.2",
        chunked(b"11\r\n" + CSV + b"\r\n0\r\nX-Sum : 1\r\n\r\n"),
        (400,),
    ),
    Case(
        "chunk-trailer-obs-fold",
        "RFC 9112 §7.1.2",
        chunked(b"11\r\n" + CSV + b"\r\n0\r\nX-Sum: 1\r\n 2\r\n\r\n"),
        (400,),
    ),
    Case(
        "chunk-trailer-no-colon",
        "RFC 9112 §7.1.2",
        chunked(b"11\r\n" + CSV + b"\r\n0\r\nnot a field\r\n\r\n"),
        (400,),
    ),
    Case(
        "chunk-trailer-then-request",
        "RFC 9112 §7.1.2",
        chunked(b"11\r\n" + CSV + b"\r\n0\r\nX: y\r\n\r\n") + get(),
        (200, 200),
    ),
    # --- Header syntax (RFC 9112 §5, RFC 9110 §5) -----------------------------------------
    Case("space-before-colon", "RFC 9112 §5.1", get(headers=b"X-A : b\r\n"), (400,)),
    Case("tab-before-colon", "RFC 9112 §5.1", get(headers=b"X-A\t: b\r\n"), (400,)),
    Case("host-space-before-colon", "RFC 9112 §5.1", b"GET /healthz HTTP/1.1\r\nHost : x\r\n\r\n", (400,)),
    Case(
        "obs-fold",
        "RFC 9112 §5.2",
        get(headers=b"X-A: a\r\n b\r\n"),
        (400,),
    ),
    Case("obs-fold-tab", "RFC 9112 §5.2", get(headers=b"X-A: a\r\n\tb\r\n"), (400,)),
    Case(
        "space-before-first-field",
        "RFC 9112 §2.2",
        b"GET /healthz HTTP/1.1\r\n X-A: b\r\nHost: x\r\n\r\n",
        (400,),
    ),
    Case("bare-cr-in-value", "RFC 9112 §2.2", get(headers=b"X-A: a\rb\r\n"), (400,)),
    Case(
        "bare-lf-line-end",
        "RFC 9112 §2.2",
        b"GET /healthz HTTP/1.1\r\nHost: x\nX-A: b\r\n\r\n",
        (400,),
    ),
    Case(
        "bare-lf-everywhere",
        "RFC 9112 §2.2",
        b"GET /healthz HTTP/1.1\nHost: x\n\n",
        (400,),
    ),
    Case("nul-in-value", "RFC 9110 §5.5", get(headers=b"X-A: a\x00b\r\n"), (400,)),
    Case("ctl-in-value", "RFC 9110 §5.5", get(headers=b"X-A: a\x01b\r\n"), (400,)),
    Case("esc-in-value", "RFC 9110 §5.5", get(headers=b"X-A: a\x1bb\r\n"), (400,)),
    Case("del-in-value", "RFC 9110 §5.5", get(headers=b"X-A: a\x7fb\r\n"), (400,)),
    Case("tab-in-value", "RFC 9110 §5.5", get(headers=b"X-A: a\tb\r\n"), (200,)),
    Case("obs-text-in-value", "RFC 9110 §5.5", get(headers=b"X-A: caf\xe9 \xff\r\n"), (200,)),
    Case("empty-value", "RFC 9110 §5.5", get(headers=b"X-A:\r\n"), (200,)),
    Case("no-space-after-colon", "RFC 9112 §5.1", get(headers=b"X-A:b\r\n"), (200,)),
    Case("nul-in-name", "RFC 9110 §5.1", get(headers=b"X-\x00A: b\r\n"), (400,)),
    Case("empty-name", "RFC 9110 §5.1", get(headers=b": b\r\n"), (400,)),
    Case("no-colon", "RFC 9112 §5", get(headers=b"X-A b\r\n"), (400,)),
    Case("separator-in-name", "RFC 9110 §5.6.2", get(headers=b"X(A): b\r\n"), (400,)),
    Case("slash-in-name", "RFC 9110 §5.6.2", get(headers=b"X/A: b\r\n"), (400,)),
    Case("non-ascii-name", "RFC 9110 §5.6.2", get(headers=b"X-\xc3\xa9: b\r\n"), (400,)),
    Case("token-punctuation-name", "RFC 9110 §5.6.2", get(headers=b"X!#$%&'*+-.^_`|~A: b\r\n"), (200,)),
    Case("no-host", "RFC 9112 §3.2", get(host=False), (400,)),
    Case("two-hosts", "RFC 9112 §3.2", get(headers=b"Host: y\r\n"), (400,)),
    Case("two-hosts-same", "RFC 9112 §3.2", get(headers=b"Host: x\r\n"), (400,)),
    Case("empty-host", "RFC 9110 §7.2", b"GET /healthz HTTP/1.1\r\nHost:\r\n\r\n", (200,)),
    Case("host-with-port", "RFC 9110 §7.2", b"GET /healthz HTTP/1.1\r\nHost: x:8080\r\n\r\n", (200,)),
    Case("host-ipv4", "RFC 9110 §7.2", b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n", (200,)),
    Case("host-ipv6", "RFC 9110 §7.2", b"GET /healthz HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n", (200,)),
    Case("host-space", "RFC 9112 §3.2", b"GET /healthz HTTP/1.1\r\nHost: a b\r\n\r\n", (400,), why=HOST_WHY),
    Case("host-slash", "RFC 9112 §3.2", b"GET /healthz HTTP/1.1\r\nHost: x/y\r\n\r\n", (400,), why=HOST_WHY),
    Case(
        "host-userinfo", "RFC 9112 §3.2", b"GET /healthz HTTP/1.1\r\nHost: u@x\r\n\r\n", (400,), why=HOST_WHY
    ),
    Case("host-lower-case-name", "RFC 9110 §5.1", b"GET /healthz HTTP/1.1\r\nhOsT: x\r\n\r\n", (200,)),
    Case("http10-no-host", "RFC 9112 §3.2", get(version=b"HTTP/1.0", host=False), (200,), keep=False),
    Case("http10-two-hosts", "RFC 9112 §3.2", get(version=b"HTTP/1.0", headers=b"Host: y\r\n"), (400,)),
    Case(
        "many-fields", "RFC 9110 §5.4", get(headers=b"".join(b"X-%d: y\r\n" % i for i in range(98))), (200,)
    ),
    Case(
        "too-many-fields",
        "RFC 9110 §5.4",
        get(headers=b"".join(b"X-%d: y\r\n" % i for i in range(150))),
        (431,),
        why=LIMIT_WHY + " (Roster: at most 100 fields)",
    ),
    Case("large-field", "RFC 9110 §5.4", get(headers=b"X-Big: " + b"b" * 30_000 + b"\r\n"), (200,)),
    Case(
        "huge-field",
        "RFC 9110 §5.4",
        get(headers=b"X-Big: " + b"b" * 40_000 + b"\r\n"),
        (431,),
        why=LIMIT_WHY + " (Roster: a 32 KiB header section)",
    ),
    Case(
        "huge-header-section",
        "RFC 9110 §5.4",
        get(headers=b"".join(b"X-%d: %s\r\n" % (i, b"v" * 1000) for i in range(40))),
        (431,),
        why=LIMIT_WHY + " (Roster: a 32 KiB header section)",
    ),
    # --- Request line (RFC 9112 §2.3, §3) -------------------------------------------------
    Case("lower-case-version", "RFC 9112 §2.3", get(version=b"http/1.1"), (400,)),
    Case("version-1-0", "RFC 9112 §2.3", get(version=b"HTTP/1.0"), (200,), keep=False),
    Case("version-1-2", "RFC 9110 §2.5", get(version=b"HTTP/1.2"), (505,)),
    Case(
        "version-2-0",
        "RFC 9110 §15.6.6",
        get(version=b"HTTP/2.0"),
        (505,),
        why="505 for a major version Roster does not serve (RFC 9110 §15.6.6); the parsers read "
        "the head and leave the version to the server",
    ),
    Case("version-two-digit-minor", "RFC 9112 §2.3", get(version=b"HTTP/1.10"), (400,)),
    Case("version-missing", "RFC 9112 §3", b"GET /healthz\r\nHost: x\r\n\r\n", (400,)),
    Case("trailing-space-after-version", "RFC 9112 §3", get(version=b"HTTP/1.1 "), (400,)),
    Case("double-space-after-method", "RFC 9112 §3", b"GET  /healthz HTTP/1.1\r\nHost: x\r\n\r\n", (400,)),
    Case("tab-separator", "RFC 9112 §3", b"GET\t/healthz HTTP/1.1\r\nHost: x\r\n\r\n", (400,)),
    Case("space-in-target", "RFC 9112 §3.2", get(b"/health z"), (400,)),
    Case("del-in-target", "RFC 9112 §3.2", get(b"/healthz\x7f"), (400,)),
    Case("nul-in-target", "RFC 9112 §3.2", get(b"/healthz\x00"), (400,)),
    Case("non-ascii-target", "RFC 9112 §3.2", get(b"/caf\xc3\xa9"), (400,)),
    Case("percent-encoded-target", "RFC 9112 §3.2.1", get(b"/contacts/%31"), (200,)),
    Case("query-target", "RFC 9112 §3.2.1", get(b"/healthz?a=1&b=%20"), (200,)),
    Case("absolute-form", "RFC 9112 §3.2.2", get(b"http://x/healthz"), (200,)),
    Case("asterisk-form", "RFC 9112 §3.2.4", b"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", (404,), keep=True),
    Case(
        "authority-form",
        "RFC 9112 §3.2.3",
        b"CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n\r\n",
        (400,),
        why="Roster is not a proxy: authority-form targets (CONNECT) are refused as "
        "RFC 9112 §3.2 lets a server refuse targets it does not serve",
    ),
    Case("relative-target", "RFC 9112 §3.2", get(b"healthz"), (400,)),
    Case(
        "lower-case-method", "RFC 9110 §9.1", b"get /healthz HTTP/1.1\r\nHost: x\r\n\r\n", (405,), keep=True
    ),
    Case("unknown-method", "RFC 9110 §9.1", b"BREW /healthz HTTP/1.1\r\nHost: x\r\n\r\n", (405,), keep=True),
    Case("non-token-method", "RFC 9110 §9.1", b"G(T /healthz HTTP/1.1\r\nHost: x\r\n\r\n", (400,)),
    Case(
        "http09",
        "RFC 9112 §2.3",
        b"GET /healthz\r\n",
        (400,),
        why="a request line without a version (HTTP/0.9) is refused as soon as it ends; "
        "the parsers are still waiting for the rest of a head",
    ),
    Case("tls-hello", "RFC 9112 §3", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", (400,)),
    Case("empty-lines-before-request", "RFC 9112 §2.2", b"\r\n\r\n" + get(), (200,)),
    Case("target-8000", "RFC 9112 §3", get(b"/healthz?" + b"a" * 7991), (200,)),
    Case("request-line-8192", "RFC 9112 §3", line_of(8192), (200,)),
    Case(
        "request-line-8193",
        "RFC 9112 §3",
        line_of(8193),
        (414,),
        why=LIMIT_WHY + " (Roster: an 8 KiB request line, RFC 9112 §3 asks for 8000 octets)",
    ),
    Case(
        "request-line-20000",
        "RFC 9112 §3",
        line_of(20_000),
        (414,),
        why=LIMIT_WHY + " (Roster: an 8 KiB request line)",
    ),
    Case(
        "request-line-unterminated",
        "RFC 9112 §3",
        b"GET /" + b"a" * 9000,
        (414,),
        why="Roster answers 414 as soon as the line is too long, before it ends; a parser waits for the rest",
    ),
    # --- Bodies (RFC 9110 §8.6, §10.1.1, §15.5.14) ----------------------------------------
    Case("import-content-length", "RFC 9112 §6.2", post(length(17), CSV), (200,)),
    Case("import-no-body", "RFC 9112 §6.3 rule 7", post(), (422,), keep=True),
    Case("import-empty-body", "RFC 9112 §6.2", post(length(0)), (422,), keep=True),
    Case(
        "import-bad-csv-then-request",
        "RFC 9112 §6.3",
        post(length(15), b"nonsense\r\nfoo\r\n") + get(),
        (422, 200),
        keep=True,
    ),
    Case(
        "expect-continue-body-sent",
        "RFC 9110 §10.1.1",
        post(length(17) + b"Expect: 100-continue\r\n", CSV),
        (100, 200),
    ),
    Case("expect-continue-no-body", "RFC 9110 §10.1.1", get(headers=b"Expect: 100-continue\r\n"), (200,)),
    Case("expect-unknown", "RFC 9110 §10.1.1", post(length(17) + b"Expect: teapot\r\n", CSV), (200,)),
    Case(
        "body-over-route-limit",
        "RFC 9110 §15.5.14",
        post(length(1 << 20)),
        (413,),
        why="413 is a limit of the route (the suite runs Roster with --max-import-bytes 65536), "
        "sent before the body, which no parser knows",
    ),
    Case(
        "get-with-body",
        "RFC 9110 §9.3.1",
        get(headers=length(5)) + b"hello" + get(),
        (413,),
        why=ROUTE_BODY_WHY,
    ),
    Case(
        "get-with-chunked-body",
        "RFC 9110 §9.3.1",
        get(headers=CHUNKED) + b"5\r\nhello\r\n0\r\n\r\n" + get(),
        (413,),
        why=ROUTE_BODY_WHY,
    ),
    Case(
        "import-foreign-host",
        "RFC 9110 §15.5.4",
        b"POST /import HTTP/1.1\r\nHost: evil.example:8080\r\n" + length(17) + b"\r\n" + CSV,
        (403,),
    ),
    Case(
        "import-no-host-http10",
        "RFC 9110 §15.5.4",
        b"POST /import HTTP/1.0\r\n" + length(17) + b"\r\n" + CSV,
        (403,),
    ),
    Case(
        "export-foreign-host",
        "RFC 9110 §15.5.4",
        b"GET /export.csv HTTP/1.1\r\nHost: evil.example\r\n\r\n",
        (403,),
        keep=True,
    ),
    Case(
        "unsupported-media-type",
        "RFC 9110 §15.5.16",
        post(length(17) + b"Content-Type: application/json\r\n", CSV),
        (415,),
    ),
    # --- Connections (RFC 9112 §9) --------------------------------------------------------
    Case("pipelined-two", "RFC 9112 §9.3.2", get() + get(b"/contacts/1"), (200, 200)),
    Case(
        "pipelined-three-mixed",
        "RFC 9112 §9.3.2",
        get(b"/contacts/1") + get(b"/contacts/999999999") + get(b"/sections"),
        (200, 404, 200),
        keep=True,
    ),
    Case("pipelined-bad-second", "RFC 9112 §9.3.2", get() + get(headers=b"X-A : b\r\n") + get(), (200, 400)),
    Case(
        "connection-close", "RFC 9112 §9.6", get(headers=b"Connection: close\r\n") + get(), (200,), keep=False
    ),
    Case(
        "connection-close-upper",
        "RFC 9112 §9.6",
        get(headers=b"Connection: CLOSE\r\n") + get(),
        (200,),
        keep=False,
    ),
    Case(
        "connection-close-in-list",
        "RFC 9112 §9.6",
        get(headers=b"Connection: keep-alive, close\r\n") + get(),
        (200,),
        keep=False,
    ),
    Case(
        "connection-close-second",
        "RFC 9112 §9.6",
        get() + get(headers=b"Connection: close\r\n") + get(),
        (200, 200),
        keep=False,
    ),
    Case("http10-closes", "RFC 9112 §9.3", get(version=b"HTTP/1.0") + get(), (200,), keep=False),
    Case(
        "http10-keep-alive",
        "RFC 9112 §9.3",
        get(version=b"HTTP/1.0", headers=b"Connection: keep-alive\r\n") + get(),
        (200, 200),
    ),
    Case(
        "http10-post-content-length",
        "RFC 9112 §6.2",
        post(length(17), CSV, version=b"HTTP/1.0"),
        (200,),
        keep=False,
    ),
    Case(
        "connection-keep-alive-http11",
        "RFC 9112 §9.3",
        get(headers=b"Connection: keep-alive\r\n") + get(),
        (200, 200),
    ),
    Case(
        "unread-body-is-not-a-request",
        "RFC 9112 §6.3",
        post(length(len(SMUGGLED)), SMUGGLED, target=b"/healthz") + get(),
        (405,),
        keep=False,
    ),
    Case(
        "unread-chunked-body-is-not-a-request",
        "RFC 9112 §6.3",
        post(CHUNKED, b"%x\r\n" % len(SMUGGLED) + SMUGGLED + b"\r\n0\r\n\r\n", target=b"/healthz") + get(),
        (405,),
        keep=False,
    ),
    Case(
        "not-found-with-body",
        "RFC 9112 §6.3",
        post(length(5), b"hello", target=b"/nowhere") + get(),
        (404,),
        keep=False,
    ),
    Case(
        "bad-request-after-import",
        "RFC 9112 §9.3.2",
        post(length(17), CSV) + b"GET / HTTP/1.1\r\n\r\n",
        (200, 400),
    ),
]
