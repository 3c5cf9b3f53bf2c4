#!/usr/bin/env python3
"""The bytes of random windows as Roster sends them, per Accept-Encoding value: each
answer decoded (gzip with zlib, zstd with the zstd tool), checked to be JSON, and set
beside zlib level 1 of the same decoded body (the window goal: at most 1.25x).

    served_bytes.py PORT CONTENT_HEIGHT [COUNT] [ACCEPT-ENCODING...]

Prints `compression served ACCEPT: mean N bytes (CODING), X.XXx zlib 1 of the same bodies`."""
import http.client, json, random, statistics, subprocess, sys, zlib


def decode(coding, wire):
    if coding == "gzip":
        return zlib.decompress(wire, 31)
    if coding == "zstd":
        return subprocess.run(["zstd", "-dc"], input=wire, capture_output=True, check=True).stdout
    return wire


def main():
    port, content = int(sys.argv[1]), int(sys.argv[2])
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    accepts = sys.argv[4:] or ["gzip", "gzip, deflate, br, zstd"]
    for accept in accepts:
        rng = random.Random(17)
        client = http.client.HTTPConnection("127.0.0.1", port)
        sizes, ratios, codings = [], [], set()
        for _ in range(count):
            client.request("GET", f"/window?offset={rng.randrange(0, content - 800)}&height=800",
                           headers={"Accept-Encoding": accept})
            answer = client.getresponse()
            wire = answer.read()
            coding = answer.getheader("Content-Encoding") or "identity"
            codings.add(coding)
            body = decode(coding, wire)
            json.loads(body)
            level1 = zlib.compressobj(1, zlib.DEFLATED, 31)
            sizes.append(len(wire))
            ratios.append(len(wire) / len(level1.compress(body) + level1.flush()))
        client.close()
        print(f"compression served {accept}: mean {statistics.mean(sizes):,.0f} bytes ({', '.join(sorted(codings))}), "
              f"{statistics.median(ratios):.2f}x zlib 1 of the same bodies (median; goal <= 1.25)")


if __name__ == "__main__":
    main()
