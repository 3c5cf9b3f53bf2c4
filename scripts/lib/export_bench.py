"""Streams /export.csv gzip-compressed from a running Roster (PORT PID) and prints
the CSV's megabytes per second (uncompressed, the clock stops at the last byte),
the compressed share, and the server's peak RSS growth while it streamed."""
import http.client, sys, time, zlib

from proc import PeakRSS

port, pid = int(sys.argv[1]), int(sys.argv[2])
with PeakRSS(pid) as rss:
    c = http.client.HTTPConnection("127.0.0.1", port)
    start = time.perf_counter()
    c.request("GET", "/export.csv", headers={"Accept-Encoding": "gzip"})
    r = c.getresponse()
    inflate = zlib.decompressobj(31)
    wire = csv = 0
    while True:
        piece = r.read(1 << 16)
        if not piece:
            break
        wire += len(piece)
        csv += len(inflate.decompress(piece))
    csv += len(inflate.flush())
    seconds = time.perf_counter() - start
if r.status != 200 or r.getheader("Content-Encoding") != "gzip" or not inflate.eof:
    sys.exit(f"export bench: {r.status}, Content-Encoding {r.getheader('Content-Encoding')}, complete {inflate.eof}")
print(f"export gzip bytes: {wire} of {csv} CSV bytes ({wire / csv:.2f})")
print(f"export RSS growth MB: {rss.growth_mb:.1f}")
print(f"export gzip CSV MB/s: {csv / seconds / 1e6:.1f} (target >= 50)")
