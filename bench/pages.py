#!/usr/bin/python3
"""Loads each page of `album serve` RUNS times in headless Chromium and prints, per page, the
median of Chromium's Navigation Timing (ms from navigation start): the first byte (server time
plus loopback), interactive (`domInteractive`), DOMContentLoaded and load; for the map, also
when every pin is placed (body[data-ready-ms]); then the server time (requestStart to
responseEnd) of the timeline's next page as infinite scroll fetches it.
Usage: pages.py BASE_URL [RUNS=5] [PATH ...]   (default paths: every screen)"""
import statistics
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

base = sys.argv[1].rstrip("/")
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
paths = sys.argv[3:] or ["/", "/places", "/reminders", "/timeline", "/timeline?by=day", "/diary", "/tags",
                         "/search?q=paris", "/summary", "/pins/501"]
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,800",
             "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
TIMING = ("var n = performance.getEntriesByType('navigation')[0];"
          " return [n.responseStart, n.domInteractive, n.domContentLoadedEventEnd, n.loadEventEnd, n.transferSize];")
print("%-22s %8s %12s %8s %8s %10s %9s" % ("page", "1st byte", "interactive", "DCL", "load", "map ready", "bytes"))
worst = 0
try:
    for path in paths:
        rows, ready = [], []
        for _ in range(runs):
            driver.get("about:blank")
            driver.get(base + path)
            WebDriverWait(driver, 60, poll_frequency=0.02).until(
                lambda d: d.execute_script("var n = performance.getEntriesByType('navigation')[0]; return n && n.loadEventEnd > 0;"))
            if path == "/":
                WebDriverWait(driver, 60, poll_frequency=0.02).until(
                    lambda d: d.execute_script("return document.body.getAttribute('data-ready')") == "true")
                ready.append(int(driver.execute_script("return document.body.getAttribute('data-ready-ms')")))
            rows.append(driver.execute_script(TIMING))
        med = [statistics.median(r[i] for r in rows) for i in range(5)]
        worst = max(worst, med[1])
        print("%-22s %8.0f %12.0f %8.0f %8.0f %10s %9d" % (path, med[0], med[1], med[2], med[3],
                                                          "%d" % statistics.median(ready) if ready else "-", med[4]))
    # The timeline's next page, fetched as the page's script does.
    driver.get(base + "/timeline")
    times = driver.execute_async_script(
        "var done = arguments[arguments.length - 1]; var older = document.getElementById('older'); var out = [];"
        " function one(i) { if (i === %d) { done(out); return; } var url = older.href + '&n=' + i;"
        "  fetch(url).then(function (r) { return r.text(); }).then(function () {"
        "   var e = performance.getEntriesByName(url)[0]; out.push(e.responseEnd - e.requestStart); one(i + 1); }); }"
        " if (!older) { done([]); } else { one(0); }" % runs)
    if times:
        print("timeline next page (fetch, requestStart to responseEnd): median %.1f ms, max %.1f ms over %d"
              % (statistics.median(times), max(times), len(times)))
    print("slowest page interactive: %.0f ms" % worst)
finally:
    driver.quit()
