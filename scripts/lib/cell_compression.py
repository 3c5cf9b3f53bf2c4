"""Whether caching each cell's compressed JSON could replace compressing the body.
cell_compression.py PORT [WINDOWS]: on a running Roster, WINDOWS (default 1,000)
random 800 px windows (no session, seeded, the same every run), each body
compressed whole as the server compresses it (zlib level 1, 16 KB window, memory
level 6) against its cells compressed one by one and stitched (each a deflate
block of its own, ended by a flush, the rest of the body likewise): the mean
sizes and the ratio of the two."""
import http.client, json, random, sys, zlib

port = int(sys.argv[1])
windows = int(sys.argv[2]) if len(sys.argv) > 2 else 1000


def deflate(pieces):
    """The bytes of `pieces` each compressed apart: one compressor per piece,
    ended by a full flush so that the pieces could be stitched into one stream."""
    total = 0
    for piece in pieces:
        z = zlib.compressobj(1, zlib.DEFLATED, -14, 6)
        total += len(z.compress(piece)) + len(z.flush(zlib.Z_FULL_FLUSH))
    return total + 18  # one gzip header and trailer around the stitched stream


c = http.client.HTTPConnection("127.0.0.1", port)
c.request("GET", "/window?offset=0&height=1")
content = json.loads(c.getresponse().read())["contentHeight"]
rng = random.Random(7)
plain = whole = apart = 0
for _ in range(windows):
    c.request("GET", f"/window?offset={rng.randrange(0, content - 800)}&height=800")
    response = c.getresponse()
    body = response.read()
    if response.status != 200:
        sys.exit(f"cell compression: {response.status} {body[:200]!r}")
    z = zlib.compressobj(1, zlib.DEFLATED, 16 + 14, 6)
    whole += len(z.compress(body) + z.flush())
    plain += len(body)
    window = json.loads(body)
    cells = [json.dumps(cell, ensure_ascii=False, separators=(",", ":")).encode() for cell in window["cells"]]
    window["cells"] = []
    rest = json.dumps(window, ensure_ascii=False, separators=(",", ":")).encode()
    apart += deflate(cells + [rest])
print(f"cells windows: {windows}")
print(f"cells body bytes mean: {plain / windows:.0f} (gzip whole {whole / windows:.0f})")
print(f"cells compressed apart bytes mean: {apart / windows:.0f}")
print(f"cells apart/whole ratio: {apart / whole:.2f}")
