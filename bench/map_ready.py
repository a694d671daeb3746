#!/usr/bin/python3
"""Loads the `album serve` map in headless Chromium RUNS times and prints the time from
navigation start until every pin is on the map (body[data-ready], set when marker-cluster has
placed the last marker). Usage: map_ready.py URL [RUNS=5]"""
import statistics
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

url, runs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,800",
             "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
times = []
try:
    for _ in range(runs):
        driver.get("about:blank")
        driver.get(url)
        WebDriverWait(driver, 60, poll_frequency=0.02).until(
            lambda d: d.execute_script("return document.body && document.body.getAttribute('data-ready')") == "true")
        ms = int(driver.execute_script("return document.body.getAttribute('data-ready-ms')"))
        pins = driver.execute_script("return document.body.getAttribute('data-pins')")
        times.append(ms)
    print("map ready with %s pins: median %d ms, min %d ms, max %d ms over %d loads" %
          (pins, statistics.median(times), min(times), max(times), len(times)))
finally:
    driver.quit()
