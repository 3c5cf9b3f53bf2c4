"""scripts/bench photos: photos made and served (docs/api.md, "Photos").

  photos_bench.py make DIR COUNT     COUNT camera-sized JPEGs (4000 x 3000, a gradient with noise
                                     and an EXIF orientation, as a phone writes them) into DIR
  photos_bench.py vcards DIR N [SIDE NOISE]  DIR/with.vcf (N vCards 3.0, each with its own SIDE x SIDE
                                     JPEG photo, 320 and 0.3 of noise by default) and DIR/without.vcf
                                     (the same cards without PHOTO)
  photos_bench.py vips DIR OUT       Debian's vipsthumbnail (one process for every file of DIR, 80 px,
                                     centre crop, JPEG Q 82, metadata stripped): ms a photo
  photos_bench.py import PORT FILE   seconds to POST FILE to /import (all of it inserted)
  photos_bench.py url PORT           the first window's first photo URL (warmed once), for wrk
Pillow is Debian's python3-pil (run by /usr/bin/python3)."""
import base64, glob, http.client, io, json, os, random, subprocess, sys, time


def make(folder, count):
    from PIL import Image
    os.makedirs(folder, exist_ok=True)
    for i in range(count):
        base = Image.linear_gradient("L").resize((4000, 3000)).convert("RGB")
        noise = Image.effect_noise((4000, 3000), 40 + i).convert("RGB")
        image = Image.blend(base, noise, 0.3)
        exif = Image.Exif()
        exif[0x0112] = 6 if i % 2 else 1
        image.save(os.path.join(folder, f"camera{i:02d}.jpg"), "JPEG", quality=88, exif=exif.tobytes())


def vcards(folder, n, side=320, noise=0.3):
    from PIL import Image
    rng = random.Random(7)
    with open(os.path.join(folder, "with.vcf"), "w") as with_photos, open(os.path.join(folder, "without.vcf"), "w") as without:
        for i in range(n):
            colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
            image = Image.effect_noise((side, side), 30).convert("RGB")
            image = Image.blend(image, Image.new("RGB", (side, side), colour), 1 - noise)
            buf = io.BytesIO()
            image.save(buf, "JPEG", quality=85)
            data = base64.b64encode(buf.getvalue()).decode()
            lines = ["BEGIN:VCARD", "VERSION:3.0", f"N:Bench{i:05d};Ann;;;", f"FN:Ann Bench{i:05d}",
                     f"EMAIL:b{i}@example.org", f"TEL;TYPE=CELL:+1 555 01{i % 100:02d}", "ORG:Photos Inc."]
            photo = f"PHOTO;ENCODING=b;TYPE=JPEG:{data}"
            folded = [photo[:75]] + [" " + photo[j:j + 74] for j in range(75, len(photo), 74)]
            without.write("\r\n".join(lines + ["END:VCARD"]) + "\r\n")
            with_photos.write("\r\n".join(lines + folded + ["END:VCARD"]) + "\r\n")


def vips(folder, out):
    files = sorted(glob.glob(os.path.join(folder, "*.jpg")))
    os.makedirs(out, exist_ok=True)
    command = ["vipsthumbnail", "-s", "80x80", "--smartcrop", "centre", "-o", os.path.join(out, "%s.jpg[Q=82,strip]")]
    subprocess.run(command + files, check=True)  # warms the page cache and libvips' loaders
    start = time.perf_counter()
    subprocess.run(command + files, check=True)
    print(f"photos thumbnails by vipsthumbnail: {(time.perf_counter() - start) * 1000 / len(files):.1f} ms a photo")


def post(port, path):
    body = open(path, "rb").read()
    cards = body.count(b"BEGIN:VCARD")
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    start = time.perf_counter()
    c.request("POST", "/import", body=body, headers={"Content-Type": "text/vcard"})
    answer = c.getresponse()
    summary = json.loads(answer.read())
    seconds = time.perf_counter() - start
    if answer.status != 200 or summary.get("inserted") != cards:
        sys.exit(f"import of {path}: {answer.status} {summary}")
    print(f"{seconds:.3f}")


def url(port):
    c = http.client.HTTPConnection("127.0.0.1", port)
    c.request("GET", "/window?offset=0&height=800")
    cells = json.loads(c.getresponse().read())["cells"]
    photo = next(cell["contact"]["photo"] for cell in cells if cell["kind"] == "contact" and "photo" in cell["contact"])
    c.request("GET", photo)
    c.getresponse().read()
    print(photo)


if __name__ == "__main__":
    what = sys.argv[1]
    if what == "make":
        make(sys.argv[2], int(sys.argv[3]))
    elif what == "vcards":
        vcards(sys.argv[2], int(sys.argv[3]), *(int(a) if i == 0 else float(a) for i, a in enumerate(sys.argv[4:6])))
    elif what == "vips":
        vips(sys.argv[2], sys.argv[3])
    elif what == "import":
        post(int(sys.argv[2]), sys.argv[3])
    elif what == "url":
        url(int(sys.argv[2]))
