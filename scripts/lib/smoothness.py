"""5 s of continuous wheel scrolling in headless Chromium: long tasks and frame
gaps. smoothness.py BASE_URL CHROMIUM"""
import json, statistics, sys, time

from playwright.sync_api import sync_playwright

base, chrome = sys.argv[1], sys.argv[2]
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=chrome, args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.goto(base + "/")
    page.wait_for_selector("[data-slot][data-row]:not([hidden])", timeout=20000)
    page.evaluate("""() => {
        window.__frames = []; window.__long = [];
        new PerformanceObserver(list => { for (const e of list.getEntries()) window.__long.push(e.duration); })
            .observe({ entryTypes: ['longtask'] });
        const tick = t => { window.__frames.push(t); requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
    }""")
    page.mouse.move(400, 400)
    start = time.time()
    while time.time() - start < 5:
        page.mouse.wheel(0, 120)
        page.wait_for_timeout(16)
    frames = page.evaluate("window.__frames")
    long_tasks = page.evaluate("window.__long")
    rows = page.evaluate("document.querySelector('[data-slot][data-row]:not([hidden])')?.dataset.row")
    browser.close()
gaps = [b - a for a, b in zip(frames, frames[1:])]
gaps.sort()
print(f"browser scrolled to row: {rows}")
print(f"browser frames: {len(frames)}")
print(f"browser long tasks over 50 ms: {sum(1 for d in long_tasks if d > 50)} (target 0)")
print(f"browser frame gap p95 ms: {gaps[int(len(gaps) * 0.95)]:.1f} (target <= 33)")
print(f"browser frame gap median ms: {statistics.median(gaps):.1f} (target <= 17)")
