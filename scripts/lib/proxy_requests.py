"""Generated odd requests for the proxies' differential test (scripts/lib/proxy_diff.py).

`case(seed, n)` is case n of a seed: a family (what is odd about it) and the
raw bytes a client sends on one connection. Each case draws from its own
generator (`random.Random(f"{seed}/{n}")`), so a case is the same whatever
the count, and `--only n` replays it alone.

Every request is tagged `X-Case: n.k` (k: its place in the case) and, where the
target allows, `case=n.k` in its query, so that what reaches the server can be
traced back. Half the cases end with a plain follow-up request: a desync
shows as a request the proxy did not mean, or as the follow-up going missing
into a body.
"""

import random
from dataclasses import dataclass

CRLF = b"\r\n"
HOST = b"Host: localhost"

# Routes that read a body and keep the connection (a JSON or CSV error is
# answered after the body), and routes without one.
BODY_TARGETS = ["/contacts", "/import/preview", "/contacts/1", "/import?mode=append"]
PLAIN_TARGETS = ["/healthz", "/window?offset=0&height=100", "/contacts/1", "/sections", "/openapi.json"]


@dataclass
class Case:
    number: int
    family: str
    data: bytes
    # Send in two writes this far apart (s), split at `split`, or in one.
    split: int = 0
    pause: float = 0.0


def tagged(target, tag):
    if target == "*" or not (target.startswith("/") or target.startswith("http")):
        return target
    joiner = "&" if "?" in target else "?"
    if "#" in target:
        path, fragment = target.split("#", 1)
        return f"{path}{joiner}case={tag}#{fragment}"
    return f"{target}{joiner}case={tag}"


def request_line(method, target, version="HTTP/1.1"):
    return f"{method} {target} {version}".encode("latin-1")


def smuggled(tag):
    """A request to hide in a body: if it is ever parsed as one, the trace shows it."""
    return f"GET /healthz?case={tag}.smuggled HTTP/1.1\r\nHost: localhost\r\nX-Case: {tag}.smuggled\r\n\r\n".encode()


def body_bytes(rng, tag, size=None):
    size = rng.choice([0, 1, 5, 17, 100, 1000]) if size is None else size
    kind = rng.random()
    if kind < 0.3:
        text = smuggled(tag)
    elif kind < 0.45:
        text = b"0\r\n\r\n" + smuggled(tag)
    else:
        text = b"first_name,last_name\r\nAda,Lovelace\r\n"
    return (text * (size // max(len(text), 1) + 1))[:size] if size else b""


def chunk(data, size_text=None, ext=b"", eol=CRLF):
    size = (f"{len(data):x}".encode() if size_text is None else size_text)
    return size + ext + eol + data + CRLF


def chunked_body(rng, data, pieces=None):
    """Valid chunked coding of `data`, in random pieces with the encodings a
    sender may choose: leading zeros, upper or lower case hex, extensions, trailers."""
    pieces = pieces or rng.randint(1, 4)
    out = b""
    pos = 0
    cuts = sorted(rng.sample(range(1, len(data)), min(pieces - 1, max(len(data) - 1, 0)))) if len(data) > 1 else []
    for end in cuts + [len(data)]:
        part = data[pos:end]
        pos = end
        if not part:
            continue
        size = f"{len(part):x}"
        if rng.random() < 0.3:
            size = size.upper()
        if rng.random() < 0.2:
            size = "0" * rng.randint(1, 6) + size
        ext = rng.choice([b"", b"", b";a=b", b";name", b';q="x;y\\"z"', b";a=1;b=2"])
        out += size.encode() + ext + CRLF + part + CRLF
    last = rng.choice([b"0", b"000", b"0;last=1"])
    trailers = rng.choice([b"", b"", b"X-Trailer: 1\r\n", b"A: 1\r\nB: 2\r\n"])
    return out + last + CRLF + trailers + CRLF


def head(line, headers, eol=CRLF):
    return eol.join([line] + headers) + eol + eol


def plain(rng, n, k, method=None, target=None):
    """A valid request: GET (no body), or a body with Content-Length or chunked."""
    tag = f"{n}.{k}"
    if method is None:
        method = rng.choice(["GET", "GET", "POST", "PATCH", "HEAD", "DELETE", "OPTIONS"])
    if target is None:
        target = rng.choice(BODY_TARGETS if method in ("POST", "PATCH") else PLAIN_TARGETS)
    headers = [HOST, f"X-Case: {tag}".encode()]
    body = b""
    if method in ("POST", "PATCH"):
        data = body_bytes(rng, tag)
        if rng.random() < 0.5:
            headers.append(f"Content-Length: {len(data)}".encode())
            body = data
        else:
            headers.append(b"Transfer-Encoding: chunked")
            body = chunked_body(rng, data)
        headers.append(rng.choice([b"Content-Type: application/json", b"Content-Type: text/csv"]))
    return head(request_line(method, tagged(target, tag)), headers) + body


def post_head(n, k, target="/contacts", method="POST", version="HTTP/1.1"):
    tag = f"{n}.{k}"
    return request_line(method, tagged(target, tag), version), [HOST, f"X-Case: {tag}".encode()]


# MARK: - families: each returns the bytes of its odd request(s)


def f_pipelined(rng, n):
    return b"".join(plain(rng, n, k) for k in range(rng.randint(2, 4)))


def f_chunked(rng, n):
    line, headers = post_head(n, 0, rng.choice(BODY_TARGETS))
    headers.append(b"Transfer-Encoding: chunked")
    tag = f"{n}.0"
    data = body_bytes(rng, tag, rng.choice([5, 20, 64]))
    odd = rng.choice([
        "valid", "valid", "valid", "hex_prefix", "space_before", "space_after", "bws_ext", "minus",
        "too_long_data", "too_short_data", "no_crlf_after_data", "lf_after_data", "lf_size_line",
        "overflow", "empty_size", "ext_bare_cr", "ext_ctl", "trailer_fold", "trailer_bad", "last_lf",
        "huge_leading_zeros", "ext_unterminated", "size_then_junk", "underscore",
    ])
    five = data[:5]
    rest = data[5:]
    tail = chunk(rest) if rest else b""
    end = b"0\r\n\r\n"
    body = {
        "valid": chunked_body(rng, data),
        "hex_prefix": b"0x5\r\n" + five + CRLF + tail + end,
        "space_before": b" 5\r\n" + five + CRLF + tail + end,
        "space_after": b"5 \r\n" + five + CRLF + tail + end,
        "bws_ext": b"5 ;a=b\r\n" + five + CRLF + tail + end,
        "minus": b"-5\r\n" + five + CRLF + tail + end,
        "too_long_data": b"3\r\n" + five + CRLF + tail + end,
        "too_short_data": b"8\r\n" + five + CRLF + tail + end,
        "no_crlf_after_data": b"5\r\n" + five + tail + end,
        "lf_after_data": b"5\r\n" + five + b"\n" + tail + end,
        "lf_size_line": b"5\n" + five + CRLF + tail + end,
        "overflow": b"1" + b"0" * 16 + b"5\r\n" + five + CRLF + tail + end,
        "empty_size": b"\r\n" + five + CRLF + tail + end,
        "ext_bare_cr": b"5;a\rb\r\n" + five + CRLF + tail + end,
        "ext_ctl": b"5;a=\x01\r\n" + five + CRLF + tail + end,
        "trailer_fold": chunk(five) + b"0\r\nA: 1\r\n 2\r\n\r\n",
        "trailer_bad": chunk(five) + b"0\r\nA 1\r\n\r\n",
        "last_lf": chunk(five) + b"0\n\n",
        "huge_leading_zeros": b"0" * 40 + b"5\r\n" + five + CRLF + end,
        "ext_unterminated": b'5;a="b\r\n' + five + CRLF + end,
        "size_then_junk": b"5g\r\n" + five + CRLF + end,
        "underscore": b"5_0\r\n" + five + CRLF + end,
    }[odd]
    return head(line, headers) + body


def f_bare_lf(rng, n):
    line, headers = post_head(n, 0, rng.choice(BODY_TARGETS + PLAIN_TARGETS))
    data = body_bytes(rng, f"{n}.0", 10)
    headers.append(f"Content-Length: {len(data)}".encode())
    lines = [line] + headers
    where = rng.choice(["request_line", "header", "last", "all", "cr", "cr_header"])
    eols = [CRLF] * (len(lines) + 1)
    if where == "request_line":
        eols[0] = b"\n"
    elif where == "header":
        eols[rng.randrange(1, len(lines))] = b"\n"
    elif where == "last":
        eols[-1] = b"\n"
    elif where == "all":
        eols = [b"\n"] * len(eols)
    elif where == "cr":
        eols[rng.randrange(0, len(lines))] = b"\r"
    else:
        lines.insert(2, b"X-A: a\rX-B: b")
        eols.append(CRLF)
    out = b"".join(l + e for l, e in zip(lines, eols)) + eols[-1]
    return out + data


def f_obs_fold(rng, n):
    line, headers = post_head(n, 0, rng.choice(BODY_TARGETS))
    data = body_bytes(rng, f"{n}.0", 12)
    odd = rng.choice(["plain", "te", "cl", "tab", "te_value", "first"])
    if odd == "plain":
        headers += [b"X-Folded: a", b" b", f"Content-Length: {len(data)}".encode()]
        body = data
    elif odd == "te":
        headers += [b"Transfer-Encoding:", b" chunked", f"Content-Length: {len(data)}".encode()]
        body = data
    elif odd == "cl":
        headers += [b"Content-Length:", f" {len(data)}".encode()]
        body = data
    elif odd == "tab":
        headers += [b"X-Folded: a", b"\tb", b"Transfer-Encoding: chunked"]
        body = chunk(data) + b"0\r\n\r\n"
    elif odd == "te_value":
        headers += [b"Transfer-Encoding: gzip", b" ,chunked"]
        body = chunk(data) + b"0\r\n\r\n"
    else:
        headers = [b" X-First: 1"] + headers + [f"Content-Length: {len(data)}".encode()]
        body = data
    return head(line, headers) + body


def f_cl_te(rng, n):
    """Content-Length beside Transfer-Encoding: the classic CL.TE and TE.CL desyncs."""
    line, headers = post_head(n, 0, rng.choice(BODY_TARGETS))
    tag = f"{n}.0"
    inner = smuggled(tag)
    te = rng.choice([b"Transfer-Encoding: chunked", b"Transfer-Encoding: Chunked", b"Transfer-Encoding:  chunked",
                     b"Transfer-Encoding: chunked, identity", b"Transfer-encoding: chunked"])
    if rng.random() < 0.5:  # CL.TE: chunked ends early; CL covers the smuggled request
        body = b"0\r\n\r\n" + inner
        cl = f"Content-Length: {len(body)}".encode()
    else:  # TE.CL: CL ends early; chunked covers the smuggled request
        body = chunk(inner) + b"0\r\n\r\n"
        cl = f"Content-Length: {rng.choice([3, 4, len(body)])}".encode()
    headers += [cl, te] if rng.random() < 0.5 else [te, cl]
    return head(line, headers) + body


def f_two_cl(rng, n):
    line, headers = post_head(n, 0, rng.choice(BODY_TARGETS))
    data = body_bytes(rng, f"{n}.0", 20)
    a, b = rng.choice([(20, 20), (20, 5), (5, 20), (0, 20), (20, 0)])
    if rng.random() < 0.5:
        headers += [f"Content-Length: {a}".encode(), f"Content-Length: {b}".encode()]
    else:
        headers.append(f"Content-Length: {a}, {b}".encode())
    return head(line, headers) + data


def f_cl_odd(rng, n):
    line, headers = post_head(n, 0, rng.choice(BODY_TARGETS))
    data = body_bytes(rng, f"{n}.0", 10)
    value = rng.choice([b"+10", b"-10", b" 10", b"10 ", b"010", b"0x0a", b"10.0", b"1e1", b"", b"10 10", b"1 0",
                        b"99999999999999999999", b"10\t", "\u0661\u0660".encode(), b"10;", b"10,", b",10",
                        b"0010", b"\t10", b"10\x0b", b"18446744073709551626"])
    name = rng.choice([b"Content-Length", b"content-length", b"Content-Length ", b"Content_Length"])
    headers.append(name + b": " + value if not name.endswith(b" ") else name + b": " + value)
    return head(line, headers) + data


def f_te_var(rng, n):
    method = rng.choice(["POST", "POST", "PATCH", "GET"])
    version = "HTTP/1.0" if rng.random() < 0.1 else "HTTP/1.1"
    line, headers = post_head(n, 0, rng.choice(BODY_TARGETS), method=method, version=version)
    tag = f"{n}.0"
    data = body_bytes(rng, tag, 16)
    value = rng.choice([
        b"Transfer-Encoding: chunked", b"Transfer-Encoding: chunked, chunked", b"Transfer-Encoding: gzip, chunked",
        b"Transfer-Encoding: chunked, gzip", b"Transfer-Encoding: CHUNKED", b"Transfer-Encoding: chunked ",
        b"Transfer-Encoding:\tchunked", b"Transfer-Encoding: xchunked", b"Transfer-Encoding: chunked;q=1",
        b"Transfer-Encoding: identity", b"Transfer-Encoding: identity, chunked", b"Transfer-Encoding: ",
        b"Transfer-Encoding : chunked", b"Transfer_Encoding: chunked", b"Transfer-Encoding:chunked",
        b"Transfer-Encoding: chunked\x00", b"Transfer-Encoding: chunk", b"Transfer-Encoding: chunked\x0b",
        b"Transfer-Encoding: \"chunked\"", b"Transfer-Encoding: ,chunked", b"Transfer-Encoding: chunked,",
        b"Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked", b"Transfer-Encoding: chunked\r\nTransfer-Encoding: gzip",
        b"Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked",
    ])
    headers.append(value)
    body = chunk(data) + b"0\r\n\r\n"
    if rng.random() < 0.3:
        body += smuggled(tag)
    return head(line, headers) + body


def f_targets(rng, n):
    tag = f"{n}.0"
    method, target = rng.choice([
        ("GET", "http://localhost/healthz"), ("GET", "http://evil.example/contacts/1"), ("GET", "HTTP://localhost/healthz"),
        ("GET", "https://localhost/healthz"), ("OPTIONS", "*"), ("GET", "*"), ("GET", "//healthz"),
        ("GET", "/a/../healthz"), ("GET", "/%2e%2e/healthz"), ("GET", "/healthz#frag"), ("GET", "/healthz?x=1#y"),
        ("GET", "healthz"), ("GET", "/\xe4"), ("GET", "/a b"), ("GET", "/" + "a" * rng.choice([4000, 9000])),
        ("GET", "/\x7f"), ("GET", "http://localhost"), ("CONNECT", "localhost:80"), ("GET", "/healthz?%00"),
        ("GET", "/healthz\\x"), ("GET", "/healthz?a=\"b\""), ("GET", "http://localhost:80/healthz"),
        ("GET", "http://user@localhost/healthz"), ("GET", "/%0d%0aX-Injected:%201"),
    ])
    headers = [HOST, f"X-Case: {tag}".encode()]
    return head(request_line(method, tagged(target, tag)), headers)


def f_methods(rng, n):
    tag = f"{n}.0"
    method = rng.choice(["PROPFIND", "get", "M-SEARCH", "G.E.T", "PUT", "DELETE", "TRACE", "QUERY", "BREW",
                         "X" * rng.choice([64, 300, 9000]), "GET\t", "GE T", "", "G@T", "GET\x00", "PATCH",
                         "HEAD", "POST", "OPTIONS", "~!#$%^&*"])
    target = tagged(rng.choice(PLAIN_TARGETS), tag)
    sep = rng.choice([" ", " ", "  ", "\t"])
    line = f"{method}{sep}{target} HTTP/1.1".encode("latin-1")
    headers = [HOST, f"X-Case: {tag}".encode()]
    body = b""
    if rng.random() < 0.4:
        body = body_bytes(rng, tag, 8)
        headers.append(f"Content-Length: {len(body)}".encode())
    return head(line, headers) + body


def f_long_headers(rng, n):
    line, headers = post_head(n, 0, rng.choice(PLAIN_TARGETS), method="GET")
    odd = rng.choice(["value_7k", "value_16k", "total_40k", "count_99", "count_101", "count_150", "name_1k",
                      "request_line_9k"])
    if odd == "value_7k":
        headers.append(b"X-Long: " + b"a" * 7000)
    elif odd == "value_16k":
        headers.append(b"X-Long: " + b"a" * 16000)
    elif odd == "total_40k":
        headers += [f"X-Long-{i}: ".encode() + b"b" * 4000 for i in range(10)]
    elif odd.startswith("count_"):
        headers += [f"X-H{i}: {i}".encode() for i in range(int(odd[6:]))]
    elif odd == "name_1k":
        headers.append(b"X-" + b"n" * 1000 + b": 1")
    else:
        line = request_line("GET", tagged("/healthz?" + "q" * 9000, f"{n}.0"))
    return head(line, headers)


def f_control(rng, n):
    line, headers = post_head(n, 0, rng.choice(PLAIN_TARGETS), method="GET")
    byte = rng.choice([b"\x00", b"\x01", b"\x7f", b"\x0b", b"\x0c", b"\x1b", b"\xff", b"\x80"])
    where = rng.choice(["value", "name", "target", "method", "body"])
    body = b""
    if where == "value":
        headers.append(b"X-Ctl: a" + byte + b"b")
    elif where == "name":
        headers.append(b"X-C" + byte + b"tl: 1")
    elif where == "target":
        line = line.replace(b"?", b"?x=" + byte + b"&", 1) if b"?" in line else line
    elif where == "method":
        line = b"G" + byte + b"ET" + line[line.index(b" "):]
    else:
        body = b"a" + byte + b"b"
        line = line.replace(b"GET", b"POST", 1)
        headers.append(f"Content-Length: {len(body)}".encode())
    return head(line, headers) + body


def f_host(rng, n):
    tag = f"{n}.0"
    target = tagged(rng.choice(PLAIN_TARGETS), tag)
    version = rng.choice(["HTTP/1.1", "HTTP/1.1", "HTTP/1.0"])
    hosts = rng.choice([[HOST, HOST], [HOST, b"Host: other"], [], [b"Host: a b"], [b"Host:"], [b"Host: x@y"],
                        [b"Host: localhost:8080"], [b"Host: [::1]"], [b"Host: localhost\x00"], [b"Host : localhost"]])
    return head(request_line("GET", target, version), hosts + [f"X-Case: {tag}".encode()])


def f_version(rng, n):
    tag = f"{n}.0"
    version = rng.choice(["HTTP/1.0", "HTTP/1.2", "HTTP/2.0", "http/1.1", "HTTP/1.1 ", "HTTP/1.10", "HTTP/01.1",
                          "HTTP/1", "HTTP/0.9", "HTTP/1.1\t", "HTTP/3.0"])
    headers = [HOST, f"X-Case: {tag}".encode()]
    if version == "HTTP/1.0" and rng.random() < 0.5:
        headers.append(b"Connection: keep-alive")
    return head(request_line("GET", tagged(rng.choice(PLAIN_TARGETS), tag), version), headers)


def f_expect(rng, n):
    line, headers = post_head(n, 0, rng.choice(BODY_TARGETS))
    data = body_bytes(rng, f"{n}.0", 30)
    headers.append(rng.choice([b"Expect: 100-continue", b"Expect: 100-Continue", b"Expect: 200-ok"]))
    if rng.random() < 0.5:
        headers.append(f"Content-Length: {len(data)}".encode())
        return head(line, headers) + data
    headers.append(b"Transfer-Encoding: chunked")
    return head(line, headers) + chunked_body(rng, data)


def f_connection(rng, n):
    """Connection headers that decide whether anything after the request is read."""
    line, headers = post_head(n, 0, rng.choice(PLAIN_TARGETS), method="GET")
    headers.append(rng.choice([b"Connection: close", b"Connection: keep-alive", b"Connection: Upgrade\r\nUpgrade: h2c",
                               b"Connection: close, Content-Length", b"Connection: Transfer-Encoding",
                               b"Connection: X-Case", b"Upgrade: websocket\r\nConnection: Upgrade"]))
    return head(line, headers) + plain(rng, n, 1)


FAMILIES = {
    "plain": lambda rng, n: plain(rng, n, 0),
    "pipelined": f_pipelined,
    "chunked": f_chunked,
    "bare_lf": f_bare_lf,
    "obs_fold": f_obs_fold,
    "cl_te": f_cl_te,
    "two_cl": f_two_cl,
    "cl_odd": f_cl_odd,
    "te_var": f_te_var,
    "targets": f_targets,
    "methods": f_methods,
    "long_headers": f_long_headers,
    "control": f_control,
    "host": f_host,
    "version": f_version,
    "expect": f_expect,
    "connection": f_connection,
}
# How often each family is drawn: the framing ones most.
WEIGHTS = {"chunked": 4, "cl_te": 3, "te_var": 4, "two_cl": 2, "cl_odd": 3, "bare_lf": 2, "obs_fold": 2,
           "pipelined": 2}


def case(seed, n):
    rng = random.Random(f"{seed}/{n}")
    names = list(FAMILIES)
    family = rng.choices(names, weights=[WEIGHTS.get(name, 1) for name in names])[0]
    data = FAMILIES[family](rng, n)
    if rng.random() < 0.5:
        data += plain(rng, n, 9, method="GET", target="/healthz")
    result = Case(n, family, data)
    if rng.random() < 0.25 and len(data) > 2:
        result.split = rng.randrange(1, len(data))
        result.pause = 0.05
    return result
