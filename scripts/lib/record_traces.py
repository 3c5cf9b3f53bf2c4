"""Records what the page asks of /window while a person scrolls, for the page
replay benchmark (scripts/bench pages): headless Chromium on a running Roster
(BASE CHROMIUM OUT_DIR), three traces of about 8 s each:
  wheel.txt  wheel scrolling down at about 60 events/s, with pauses
  drag.txt   the scrollbar's thumb dragged down and back up (scrollTop per frame)
  jumps.txt  letter-index jumps, End, Home, PageDown bursts
Each line: milliseconds since the trace began, then the path asked, without its
session and ack (the replay adds its own, as the page would)."""
import os, re, sys, time

from playwright.sync_api import sync_playwright

base, chromium, out = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(out, exist_ok=True)


def record(name, act):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        page.goto(base + "/")
        page.wait_for_selector("[data-slot][data-row]:not([hidden])", timeout=15000)
        page.wait_for_timeout(500)
        asked = []
        start = time.perf_counter()
        page.on("request", lambda r: asked.append(((time.perf_counter() - start) * 1000, r.url))
                if "/window?" in r.url else None)
        act(page)
        page.wait_for_timeout(500)
        browser.close()
    lines = []
    for ms, url in asked:
        path = url[url.index("/window?"):]
        path = re.sub(r"&(session|ack)=[^&]*", "", path)
        lines.append(f"{ms:.0f} {path}")
    with open(os.path.join(out, name + ".txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{name}: {len(lines)} windows asked")


def wheel(page):
    page.mouse.move(500, 400)
    for burst in range(6):
        for _ in range(70):
            page.mouse.wheel(0, 120)
            page.wait_for_timeout(16)
        page.wait_for_timeout(250)


def drag(page):
    for fraction in [i / 240 for i in range(241)] + [1 - i / 240 for i in range(241)]:
        page.evaluate(f"(() => {{ const l = document.getElementById('list'); l.scrollTop = {fraction} * (l.scrollHeight - l.clientHeight); }})()")
        page.wait_for_timeout(16)


def jumps(page):
    for letter in "MZCSA#KB":
        page.click(f"text={letter} >> nth=-1") if letter != "#" else page.keyboard.press("End")
        page.wait_for_timeout(400)
    page.focus("#list")
    for key in ["End", "Home"] + ["PageDown"] * 20 + ["ArrowDown"] * 30:
        page.keyboard.press(key)
        page.wait_for_timeout(30)


record("wheel", wheel)
record("drag", drag)
record("jumps", jumps)
