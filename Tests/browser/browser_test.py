#!/usr/bin/python3
"""Browser tests of `album serve` and `album export html` in a real Chromium (Debian's chromium,
chromium-driver, python3-selenium), offline: every host but 127.0.0.1 is unresolvable.

Run: make test-browser  (or: /usr/bin/python3 Tests/browser/browser_test.py [path/to/album])
Screenshots go to $BROWSER_SCREENSHOTS (default: .build/browser-screenshots).

What it does, as a user would:
  1. drops a pin by right-clicking the map and sees its album fill in live (placeholders first),
  2. New Collection is disabled while downloading, then enabled,
  3. clicking a photo removes it,
  4. moving the map saves the region; a reload restores it,
  5. the static gallery opens from file:// with its map and thumbnails,
  6. the tags page lists a tag made with `album tag add`, its link opens the timeline narrowed to
     it, and the search box finds the photos by that tag, each captioned with its date,
  7. country outlines and names (Natural Earth) are drawn over the basemap, also at city zoom,
     where GeoNames places are drawn as named dots; a pin's popup shows its link and place.
Photos come from a bundle whose images a slow loopback server serves (0.25 s each), so the
placeholders are visible before they fill in.
"""
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ALBUM = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "album")
SHOTS = os.environ.get("BROWSER_SCREENSHOTS", os.path.join(ROOT, ".build", "browser-screenshots"))
PARIS = (48.856613, 2.352222)


class SlowPhotos(http.server.SimpleHTTPRequestHandler):
    """Serves the test bundle's folder, each photo after a delay, like a slow photo host."""
    folder = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=SlowPhotos.folder, **kwargs)

    def do_GET(self):
        time.sleep(0.25)
        super().do_GET()

    def log_message(self, *args):
        pass


def make_bundle(folder, port):
    """18 distinct Paris photos (the 8 fixtures, cycled, each file made unique by bytes after its
    end-of-image marker) whose URLs are on the slow server."""
    with open(os.path.join(ROOT, "fixtures", "bundle", "photos.json")) as f:
        paris = [r for r in json.load(f) if r["albumId"] == 1]
    records = []
    for i in range(18):
        r = dict(paris[i % len(paris)])
        r["id"] = 1000 + i
        r["title"] = 'Paris <b>"%d"</b> & co/' % i
        for key in ("url", "thumbnailUrl"):
            data = open(os.path.join(ROOT, "fixtures", "bundle", r[key]), "rb").read() + bytes([i]) * (i + 1)
            name = "%s/p-%d.jpg" % (os.path.dirname(r[key]), i)
            os.makedirs(os.path.join(folder, os.path.dirname(name)), exist_ok=True)
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
            r[key] = "http://127.0.0.1:%d/%s" % (port, name)
        records.append(r)
    with open(os.path.join(folder, "photos.json"), "w") as f:
        json.dump(records, f)


def start_server(library, bundle):
    process = subprocess.Popen(
        [ALBUM, "serve", "--port", "0", "--json", "--library", library, "--source", "bundle:" + bundle,
         "--radius-km", "5", "--per-page", "6", "--concurrency", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    text = ""
    while not text.rstrip().endswith("}"):
        line = process.stdout.readline()
        if not line:
            raise SystemExit("album serve did not start: " + process.stderr.read())
        text += line
    return process, json.loads(text)["url"].rstrip("/")


def api(base, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read() or b"null")


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1200,800", "--allow-file-access-from-files",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                 "--no-first-run", "--disable-background-networking"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def shot(driver, name):
    os.makedirs(SHOTS, exist_ok=True)
    driver.save_screenshot(os.path.join(SHOTS, name + ".png"))


def wait(driver, condition, what, timeout=30):
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: condition(d))
    except Exception:
        shot(driver, "FAILED-" + what.replace(" ", "-"))
        raise AssertionError("timed out waiting for: " + what)


def slots(driver):
    return driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#grid .slot'),"
        " function (s) { return s.getAttribute('data-state'); });")


def test_drop_pin_and_album_fills_in(driver, base):
    # Start the map close to Paris so a right-click at its centre lands within the search radius.
    api(base, "PUT", "/api/region", {"latitude": PARIS[0], "longitude": PARIS[1], "spanLatitude": 0.02, "spanLongitude": 0.04})
    driver.get(base + "/")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "map ready")
    shot(driver, "1-map-before")
    map_element = driver.find_element(By.ID, "map")
    ActionChains(driver).context_click(map_element).perform()
    wait(driver, lambda d: "/pins/" in d.current_url, "the album page after dropping a pin")
    seen = set()
    button_was_disabled = False

    def filling(d):
        nonlocal button_was_disabled
        states = slots(d)
        seen.update(states)
        if d.find_element(By.ID, "new-collection").get_attribute("disabled") is not None:
            button_was_disabled = True
        if len(states) == 6 and set(states) != {"downloaded"} and "placeholder-shot" not in seen:
            shot(d, "2-album-filling")
            seen.add("placeholder-shot")
        return len(states) == 6 and all(s == "downloaded" for s in states) and \
            d.find_element(By.ID, "new-collection").get_attribute("disabled") is None
    wait(driver, filling, "6 photos downloaded and New Collection enabled")
    assert "placeholder" in seen or "downloading" in seen, "placeholders were shown before the photos: %s" % seen
    assert button_was_disabled, "New Collection was disabled while downloading"
    images = driver.execute_script(
        "return Array.prototype.filter.call(document.querySelectorAll('#grid img'),"
        " function (i) { return i.complete && i.naturalWidth > 0; }).length;")
    assert images == 6, "6 thumbnails shown, got %d" % images
    title = driver.find_element(By.ID, "title").text
    assert title.startswith("Pin "), title
    place = driver.find_element(By.ID, "place").text
    assert "France" in place and "Europe/Paris" in place, "the pin's place and zone: %r" % place
    dates = driver.find_element(By.ID, "dates").text
    assert dates.startswith("20"), "the photos' dates: %r" % dates
    assert driver.find_element(By.ID, "status").text == "6 photos"
    shot(driver, "3-album-filled")
    return driver.current_url.rsplit("/", 1)[1]


def test_new_collection_disabled_then_enabled(driver, pin_id):
    first = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('#grid .slot'), function (s) { return s.getAttribute('data-id'); });")
    button = driver.find_element(By.ID, "new-collection")
    button.click()
    assert button.get_attribute("disabled") is not None, "disabled as soon as it is clicked"
    wait(driver, lambda d: d.find_element(By.ID, "album").get_attribute("data-downloading") == "true", "downloading")
    shot(driver, "4-new-collection-downloading")
    wait(driver, lambda d: slots(d) == ["downloaded"] * 6 and d.find_element(By.ID, "new-collection").get_attribute("disabled") is None,
         "new collection downloaded and the button enabled again")
    second = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('#grid .slot'), function (s) { return s.getAttribute('data-id'); });")
    assert not set(first) & set(second), "a new set of photos: %s then %s" % (first, second)


def test_remove_photo(driver, base, pin_id):
    before = slots(driver)
    first = driver.find_element(By.CSS_SELECTOR, "#grid .slot.downloaded")
    removed_id = first.get_attribute("data-id")
    first.click()
    wait(driver, lambda d: len(slots(d)) == len(before) - 1, "the photo removed from the page")
    album = api(base, "GET", "/api/pins/%s/photos" % pin_id)
    assert all(str(p["id"]) != removed_id for p in album["photos"]), "removed in the library too"
    shot(driver, "5-photo-removed")


def map_view(driver):
    return driver.execute_script(
        "var m = document.getElementById('map').geoalbumMap; var c = m.getCenter();"
        " return [c.lat, c.lng, m.getZoom()];")


def test_region_restored_after_reload(driver, base):
    driver.get(base + "/")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "map ready")
    time.sleep(0.6)
    driver.execute_script("document.getElementById('map').geoalbumMap.setView([40.7128, -74.006], 9, {animate: false});")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-region") == "saved", "region saved")
    saved = map_view(driver)
    region = api(base, "GET", "/api/region")
    assert abs(region["latitude"] - 40.7128) < 0.01 and abs(region["longitude"] + 74.006) < 0.01, region
    driver.refresh()
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "map ready after reload")
    restored = map_view(driver)
    assert abs(restored[0] - saved[0]) < 0.01 and abs(restored[1] - saved[1]) < 0.01, (saved, restored)
    assert restored[2] == saved[2], "zoom restored: %s then %s" % (saved, restored)
    shot(driver, "6-region-restored")


def test_static_gallery(driver, library, folder):
    out = os.path.join(folder, "gallery")
    subprocess.run([ALBUM, "export", "html", "--out", out, "--library", library], check=True, capture_output=True)
    driver.get("file://" + out + "/index.html")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "gallery map ready")
    markers = driver.find_elements(By.CSS_SELECTOR, ".leaflet-marker-icon")
    assert markers, "the gallery map shows its pins"
    shot(driver, "7-gallery-map")
    link = driver.find_element(By.CSS_SELECTOR, "ul.albums a")
    link.click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".grid img"), "gallery album")
    images = driver.execute_script(
        "return Array.prototype.filter.call(document.images, function (i) { return i.complete && i.naturalWidth > 0; }).length;")
    assert images >= 5, "thumbnails load from disk: %d" % images
    shot(driver, "8-gallery-album")


def test_tags_and_search(driver, base, library, pin_id):
    subprocess.run([ALBUM, "tag", "add", "pin:" + pin_id, "holiday", "--library", library], check=True, capture_output=True)
    driver.get(base + "/tags")
    link = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#tags a"), "the tags list")
    assert link.text == "#holiday", link.text
    counts = driver.find_element(By.CSS_SELECTOR, "#tags .meta").text
    assert counts == "5 photos, 1 pin", counts
    shot(driver, "9-tags")
    link.click()
    wait(driver, lambda d: "tag=holiday" in d.current_url and d.find_elements(By.CSS_SELECTOR, ".grid .slot"), "the tag's timeline")
    heading = driver.find_element(By.TAG_NAME, "h2").text
    assert heading == "Timeline: #holiday", heading
    assert len(driver.find_elements(By.CSS_SELECTOR, ".grid .slot")) == 5
    driver.find_element(By.LINK_TEXT, "Search").click()
    box = wait(driver, lambda d: d.find_element(By.ID, "q"), "the search box")
    box.send_keys("holiday\n")
    wait(driver, lambda d: d.find_elements(By.ID, "matches"), "search results")
    matches = driver.find_element(By.ID, "matches").text
    assert matches == "5 photos match", matches
    captions = [c.text for c in driver.find_elements(By.CSS_SELECTOR, ".grid .caption")]
    assert len(captions) == 5 and all(c[:2] == "20" for c in captions), captions
    images = driver.execute_script(
        "return Array.prototype.filter.call(document.querySelectorAll('.grid img'),"
        " function (i) { return i.complete && i.naturalWidth > 0; }).length;")
    assert images == 5, "thumbnails by media URL: %d" % images
    shot(driver, "10-search")


def test_country_outlines(driver, base):
    driver.get(base + "/")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "map ready")
    wait(driver, lambda d: d.find_element(By.ID, "map").get_attribute("data-countries") == "177", "country outlines loaded")
    driver.execute_script("document.getElementById('map').geoalbumMap.setView([47, 4], 5, {animate: false});")
    time.sleep(0.5)
    paths = driver.execute_script("return document.querySelectorAll('.leaflet-overlay-pane path').length;")
    assert paths >= 1, "outlines are drawn: %d paths" % paths
    visible = driver.execute_script(
        "return Array.prototype.filter.call(document.querySelectorAll('.country-label'),"
        " function (l) { return l.offsetParent !== null; }).map(function (l) { return l.textContent; });")
    assert "France" in visible, "country names at zoom 5: %s" % visible[:20]
    shot(driver, "11-countries-zoom-5")
    driver.execute_script("document.getElementById('map').geoalbumMap.setView([20, 0], 1, {animate: false});")
    time.sleep(0.5)
    shot(driver, "11-world-zoom")
    driver.execute_script("document.getElementById('map').geoalbumMap.setView([%f, %f], 12, {animate: false});" % PARIS)
    wait(driver, lambda d: int(d.find_element(By.ID, "map").get_attribute("data-cities") or "0") > 0, "city names at city zoom")
    names = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('.city-label'), function (l) { return l.textContent; });")
    assert "Paris" in names, "GeoNames places at city zoom: %s" % names[:20]
    assert "GeoNames" in driver.find_element(By.ID, "status").text, "the places are credited"
    shot(driver, "12-city-zoom")
    # A pin's popup is made when it is clicked: its link, count and place.
    driver.find_element(By.CSS_SELECTOR, "img.leaflet-marker-icon").click()
    link = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".leaflet-popup-content a"), "the pin's popup")
    assert "/pins/" in link.get_attribute("href") and "photos)" in link.text, link.text
    wait(driver, lambda d: "France" in d.find_element(By.CSS_SELECTOR, ".leaflet-popup-content .meta").text, "the pin's place in its popup")
    shot(driver, "13-pin-popup")


def main():
    folder = tempfile.mkdtemp(prefix="album-browser-")
    bundle = os.path.join(folder, "bundle")
    os.makedirs(bundle)
    SlowPhotos.folder = bundle
    photos = http.server.ThreadingHTTPServer(("127.0.0.1", 0), SlowPhotos)
    threading.Thread(target=photos.serve_forever, daemon=True).start()
    make_bundle(bundle, photos.server_address[1])
    library = os.path.join(folder, "lib")
    server, base = start_server(library, bundle)
    driver = browser()
    started = time.time()
    steps = []
    try:
        pin_id = test_drop_pin_and_album_fills_in(driver, base)
        steps.append("drop a pin, album fills in live")
        test_new_collection_disabled_then_enabled(driver, pin_id)
        steps.append("New Collection disabled, then enabled")
        test_remove_photo(driver, base, pin_id)
        steps.append("click removes a photo")
        test_region_restored_after_reload(driver, base)
        steps.append("region restored after reload")
        test_static_gallery(driver, library, folder)
        steps.append("static gallery from file://")
        test_tags_and_search(driver, base, library, pin_id)
        steps.append("tags page, tag timeline and search")
        test_country_outlines(driver, base)
        steps.append("country outlines, city names at city zoom, a pin's popup")
        for step in steps:
            print("ok  " + step)
        print("browser tests passed in %.1f s; screenshots in %s" % (time.time() - started, SHOTS))
        print("browser: %d passed, 0 failed" % len(steps))
    except BaseException:
        for step in steps:
            print("ok  " + step)
        print("browser: %d passed, 1 failed" % len(steps))
        raise
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=10)
        photos.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
