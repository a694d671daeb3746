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
     where GeoNames places are drawn as named dots; a pin's popup shows its link and place,
  8. the viewer opens a photo full size (arrows, Escape, its facts); its Remove button takes
     the photo away with an Undo; a pin's title and note are edited (PUT /api/pins/ID),
  9. dragging a pin with the mouse moves it (saved, its new photos fetched),
 10. New Collection on a place with nothing new says why and is enabled again,
 11. a pin is removed after a confirmation,
 12. reminders: Reply (a note), Cancel, Remind me later on a due one; the service worker's
     notification carries the actions; the map: a group's gallery, photos as markers;
     `serve --tiles` with a loopback tile server; Log out; the main flows by keyboard only,
 13. the diary's add sheet while offline (CDP network emulation): a note, a sound, a refused file
     and a check-in wait in the IndexedDB outbox, go out when the network is back, each stored
     once (the page's Idempotency-Key answered again); a long press (CDP touch events) drops a pin,
 14. an entry's page (tags, edit, map, remove); the add sheet from every page, a voice clip recorded
     with Chromium's fake microphone; a pin's tags on its album page and a photo's in the viewer;
     trips (the list, a trip's route and days) and the timeline's "on this day" with its card,
 15. accessibility: axe-core (axe-selenium-python) on every page in the light and dark themes
     (the system's, by emulated prefers-color-scheme, and the header's switch): 0 serious or
     critical violations; every page fits 390 px (no sideways scrolling).
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
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ALBUM = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "album")
SHOTS = os.environ.get("BROWSER_SCREENSHOTS", os.path.join(ROOT, ".build", "browser-screenshots"))
# BROWSER_GOLDEN=docs/screens: also write the README's screens there (each page in both themes).
GOLDEN = os.environ.get("BROWSER_GOLDEN")
GOLDEN_PAGES = ("map", "album", "places", "reminders", "timeline", "diary", "entry-checkin", "trip", "summary-month", "search-results")
PARIS = (48.856613, 2.352222)
LYON = (45.764043, 4.835659)


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
    # Two photos at Lyon: a pin there has no new collection to show after its first album.
    for i in range(2):
        r = dict(records[i])
        r["id"], r["albumId"], r["title"] = 2000 + i, 9, "Lyon %d" % i
        r["latitude"], r["longitude"] = LYON[0] + i * 0.001, LYON[1]
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
                 "--no-first-run", "--disable-background-networking",
                 # A fake microphone (a beep) that needs no permission prompt: the add sheet's voice clip.
                 "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def shot(driver, name):
    os.makedirs(SHOTS, exist_ok=True)
    driver.save_screenshot(os.path.join(SHOTS, name + ".png"))


def wait(driver, condition, what, timeout=30):
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=[NoSuchElementException, StaleElementReferenceException]).until(lambda d: condition(d))
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


def test_viewer_and_remove_photo(driver, base, pin_id):
    before = slots(driver)
    first = driver.find_element(By.CSS_SELECTOR, "#grid .slot.downloaded button.photo")
    first.click()
    viewer = wait(driver, lambda d: d.find_element(By.ID, "viewer") if d.find_element(By.ID, "viewer").get_attribute("open") is not None else None, "the viewer open")
    assert slots(driver) == before, "a click on a picture removes nothing"
    shown = viewer.get_attribute("data-photo")
    wait(driver, lambda d: d.execute_script("var i = document.getElementById('viewer-img'); return i.complete && i.naturalWidth > 0;"), "the original shown")
    src = driver.find_element(By.ID, "viewer-img").get_attribute("src")
    assert src.endswith("/api/media/" + shown), "the original, not the thumbnail: %s" % src
    facts = driver.find_element(By.ID, "viewer-facts").text
    assert "Taken" in facts and "Place" in facts and "France" in facts and "1 of 6" in facts, facts
    shot(driver, "5-viewer")
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    wait(driver, lambda d: d.find_element(By.ID, "viewer").get_attribute("data-photo") != shown, "the next photo by the right arrow")
    assert "2 of 6" in driver.find_element(By.ID, "viewer-facts").text
    driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    wait(driver, lambda d: d.find_element(By.ID, "viewer").get_attribute("data-photo") == shown, "back by the left arrow")
    # Remove, then Undo: nothing is deleted.
    driver.find_element(By.ID, "viewer-remove").click()
    wait(driver, lambda d: len([s for s in d.find_elements(By.CSS_SELECTOR, "#grid .slot") if s.is_displayed()]) == len(before) - 1, "the photo hidden")
    driver.find_element(By.ID, "viewer-close").click()
    undo = wait(driver, lambda d: d.find_element(By.ID, "undo") if d.find_element(By.ID, "undo").is_displayed() else None, "the Undo button")
    shot(driver, "5-photo-removed-undo")
    undo.click()
    wait(driver, lambda d: len(slots(d)) == len(before), "the photo back after Undo")
    time.sleep(4.5)
    album = api(base, "GET", "/api/pins/%s/photos" % pin_id)
    assert any(str(p["id"]) == shown for p in album["photos"]), "undone: still in the library"
    # Remove for good: Escape closes the viewer, the photo is deleted after the undo time.
    driver.find_element(By.CSS_SELECTOR, '#grid .slot[data-id="%s"] button.photo' % shown).click()
    wait(driver, lambda d: d.find_element(By.ID, "viewer").get_attribute("data-photo") == shown, "the viewer on the photo")
    driver.find_element(By.ID, "viewer-remove").click()
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver, lambda d: d.find_element(By.ID, "viewer").get_attribute("open") is None, "Escape closes the viewer")
    wait(driver, lambda d: d.find_element(By.ID, "album").get_attribute("data-removed") == shown, "the photo deleted after the undo time", timeout=15)
    album = api(base, "GET", "/api/pins/%s/photos" % pin_id)
    assert all(str(p["id"]) != shown for p in album["photos"]), "removed in the library too"
    assert len(slots(driver)) == len(before) - 1


def test_edit_title_and_note(driver, base, pin_id):
    driver.find_element(By.ID, "edit").click()
    title = wait(driver, lambda d: d.find_element(By.ID, "edit-title") if d.find_element(By.ID, "edit-title").is_displayed() else None, "the edit form")
    title.clear()
    title.send_keys("Paris <b>left bank</b>")
    driver.find_element(By.ID, "edit-note").send_keys("Croissants & museums")
    shot(driver, "5-edit-pin")
    driver.find_element(By.CSS_SELECTOR, "#edit-pin button[type=submit]").click()
    wait(driver, lambda d: d.find_element(By.ID, "title").text == "Paris <b>left bank</b>", "the new title shown")
    assert driver.find_element(By.ID, "note").text == "Croissants & museums"
    pin = api(base, "GET", "/api/pins/" + pin_id)
    assert pin["title"] == "Paris <b>left bank</b>" and pin["note"] == "Croissants & museums", pin
    driver.refresh()
    wait(driver, lambda d: d.find_element(By.ID, "title").text == "Paris <b>left bank</b>", "the title after a reload")
    # Clearing the note through the API (null clears; an absent title stays).
    pin = api(base, "PUT", "/api/pins/" + pin_id, {"note": None})
    assert pin["note"] is None and pin["title"] == "Paris <b>left bank</b>", pin


def test_drag_pin(driver, base, pin_id):
    pin = api(base, "GET", "/api/pins/" + pin_id)
    before = [p["id"] for p in api(base, "GET", "/api/pins/%s/photos" % pin_id)["photos"]]
    driver.get(base + "/")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "map ready")
    driver.execute_script("document.getElementById('map').geoalbumMap.setView([%f, %f], 14, {animate: false});" % (pin["latitude"], pin["longitude"]))
    # Zoomed in, the pin's marker is its first photo (map.js swaps the icon once the thumbnail
    # is known): dragged as such.
    marker = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".leaflet-marker-icon.thumb-marker"), "the pin's photo marker")
    actions = ActionChains(driver).click_and_hold(marker)
    for _ in range(6):
        actions.move_by_offset(10, 0).pause(0.05)
    actions.release().perform()
    wait(driver, lambda d: d.find_element(By.ID, "map").get_attribute("data-moved") == pin_id, "the drag saved")
    moved = api(base, "GET", "/api/pins/" + pin_id)
    assert moved["longitude"] > pin["longitude"] + 0.001 and abs(moved["latitude"] - pin["latitude"]) < 0.001, (pin, moved)
    assert "Moved" in driver.find_element(By.ID, "status").text
    shot(driver, "6-pin-dragged")

    def refetched(d):
        album = api(base, "GET", "/api/pins/%s/photos" % pin_id)
        ids = [p["id"] for p in album["photos"]]
        return not album["downloading"] and ids and not set(ids) & set(before) and all(p["state"] == "downloaded" for p in album["photos"])
    wait(driver, refetched, "the moved pin's album fetched again")
    driver.refresh()
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "map ready after reload")
    at = driver.execute_script("var m = document.getElementById('map').geoalbumMap, out = null;"
                               " m.eachLayer(function (l) { if (l.pin && l.pin.id == %s) { out = [l.getLatLng().lat, l.getLatLng().lng]; } }); return out;" % pin_id)
    assert at and abs(at[1] - moved["longitude"]) < 1e-5, "the marker stays where it was dragged after a reload: %s" % at


def test_new_collection_nothing_new(driver, base):
    pin = api(base, "POST", "/api/pins", {"latitude": LYON[0], "longitude": LYON[1], "title": "Lyon"})
    pin_id = str(pin["id"])
    driver.get(base + "/pins/" + pin_id)
    wait(driver, lambda d: slots(d) == ["downloaded"] * 2 and d.find_element(By.ID, "new-collection").get_attribute("disabled") is None,
         "Lyon's 2 photos and New Collection enabled")
    driver.find_element(By.ID, "new-collection").click()
    wait(driver, lambda d: d.find_element(By.ID, "problem").is_displayed() and d.find_element(By.ID, "new-collection").get_attribute("disabled") is None,
         "why nothing changed, and the button enabled again")
    text = driver.find_element(By.ID, "problem").text
    assert "has not shown before" in text, text
    assert slots(driver) == ["downloaded"] * 2, "the album unchanged"
    shot(driver, "10-new-collection-nothing-new")
    # Again: the same answer, not stuck.
    driver.find_element(By.ID, "new-collection").click()
    wait(driver, lambda d: d.find_element(By.ID, "problem").is_displayed() and d.find_element(By.ID, "new-collection").get_attribute("disabled") is None,
         "the second time too")
    return pin_id


def test_travel_book(driver, base):
    driver.get(base + "/places")
    driver.find_element(By.ID, "add-place").click()
    map_element = wait(driver, lambda d: d.find_element(By.ID, "pick-map"), "the add form")
    wait(driver, lambda d: d.execute_script("return !!document.getElementById('pick-map').geoalbumMap;"), "its map")
    driver.execute_script("document.getElementById('pick-map').geoalbumMap.setView([%f, %f], 12, {animate: false});" % PARIS)
    ActionChains(driver).context_click(map_element).perform()
    wait(driver, lambda d: d.find_element(By.ID, "place-lat").get_attribute("value"), "the position picked on the map")
    lat = float(driver.find_element(By.ID, "place-lat").get_attribute("value"))
    lon = float(driver.find_element(By.ID, "place-lon").get_attribute("value"))
    assert abs(lat - PARIS[0]) < 0.05 and abs(lon - PARIS[1]) < 0.05, (lat, lon)
    driver.find_element(By.ID, "place-title").send_keys("Montmartre")
    driver.find_element(By.ID, "place-note").send_keys("Sacre-Coeur at dawn")
    shot(driver, "15-add-place")
    driver.find_element(By.CSS_SELECTOR, "#new-place button[type=submit]").click()
    wait(driver, lambda d: "/pins/" in d.current_url and d.find_element(By.ID, "title").text == "Montmartre", "the new place's album")
    pin_id = driver.current_url.rsplit("/", 1)[1]
    assert driver.find_element(By.ID, "note").text == "Sacre-Coeur at dawn"
    wait(driver, lambda d: d.find_element(By.ID, "album").get_attribute("data-downloading") == "false", "its album fetched")
    driver.get(base + "/places")
    row = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, '#places li[data-pin="%s"]' % pin_id), "the place in the list")
    assert "Montmartre" in row.find_element(By.CSS_SELECTOR, "a.name").text
    assert row.find_element(By.CSS_SELECTOR, ".comment").text == "Sacre-Coeur at dawn"
    assert "France" in row.text and "added 20" in row.text, row.text
    assert row.find_element(By.CSS_SELECTOR, ".count").text.endswith("photos"), row.text
    shot(driver, "16-places")
    row.find_element(By.CSS_SELECTOR, "a.name").click()
    wait(driver, lambda d: d.current_url.endswith("/pins/" + pin_id), "the place's detail")
    return pin_id


def test_reminders(driver, base, pin_id):
    driver.get(base + "/reminders")
    wait(driver, lambda d: d.find_element(By.ID, "add-reminder"), "the reminders screen")
    driver.find_element(By.ID, "reminder-text").send_keys("Water the plants")
    driver.find_element(By.CSS_SELECTOR, "input[name=kind][value=daily]").click()
    assert not driver.find_element(By.ID, "reminder-date").is_displayed(), "no day for a daily reminder"
    driver.execute_script("document.getElementById('reminder-time').value = '09:30';")
    driver.find_element(By.CSS_SELECTOR, "#add-reminder button[type=submit]").click()
    row = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#reminder-list li"), "the new reminder listed")
    assert "Water the plants" in row.text and "every day at 09:30" in row.text, row.text
    # Weekly, for a place.
    driver.find_element(By.CSS_SELECTOR, "input[name=kind][value=weekly]").click()
    driver.find_element(By.CSS_SELECTOR, "#reminder-weekday option[value=friday]").click()
    driver.find_element(By.CSS_SELECTOR, '#reminder-pin option[value="%s"]' % pin_id).click()
    driver.execute_script("document.getElementById('reminder-time').value = '18:05';")
    driver.find_element(By.CSS_SELECTOR, "#add-reminder button[type=submit]").click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#reminder-list li")) == 2, "the weekly reminder listed")
    assert any("every Friday at 18:05" in li.text for li in driver.find_elements(By.CSS_SELECTOR, "#reminder-list li"))
    # A bad time is refused with a clear message, nothing stored.
    driver.find_element(By.CSS_SELECTOR, "input[name=kind][value=once]").click()
    driver.execute_script("document.getElementById('reminder-date').value = '2020-01-01'; document.getElementById('reminder-time').value = '08:00';")
    driver.find_element(By.CSS_SELECTOR, "#add-reminder button[type=submit]").click()
    problem = wait(driver, lambda d: d.find_element(By.ID, "problem") if d.find_element(By.ID, "problem").is_displayed() else None, "no text, no place")
    assert "needs a pinId or text" in problem.text, problem.text
    driver.find_element(By.ID, "reminder-text").send_keys("Too late")
    driver.execute_script("document.getElementById('reminder-date').value = '2020-01-01'; document.getElementById('reminder-time').value = '08:00';")
    driver.find_element(By.CSS_SELECTOR, "#add-reminder button[type=submit]").click()
    problem = wait(driver, lambda d: d.find_element(By.ID, "problem") if d.find_element(By.ID, "problem").is_displayed() else None, "the refusal")
    assert "already passed" in problem.text and "allowPast" in problem.text, problem.text
    assert len(api(base, "GET", "/api/reminders")) == 2
    # One already due (stored through the API): shown as due on the page, with its actions.
    api(base, "POST", "/api/reminders", {"kind": "once", "at": "2024-01-01 08:00", "text": "Pack the camera", "zone": "UTC", "allowPast": True})
    driver.refresh()
    box = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#due .due-reminder"), "the due reminder shown")
    assert "Pack the camera" in box.text
    labels = [b.text for b in box.find_elements(By.CSS_SELECTOR, "button[data-act]")]
    assert labels == ["Reply", "Cancel", "Remind me later"], labels
    shot(driver, "17-reminders")
    # Reply: a note about the reminder in the diary, tagged "reminder".
    packed = [r for r in api(base, "GET", "/api/reminders") if r["text"] == "Pack the camera"][0]
    box.find_element(By.CSS_SELECTOR, "button[data-act=reply]").click()
    field = wait(driver, lambda d: d.find_element(By.ID, "reply-%d" % packed["id"]), "the reply field")
    assert driver.switch_to.active_element == field, "the reply field has the focus"
    field.send_keys("Camera packed, and the spare battery")
    box.find_element(By.CSS_SELECTOR, "form.reply button[type=submit]").click()
    saved = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#due p.replied"), "the reply kept")
    entry = api(base, "GET", "/api/entries/" + saved.text.split("note ")[1].split(" ")[0])
    assert "Camera packed, and the spare battery" in json.dumps(entry) and "reminder" in json.dumps(entry.get("tags")), entry
    # The browser's own notification, through the service worker, carries the actions.
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["notifications"]})
    driver.refresh()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#due .due-reminder"), "the due reminder shown again")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-worker") == "active", "the service worker active")
    notes = wait(driver, lambda d: d.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "navigator.serviceWorker.getRegistration('/assets/').then(function (r) { return r ? r.getNotifications() : []; })"
        ".then(function (ns) { done(ns.map(function (n) { return {data: n.data, actions: n.actions.map(function (a) { return a.action; })}; })); })"
        ".catch(function (e) { done([]); });") or None, "a notification shown by the service worker")
    mine = [n for n in notes if n["data"] and n["data"].get("reminder") == packed["id"]]
    assert mine and mine[0]["actions"][-2:] == ["cancel", "later"], notes
    box = driver.find_element(By.CSS_SELECTOR, "#due .due-reminder")
    box.find_element(By.CSS_SELECTOR, "button[data-act=snooze]").click()
    wait(driver, lambda d: "(snoozed)" in d.execute_script("var l = document.getElementById('reminder-list'); return l ? l.textContent : '';"), "snoozed")
    packed = [r for r in api(base, "GET", "/api/reminders") if r["text"] == "Pack the camera"][0]
    assert packed["snoozedUntil"] and packed["state"] == "active", packed
    driver.find_element(By.XPATH, "//li[contains(., 'Water the plants')]//button[@data-act='done']").click()
    wait(driver, lambda d: d.execute_script("var l = Array.prototype.filter.call(document.querySelectorAll('#reminder-list li'),"
                                            " function (li) { return li.textContent.indexOf('Water the plants') >= 0; });"
                                            " return l.length === 1 && l[0].getAttribute('data-state') === 'done';"), "done")
    assert [r["state"] for r in api(base, "GET", "/api/reminders") if r["text"] == "Water the plants"] == ["done"]


def test_cluster_gallery_and_thumbnail_markers(driver, base):
    driver.get(base + "/")
    ready(driver)
    pins = api(base, "GET", "/api/map/pins")
    assert len(pins) >= 2, pins
    # At zoom 2, Paris and Lyon (400 km apart) are one group: a click opens its photos.
    driver.execute_script("document.getElementById('map').geoalbumMap.setView([47, 3.5], 2, {animate: false});")
    group = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".marker-cluster"), "a group of pins")
    group.click()
    gallery = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "dialog#cluster-gallery[open]"), "the group's gallery")
    wait(driver, lambda d: int(gallery.get_attribute("data-photos") or "0") >= 2, "its photos")
    images = gallery.find_elements(By.CSS_SELECTOR, ".grid img")
    assert images and all(img.get_attribute("alt") for img in images), "each photo has a text"
    assert gallery.find_element(By.ID, "gallery-title").text.endswith("photos")
    shot(driver, "map-gallery")
    problems = axe(driver, "map gallery")
    assert not problems, problems
    zoom_before = driver.execute_script("return document.getElementById('map').geoalbumMap.getZoom();")
    gallery.find_element(By.XPATH, ".//button[.='Zoom in']").click()
    wait(driver, lambda d: d.execute_script("return document.getElementById('map').geoalbumMap.getZoom();") > zoom_before, "zoomed in")
    assert not driver.find_elements(By.CSS_SELECTOR, "dialog#cluster-gallery[open]")
    # Zoomed in on a pin with photos: its first photo is its marker.
    best = max(pins, key=lambda p: p[3])
    assert best[3] > 0, pins
    driver.execute_script("document.getElementById('map').geoalbumMap.setView([%f, %f], 14, {animate: false});" % (best[1], best[2]))
    marker = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".thumb-marker img"), "a photo as a marker")
    wait(driver, lambda d: d.execute_script("var i = arguments[0]; return i.complete && i.naturalWidth > 0;", marker), "its thumbnail loaded")
    assert "/api/media/" in marker.get_attribute("src") and marker.get_attribute("alt"), marker.get_attribute("outerHTML")
    shot(driver, "map-thumbnails")


def tab_to(driver, matches, what, limit=80):
    """Presses Tab until the focused element matches (the keyboard is the only input)."""
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.execute_script("var e = document.activeElement; return !!(e && e.matches && e.matches(arguments[0]));", matches):
            return driver.switch_to.active_element
    raise AssertionError("Tab never reached " + what)


def keys(driver, *sequence):
    ActionChains(driver).send_keys(*sequence).perform()


def test_keyboard_only(driver, base):
    """The main flows with the keyboard alone: add a reminder; open a group's gallery on the map
    and close it; open a pin's popup and follow its link to the album."""
    driver.get(base + "/reminders")
    wait(driver, lambda d: d.find_element(By.ID, "add-reminder"), "the reminders screen")
    before = len(api(base, "GET", "/api/reminders"))
    tab_to(driver, "#reminder-text", "the reminder's text")
    keys(driver, "Buy film by keyboard")
    tab_to(driver, "input[name=kind][value=once]", "the kinds")
    keys(driver, Keys.ARROW_RIGHT)  # Every day
    assert driver.execute_script("return document.querySelector('#add-reminder input[name=kind]:checked').value;") == "daily"
    tab_to(driver, "#reminder-time", "the time")
    keys(driver, "0745A")  # the A for AM where the locale shows a 12-hour field
    keys(driver, Keys.ENTER)
    wait(driver, lambda d: len(api(base, "GET", "/api/reminders")) == before + 1, "the reminder added by keyboard")
    added = [r for r in api(base, "GET", "/api/reminders") if r["text"] == "Buy film by keyboard"]
    assert added and added[0]["rule"].endswith("07:45"), added
    api(base, "DELETE", "/api/reminders/%d" % added[0]["id"])  # the reminders test starts from none
    # The map: a group by Tab and Enter opens its gallery; Escape closes it.
    driver.get(base + "/")
    ready(driver)
    driver.execute_script("document.getElementById('map').geoalbumMap.setView([47, 3.5], 2, {animate: false});")
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".marker-cluster"), "a group of pins")
    tab_to(driver, ".marker-cluster", "the group")
    keys(driver, Keys.ENTER)
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "dialog#cluster-gallery[open]"), "the gallery by keyboard")
    assert driver.switch_to.active_element.text == "Zoom in", "the gallery's first button has the focus"
    keys(driver, Keys.ESCAPE)
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog#cluster-gallery[open]"), "Escape closes the gallery")
    # A pin: Tab to its marker, Enter opens its popup, Tab to its link, Enter opens the album.
    pins = api(base, "GET", "/api/map/pins")
    best = max(pins, key=lambda p: p[3])
    driver.execute_script("document.getElementById('map').geoalbumMap.setView([%f, %f], 14, {animate: false});" % (best[1], best[2]))
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".leaflet-marker-icon.thumb-marker"), "the pin's photo marker")
    tab_to(driver, ".leaflet-marker-icon.thumb-marker", "the pin's marker")
    keys(driver, Keys.ENTER)
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".leaflet-popup-content a"), "the popup by keyboard")
    tab_to(driver, ".leaflet-popup-content a", "the popup's link")
    keys(driver, Keys.ENTER)
    wait(driver, lambda d: d.current_url.endswith("/pins/%d" % best[0]), "the album by keyboard")


class Tiles(http.server.BaseHTTPRequestHandler):
    """A tile server on loopback: a 256×256 PNG for every /z/x/y.png, the paths asked kept."""
    asked = []
    png = None

    def do_GET(self):
        Tiles.asked.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(Tiles.png)))
        self.end_headers()
        self.wfile.write(Tiles.png)

    def log_message(self, *args):
        pass


def solid_png(size, rgb):
    import struct
    import zlib
    row = b"\x00" + bytes(rgb) * size
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * size)) + chunk(b"IEND", b""))


def test_tiles_and_logout(driver, folder):
    """`album serve --tiles` on a library with a user: the map's tiles come from a loopback tile
    server, with its credit (the page's Content-Security-Policy lets them in); the header shows
    who is logged in and a Log out button, which ends the session."""
    Tiles.png = solid_png(256, (170, 211, 223))
    tiles = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Tiles)
    threading.Thread(target=tiles.serve_forever, daemon=True).start()
    library = os.path.join(folder, "users-lib")
    made = subprocess.run([ALBUM, "user", "add", "ann@example.org", "--library", library], input="a long enough password\n",
                          capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    template = "http://127.0.0.1:%d/{z}/{x}/{y}.png" % tiles.server_address[1]
    process = subprocess.Popen([ALBUM, "serve", "--port", "0", "--json", "--library", library, "--tiles", template,
                                "--tiles-attribution", "Test tiles <b>&</b> co"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        text = ""
        while not text.rstrip().endswith("}"):
            line = process.stdout.readline()
            if not line:
                raise AssertionError("album serve --tiles did not start: " + process.stderr.read())
            text += line
        base = json.loads(text)["url"].rstrip("/")
        driver.get(base + "/")
        wait(driver, lambda d: d.find_element(By.ID, "email"), "the login page")
        driver.find_element(By.ID, "email").send_keys("ann@example.org")
        driver.find_element(By.ID, "password").send_keys("a long enough password" + Keys.ENTER)
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the map, logged in")
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "img.leaflet-tile-loaded")) >= 1, "tiles from the tile server")
        assert any(p.endswith(".png") and p.count("/") == 3 for p in Tiles.asked), Tiles.asked
        credit = driver.find_element(By.CSS_SELECTOR, ".leaflet-control-attribution").text
        assert "Test tiles <b>&</b> co" in credit, credit
        header = driver.find_element(By.TAG_NAME, "header").text
        assert "ann@example.org" in header, header
        shot(driver, "map-tiles")
        problems = axe(driver, "map with tiles, logged in")
        assert not problems, problems
        driver.find_element(By.ID, "logout").click()
        wait(driver, lambda d: d.find_element(By.ID, "email"), "the login page after Log out")
        driver.get(base + "/places")
        wait(driver, lambda d: d.find_element(By.ID, "email"), "the session ended: back to the login page")
    finally:
        process.terminate()
        process.wait(timeout=10)
        tiles.shutdown()


def timeline_items(driver):
    """The timeline page's photos and entries in page order: ("photo", id) or (kind, id); look-alikes
    folded under a tile count (hidden), and a tile with a fold badge holds its link."""
    return driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#timeline-groups .slot, #timeline-groups .entry'),"
        " function (e) { var a = e.matches('a') ? e : e.querySelector('a');"
        " return e.classList.contains('slot') ? ['photo', parseInt(a.getAttribute('href').split('/').pop(), 10) || 0]"
        " : [e.getAttribute('data-kind'), parseInt(e.getAttribute('data-id'), 10)]; });")


def test_timeline_range_scroll_and_summary_picker(driver, base):
    photos = api(base, "GET", "/api/entries?pageSize=1")["total"]
    # The timeline mixes photos and entries (the diary's, added before), as the API's kind list does.
    mixed = api(base, "GET", "/api/entries?by=day&pageSize=1000&kind=photo,note,song,audio,checkin")
    total = mixed["total"]
    assert total > photos, "the diary's entries are on the timeline: %d items, %d photos" % (total, photos)
    expected = [[i["kind"], i["id"]] for g in mixed["groups"] for i in g["items"]]
    # Infinite scroll: 2 items a page, every photo and entry there after scrolling to the end, in
    # the API's order (an entry among the photos of its day, full width).
    driver.get(base + "/timeline?by=day&pageSize=2")
    wait(driver, lambda d: len(timeline_items(d)) >= 2, "the first page")
    def scrolled(d):
        d.execute_script("window.scrollTo(0, document.body.scrollHeight);")
        return len(timeline_items(d)) == total
    wait(driver, scrolled, "every photo and entry after scrolling (%d)" % total)
    pages = int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-pages-loaded") or "1")
    assert pages == (total + 1) // 2, "%d pages of 2 loaded by scrolling, for %d items" % (pages, total)
    keys = [g.get_attribute("data-key") for g in driver.find_elements(By.CSS_SELECTOR, "#timeline-groups section.group")]
    assert len(keys) == len(set(keys)), "a day split across pages is one group: %s" % keys
    assert not driver.find_elements(By.ID, "older"), "no older page at the end"
    # A photo's slot links to its pin's album (not the photo): kinds in order, and the entries' ids.
    shown = timeline_items(driver)
    assert [k for k, _ in shown] == [k for k, _ in expected], "the page's order is the API's:\n%s\n%s" % (shown, expected)
    assert [i for k, i in shown if k != "photo"] == [i for k, i in expected if k != "photo"]
    entry = driver.find_element(By.CSS_SELECTOR, "#timeline-groups .entry")
    grid = entry.find_element(By.XPATH, "..")
    assert abs(entry.size["width"] - grid.size["width"]) < 2, "an entry spans its group's grid (%s, %s)" % (entry.size, grid.size)
    # The kind filter, kept across segments; photos only, or one kind of entry.
    driver.find_element(By.CSS_SELECTOR, "#timeline-kinds").find_element(By.LINK_TEXT, "Notes").click()
    wait(driver, lambda d: "kind=note" in d.current_url, "the Notes filter")
    kinds = set(k for k, _ in timeline_items(driver))
    assert kinds == {"note"}, kinds
    driver.find_element(By.LINK_TEXT, "Month").click()
    wait(driver, lambda d: "by=month" in d.current_url and "kind=note" in d.current_url, "the kind kept by the Month segment")
    assert driver.find_elements(By.CSS_SELECTOR, ".entry .entry-day"), "by month, an entry shows its day"
    driver.find_element(By.CSS_SELECTOR, "#timeline-kinds").find_element(By.LINK_TEXT, "Photos").click()
    wait(driver, lambda d: "kind=photo" in d.current_url, "the Photos filter")
    assert not driver.find_elements(By.CSS_SELECTOR, "#timeline-groups .entry"), "photos only"
    assert driver.find_element(By.ID, "timeline-count").text == "%d photos" % photos
    # The date range, kept across segments; a range with no photo says so.
    driver.get(base + "/timeline?by=month")
    driver.execute_script("document.getElementById('from').value = '2024-06-14'; document.getElementById('to').value = '2024-06-14';")
    driver.find_element(By.CSS_SELECTOR, "#range button[type=submit]").click()
    wait(driver, lambda d: "from=2024-06-14" in d.current_url, "the range applied")
    assert driver.find_element(By.ID, "timeline-count").text == "%d photos" % photos
    driver.find_element(By.LINK_TEXT, "Day").click()
    wait(driver, lambda d: "by=day" in d.current_url and "from=2024-06-14" in d.current_url and "to=2024-06-14" in d.current_url, "the range kept by the Day segment")
    assert driver.find_element(By.ID, "from").get_attribute("value") == "2024-06-14"
    shot(driver, "18-timeline-range")
    driver.get(base + "/timeline?by=day&from=2024-07-01&to=2024-07-31")
    assert driver.find_element(By.CSS_SELECTOR, ".no-images").text == "No Images"
    # The summary opens on the newest photo's year, and the picker chooses a month.
    driver.get(base + "/summary")
    assert driver.find_element(By.CSS_SELECTOR, "main h2").text == "2024", driver.find_element(By.CSS_SELECTOR, "main h2").text
    driver.find_element(By.CSS_SELECTOR, '#month option[value="6"]').click()
    driver.find_element(By.CSS_SELECTOR, "#period button[type=submit]").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "main h2").text == "June 2024", "June 2024 picked")
    assert driver.find_elements(By.CSS_SELECTOR, "img.card"), "its card"
    # A period that is not one: said on the page, with the picker, never raw JSON.
    driver.get(base + "/summary?year=2024&month=2024-06")
    problem = driver.find_element(By.ID, "problem").text
    assert "month" in problem and "2024-06" in problem, problem
    assert driver.find_elements(By.ID, "period"), "the picker is there"


def test_remove_pin(driver, base, pin_id):
    driver.get(base + "/pins/" + pin_id)
    wait(driver, lambda d: d.find_element(By.ID, "album").get_attribute("data-downloading") is not None, "the album live")
    driver.find_element(By.ID, "remove-pin").click()
    dialog = wait(driver, lambda d: d.find_element(By.ID, "confirm-remove") if d.find_element(By.ID, "confirm-remove").is_displayed() else None, "the confirmation")
    shot(driver, "14-remove-pin-confirm")
    dialog.find_element(By.CSS_SELECTOR, "button[value=keep]").click()
    time.sleep(0.3)
    assert api(base, "GET", "/api/pins/" + pin_id)["id"] == int(pin_id), "Keep it keeps the pin"
    driver.find_element(By.ID, "remove-pin").click()
    wait(driver, lambda d: d.find_element(By.ID, "confirm-remove").is_displayed(), "the confirmation again")
    driver.find_element(By.ID, "confirm-remove-yes").click()
    wait(driver, lambda d: "removed=" + pin_id in d.current_url, "back on the map")
    wait(driver, lambda d: ("Pin %s was removed" % pin_id) in d.find_element(By.ID, "status").text, "the map says so")
    try:
        api(base, "GET", "/api/pins/" + pin_id)
        raise AssertionError("the pin is still there")
    except urllib.error.HTTPError as error:
        assert error.code == 404, error.code


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
    n = len(api(base, "GET", "/api/pins/%s/photos" % pin_id)["photos"])
    driver.get(base + "/tags")
    link = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#tags a"), "the tags list")
    assert link.text == "#holiday", link.text
    counts = driver.find_element(By.CSS_SELECTOR, "#tags .meta").text
    assert counts == "%d photos, 1 pin" % n, counts
    shot(driver, "9-tags")
    link.click()
    wait(driver, lambda d: "tag=holiday" in d.current_url and d.find_elements(By.CSS_SELECTOR, ".grid .slot"), "the tag's timeline")
    heading = driver.find_element(By.CSS_SELECTOR, "main h2").text
    assert heading == "Timeline: #holiday", heading
    assert len(driver.find_elements(By.CSS_SELECTOR, ".grid .slot")) == n
    driver.find_element(By.LINK_TEXT, "Search").click()
    box = wait(driver, lambda d: d.find_element(By.ID, "q"), "the search box")
    box.send_keys("holiday\n")
    wait(driver, lambda d: d.find_elements(By.ID, "matches"), "search results")
    matches = driver.find_element(By.ID, "matches").text
    assert matches == "%d photos match" % n, matches
    captions = [c.text for c in driver.find_elements(By.CSS_SELECTOR, ".grid .caption")]
    assert len(captions) == n and all(c[:2] == "20" for c in captions), captions
    # Thumbnails load lazily: waited for (under load some were still loading when looked at once).
    def loaded(d):
        return d.execute_script(
            "return Array.prototype.filter.call(document.querySelectorAll('.grid img'),"
            " function (i) { return i.complete && i.naturalWidth > 0; }).length;")
    wait(driver, lambda d: loaded(d) == n, "%d thumbnails by media URL" % n)
    shot(driver, "10-search")


def wav_file(folder, seconds=1.0, rate=16000):
    """A mono 16-bit WAV of a 440 Hz tone that swells: a sound to upload."""
    import math
    import struct
    import wave
    path = os.path.join(folder, "voice.wav")
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        n = int(seconds * rate)
        w.writeframes(b"".join(struct.pack("<h", int(12000 * (i / n) * math.sin(2 * math.pi * 440 * i / rate))) for i in range(n)))
    return path


def outbox_states(driver):
    return driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#outbox li'), function (li) {"
        " return {key: li.getAttribute('data-key'), state: li.getAttribute('data-state'), text: li.textContent}; });")


def network(driver, offline):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def add_memory(driver, kind, fields):
    driver.find_element(By.ID, "add-open").click()
    wait(driver, lambda d: d.find_element(By.ID, "add-sheet").get_attribute("open") is not None, "the add sheet open")
    driver.find_element(By.CSS_SELECTOR, "#add-kinds input[value=%s]" % kind).click()
    for field, value in fields.items():
        element = driver.find_element(By.ID, field)
        if element.tag_name == "select":
            driver.execute_script("arguments[0].value = arguments[1];", element, value)
        else:
            element.send_keys(value)
    driver.find_element(By.ID, "add-submit").click()
    wait(driver, lambda d: d.find_element(By.ID, "add-sheet").get_attribute("open") is None, "the add sheet closed")


def entries_of(base, kind, tag=None):
    found = api(base, "GET", "/api/entries?type=%s&pageSize=100%s" % (kind, "&tag=" + tag if tag else ""))
    return found["entries"] if isinstance(found, dict) else found


def test_diary_outbox_offline(driver, base, folder, pin_id):
    """The add sheet while the server cannot be reached (Chromium's network emulation): a note, a
    sound and a file the server will refuse wait in the IndexedDB outbox with their keys; back
    online they go out; the server holds each once; the refused one says why and can be
    discarded; a retry with the page's key is answered from the first request."""
    driver.get(base + "/diary")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-outbox") == "ready", "the outbox ready")
    network(driver, True)
    try:
        wait(driver, lambda d: d.execute_script("return navigator.onLine;") is False, "the page sees it is offline")
        text = "Written offline at the bakery %d" % int(time.time())
        add_memory(driver, "note", {"add-text": text, "add-tags": "outbox, bakery"})
        wav = wav_file(folder)
        add_memory(driver, "file", {"add-file": wav})
        bad = os.path.join(folder, "not-a-photo.txt")
        with open(bad, "w") as f:
            f.write("just text\n")
        add_memory(driver, "file", {"add-file": bad})
        add_memory(driver, "place", {"add-pin": pin_id, "add-text": "Coffee offline"})
        # One read for the check and for what is kept: the 5 s retry shows an item as "sending"
        # for a moment before it falls back to waiting (a second read once caught that).
        def all_waiting(d):
            states = outbox_states(d)
            return states if [i["state"] for i in states] == ["waiting"] * 4 and all("will be sent" in i["text"] for i in states) else None
        first = wait(driver, all_waiting, "four waiting in the outbox, saying why")
        assert "offline" in driver.find_element(By.ID, "network").text, driver.find_element(By.ID, "network").text
        assert all("will be sent" in i["text"] for i in first), first
        shot(driver, "20-outbox-offline")
        # A reload while still offline is not possible (the page itself would not load); the
        # outbox is in IndexedDB, so the items are still there for the page after a reload online.
        time.sleep(6)  # past the 5 s retry: still waiting, same keys, nothing on the server
        assert outbox_states(driver) == first or [i["key"] for i in outbox_states(driver)] == [i["key"] for i in first]
        assert not [e for e in entries_of(base, "note", "outbox")], "nothing reached the server while offline"
        # What the outbox holds in IndexedDB: each item with its key and, for JSON, its body.
        stored = driver.execute_async_script(
            "var done = arguments[arguments.length - 1]; var open = indexedDB.open('geoalbum-outbox');"
            " open.onsuccess = function () { var r = open.result.transaction('items').objectStore('items').getAll();"
            " r.onsuccess = function () { done(r.result.map(function (i) { return {key: i.key, kind: i.kind, body: i.body || null, size: i.size || 0}; })); }; };")
        assert sorted(i["key"] for i in stored) == sorted(i["key"] for i in first), stored
        note_body = [i for i in stored if i["body"] and i["body"].get("text") == text][0]
        assert sum(1 for i in stored if i["kind"] == "file" and i["size"] > 0) == 2, "the files themselves are kept: %s" % stored
    finally:
        network(driver, False)
    wait(driver, lambda d: sorted(i["state"] for i in outbox_states(d)) == ["failed", "sent", "sent", "sent"], "the outbox sent", timeout=60)
    after = outbox_states(driver)
    assert sorted(i["key"] for i in after) == sorted(i["key"] for i in first), "the same keys: %s / %s" % (first, after)
    failed = [i for i in after if i["state"] == "failed"][0]
    assert "not-a-photo.txt: not an image" in failed["text"], "the refusal says why: %s" % failed["text"]
    shot(driver, "21-outbox-sent")
    notes = [e for e in entries_of(base, "note", "outbox") if e["text"] == text]
    assert len(notes) == 1, "the note is stored once: %s" % notes
    assert notes[0]["tags"] == ["bakery", "outbox"] or sorted(notes[0]["tags"]) == ["bakery", "outbox"], notes[0]["tags"]
    wait(driver, lambda d: d.find_element(By.ID, "entry-%d" % notes[0]["id"]), "the note shown in its day without a reload")
    sounds = entries_of(base, "audio")
    assert len(sounds) == 1 and sounds[0]["durationMs"] >= 900, sounds
    checkins = [e for e in entries_of(base, "place") if e.get("text") == "Coffee offline"]
    assert len(checkins) == 1 and str(checkins[0]["pinId"]) == pin_id, checkins
    # The server answers the page's key again from the first request: a lost answer retried
    # stores nothing twice.
    request = urllib.request.Request(base + "/api/entries", method="POST", data=json.dumps(note_body["body"]).encode(),
                                     headers={"Content-Type": "application/json", "Idempotency-Key": note_body["key"]})
    with urllib.request.urlopen(request, timeout=10) as response:
        replay = json.loads(response.read())
        assert response.headers.get("Idempotent-Replayed") == "true", dict(response.headers)
    assert replay["id"] == notes[0]["id"], replay
    assert len([e for e in entries_of(base, "note", "outbox") if e["text"] == text]) == 1, "still once"
    # Discard the refused one; the diary shows what arrived, a sound with its player.
    driver.find_element(By.CSS_SELECTOR, '#outbox li[data-key="%s"] button[data-outbox=discard]' % failed["key"]).click()
    wait(driver, lambda d: len([i for i in outbox_states(d) if i["state"] == "failed"]) == 0, "the refused one discarded")
    driver.get(base + "/diary")
    wait(driver, lambda d: d.find_element(By.ID, "entry-%d" % notes[0]["id"]), "the note in the diary")
    assert driver.execute_script("return document.querySelectorAll('#outbox li').length;") == 0, "the outbox is empty after a reload"
    clip = driver.find_element(By.ID, "entry-%d" % sounds[0]["id"])
    assert clip.find_element(By.TAG_NAME, "audio").get_attribute("src").endswith("/api/entries/%d/media" % sounds[0]["id"])
    assert clip.find_elements(By.CSS_SELECTOR, "svg.waveform"), "the clip's waveform"
    duration = driver.execute_script(
        "var a = arguments[0]; return new Promise(function (ok) { a.preload = 'metadata'; a.onloadedmetadata = function () { ok(a.duration); }; a.onerror = function () { ok(-1); }; a.load(); });",
        clip.find_element(By.TAG_NAME, "audio"))
    assert duration and duration > 0.9, "the player reads the clip: %s" % duration
    checkin = driver.find_element(By.ID, "entry-%d" % checkins[0]["id"])
    assert "Checked in at" in checkin.text and checkin.find_elements(By.CSS_SELECTOR, ".grid.small img"), "a check-in with that day's photos at the pin: %s" % checkin.text
    # The kind filter.
    driver.get(base + "/diary?kind=song")
    assert driver.find_element(By.ID, "diary-count").text == "0 entries"
    driver.get(base + "/diary?kind=audio")
    assert driver.find_element(By.ID, "diary-count").text == "1 entry"
    shot(driver, "22-diary")


def entry_tags(base, entry_id):
    return sorted(api(base, "GET", "/api/entries/%d" % entry_id)["tags"])


def test_entry_page(driver, base, pin_id):
    """An entry's page, from its card on the timeline and on the diary: its tags added and removed
    in place, its note edited (rendered safely), its map, a check-in's photos, a clip's player and
    waveform; the entry removed after a confirmation. Returns the pages axe-core checks."""
    note = api(base, "POST", "/api/entries", {"kind": "note", "text": "A page of its own", "at": "2024-06-14T08:00+02:00",
                                              "tags": ["keep", "drop"], "pinId": int(pin_id)})
    driver.get(base + "/timeline?by=day&kind=note")
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#entry-%d a.entry-open" % note["id"]), "the note's card on the timeline").click()
    wait(driver, lambda d: d.current_url.endswith("/entries/%d" % note["id"]), "the note's page")
    assert "A page of its own" in driver.find_element(By.CSS_SELECTOR, ".entry-detail .note-text").text
    # Tags: one added, one removed, in place (no reload), each through the API.
    field = driver.find_element(By.ID, "tag-new")
    field.send_keys("added, more")
    field.send_keys(Keys.ENTER)
    wait(driver, lambda d: d.find_element(By.ID, "entry").get_attribute("data-tags") == "added,drop,keep,more", "the tags added on the page")
    assert entry_tags(base, note["id"]) == ["added", "drop", "keep", "more"]
    driver.find_element(By.CSS_SELECTOR, '#tag-list button[data-remove-tag="drop"]').click()
    wait(driver, lambda d: d.find_element(By.ID, "entry").get_attribute("data-tags") == "added,keep,more", "a tag removed on the page")
    assert entry_tags(base, note["id"]) == ["added", "keep", "more"]
    # Its map, at its pin.
    wait(driver, lambda d: d.find_element(By.ID, "entry-map").get_attribute("data-ready") == "true", "the entry's map")
    assert driver.find_elements(By.CSS_SELECTOR, "#entry-map .leaflet-marker-icon"), "a marker where it was"
    # Edit: the text changed; Markdown drawn, HTML shown as text.
    driver.find_element(By.ID, "entry-edit").click()
    text = driver.find_element(By.ID, "edit-text")
    text.clear()
    text.send_keys("Edited **bold** <img src=x onerror=alert(1)>")
    driver.find_element(By.CSS_SELECTOR, "#edit-entry button[type=submit]").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".entry-detail .note-text strong").text == "bold", "the edited note drawn")
    assert not driver.find_elements(By.CSS_SELECTOR, ".entry-detail .note-text img"), "no HTML from the note"
    assert "<img src=x" in driver.find_element(By.CSS_SELECTOR, ".entry-detail .note-text").text
    assert api(base, "GET", "/api/entries/%d" % note["id"])["text"].startswith("Edited **bold**")
    shot(driver, "30-entry-note")
    # A check-in's page from the diary: that day's photos at the pin, and its map.
    checkin = [e for e in entries_of(base, "place") if e.get("text") == "Coffee offline"][0]
    driver.get(base + "/diary?kind=place")
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#entry-%d a.entry-open" % checkin["id"]), "the check-in's card in the diary").click()
    wait(driver, lambda d: d.current_url.endswith("/entries/%d" % checkin["id"]), "the check-in's page")
    assert driver.find_elements(By.CSS_SELECTOR, ".entry-detail .grid.small img"), "the check-in's photos"
    wait(driver, lambda d: d.find_element(By.ID, "entry-map").get_attribute("data-ready") == "true", "the check-in's map")
    shot(driver, "31-entry-checkin")
    # A sound's page: the waveform across the page and a player that reads the clip.
    sound = entries_of(base, "audio")[0]
    driver.get(base + "/entries/%d" % sound["id"])
    width = driver.execute_script("return document.querySelector('.entry-detail svg.waveform').getBoundingClientRect().width;")
    assert width > 600, "the waveform across the page: %s px" % width
    duration = driver.execute_script(
        "var a = document.querySelector('.entry-detail audio'); return new Promise(function (ok) { a.preload = 'metadata';"
        " a.onloadedmetadata = function () { ok(a.duration); }; a.onerror = function () { ok(-1); }; a.load(); });")
    assert duration and duration > 0.9, "the player reads the clip: %s" % duration
    shot(driver, "32-entry-sound")
    # Remove, after a confirmation: then the diary; the entry is gone.
    driver.get(base + "/entries/%d" % note["id"])
    driver.find_element(By.ID, "entry-remove").click()
    wait(driver, lambda d: d.find_element(By.ID, "confirm-remove").get_attribute("open") is not None, "the confirmation")
    driver.find_element(By.ID, "confirm-remove-yes").click()
    wait(driver, lambda d: d.current_url.endswith("/diary"), "the diary after the removal")
    try:
        api(base, "GET", "/api/entries/%d" % note["id"])
        raise AssertionError("the removed entry is still there")
    except urllib.error.HTTPError as e:
        assert e.code == 404, e.code
    return [("entry-checkin", "/entries/%d" % checkin["id"]), ("entry-sound", "/entries/%d" % sound["id"])]


def test_card_tags(driver, base):
    """Tags edited on a card of the diary and of the timeline: Edit tags, the field with the card's
    tags, one removed and one added; the card redrawn from the answer, the server holds them."""
    note = [e for e in entries_of(base, "note", "outbox") if "bakery" in e["text"]][0]
    for path, new in (("/diary", "bakery, croissant"), ("/timeline?kind=note", "croissant, warm")):
        driver.get(base + path)
        card = wait(driver, lambda d: d.find_element(By.ID, "entry-%d" % note["id"]), "the note's card on " + path)
        card.find_element(By.CSS_SELECTOR, "button.tags-edit").click()
        field = wait(driver, lambda d: d.find_element(By.ID, "tags-of-%d" % note["id"]), "the card's tag field")
        assert field == driver.switch_to.active_element, "the field has the focus"
        field.clear()
        field.send_keys(new + Keys.ENTER)
        want = [t.strip() for t in new.split(",")]
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#entry-%d .entry-tags" % note["id"]).text == " · ".join("#" + t for t in want),
             "the card's tags redrawn on " + path)
        assert not driver.find_elements(By.ID, "tags-of-%d" % note["id"]), "the field closed"
        assert entry_tags(base, note["id"]) == sorted(want), entry_tags(base, note["id"])
    shot(driver, "35-card-tags")


def test_photo_and_pin_tags(driver, base, pin_id):
    """Tags on a pin's album page (chips: added, one removed) and in the viewer for a photo (added,
    removed, kept per photo while the arrows move between photos), each through the API."""
    driver.get(base + "/pins/" + pin_id)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#grid .slot.downloaded button.photo"), "the album's photos")
    field = driver.find_element(By.ID, "pin-tag-new")
    field.send_keys("seine, bridges")
    field.send_keys(Keys.ENTER)
    editor = driver.find_element(By.ID, "pin-tag-editor")
    wait(driver, lambda d: set(editor.get_attribute("data-tags").split(",")) >= {"seine", "bridges"}, "the pin's tags added")
    assert {"seine", "bridges"} <= set(api(base, "GET", "/api/pins/%s/tags" % pin_id)["tags"])
    driver.find_element(By.CSS_SELECTOR, '#pin-tag-list button[data-remove-tag="bridges"]').click()
    wait(driver, lambda d: "bridges" not in editor.get_attribute("data-tags").split(","), "a pin's tag removed")
    assert "bridges" not in api(base, "GET", "/api/pins/%s/tags" % pin_id)["tags"]
    assert driver.switch_to.active_element.get_attribute("id") == "pin-tag-new", "the focus back in the field"
    shot(driver, "36-album-pin-tags")
    # The viewer: the photo's own tags, empty at first; the place's named beside them.
    driver.find_element(By.CSS_SELECTOR, "#grid .slot.downloaded button.photo").click()
    viewer = wait(driver, lambda d: d.find_element(By.ID, "viewer") if d.find_element(By.ID, "viewer").get_attribute("open") is not None else None, "the viewer open")
    first = viewer.get_attribute("data-photo")
    photo_editor = driver.find_element(By.ID, "photo-tag-editor")
    wait(driver, lambda d: photo_editor.get_attribute("data-loaded") == first, "the photo's tags loaded")
    assert photo_editor.get_attribute("data-tags") == "", photo_editor.get_attribute("data-tags")
    assert "#seine" in driver.find_element(By.ID, "viewer-pin-tags").text
    field = driver.find_element(By.ID, "photo-tag-new")
    field.send_keys("sunset, river")
    field.send_keys(Keys.ARROW_LEFT)  # moves the caret, not the viewer
    assert viewer.get_attribute("data-photo") == first, "an arrow in the field stays on the photo"
    field.send_keys(Keys.ENTER)
    wait(driver, lambda d: photo_editor.get_attribute("data-tags") == "river,sunset", "the photo's tags added")
    assert api(base, "GET", "/api/photos/%s/tags" % first)["tags"] == ["river", "sunset"]
    shot(driver, "37-viewer-tags")
    driver.find_element(By.CSS_SELECTOR, '#photo-tag-list button[data-remove-tag="river"]').click()
    wait(driver, lambda d: photo_editor.get_attribute("data-tags") == "sunset", "a photo's tag removed")
    assert api(base, "GET", "/api/photos/%s/tags" % first)["tags"] == ["sunset"]
    # The next photo has its own (none); back again, the first's.
    driver.find_element(By.ID, "viewer-next").click()
    wait(driver, lambda d: viewer.get_attribute("data-photo") != first and photo_editor.get_attribute("data-loaded") == viewer.get_attribute("data-photo"),
         "the next photo's tags loaded")
    assert photo_editor.get_attribute("data-tags") == "" and not driver.find_elements(By.CSS_SELECTOR, "#photo-tag-list li")
    driver.find_element(By.ID, "viewer-prev").click()
    wait(driver, lambda d: photo_editor.get_attribute("data-loaded") == first, "back to the first photo")
    assert photo_editor.get_attribute("data-tags") == "sunset"
    assert [li.text.split("\n")[0] for li in driver.find_elements(By.CSS_SELECTOR, "#photo-tag-list li")][0].startswith("#sunset")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver, lambda d: viewer.get_attribute("open") is None, "the viewer closed")
    # The photo's tag finds it: the tag's timeline.
    driver.get(base + "/timeline?tag=sunset")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".grid .slot")) == 1, "the photo on its tag's timeline")


def hamming(a, b):
    return bin(int(a, 16) ^ int(b, 16)).count("1")


def check_folds(driver, base, grid_selector, what):
    """The folds on the page now: every "+N" badge has N hidden look-alikes (data-fold-of its
    tile's id), each within 7 bits (`album dupes`' threshold) of another photo of its fold, and
    no two tiles shown in one grid are within 7 bits. Returns the badges' ids."""
    state = driver.execute_script(
        "var out = [];"
        "document.querySelectorAll(arguments[0]).forEach(function (g) {"
        "  var shown = [], folds = {};"
        "  g.querySelectorAll('.slot[data-id]').forEach(function (s) {"
        "    var of = s.getAttribute('data-fold-of');"
        "    if (of) { (folds[of] = folds[of] || []).push({id: s.getAttribute('data-id'), hidden: s.hidden}); }"
        "    else { var b = s.querySelector('.fold-badge');"
        "      shown.push({id: s.getAttribute('data-id'), badge: b ? b.textContent : null, visible: s.offsetParent !== null}); }"
        "  });"
        "  out.push({shown: shown, folds: folds});"
        "});"
        "return out;", grid_selector)
    hashes = {}

    def hash_of(photo_id):
        if photo_id not in hashes:
            hashes[photo_id] = api(base, "GET", "/api/photos/" + photo_id)["perceptualHash"]
        return hashes[photo_id]
    badges = []
    for grid in state:
        for tile in grid["shown"]:
            assert tile["visible"], "%s: a shown tile is visible" % what
            folded = grid["folds"].get(tile["id"], [])
            if tile["badge"] is None:
                assert not folded, "%s: photo %s has look-alikes folded but no badge" % (what, tile["id"])
                continue
            badges.append(tile["id"])
            assert tile["badge"] == "+%d look-alike%s" % (len(folded), "" if len(folded) == 1 else "s"), \
                "%s: badge %r for %d folded" % (what, tile["badge"], len(folded))
            members = [tile["id"]] + [f["id"] for f in folded]
            for f in folded:
                assert f["hidden"], "%s: a folded look-alike starts hidden" % what
                assert any(hamming(hash_of(f["id"]), hash_of(m)) <= 7 for m in members if m != f["id"]), \
                    "%s: photo %s is folded under %s but looks like none of its fold" % (what, f["id"], tile["id"])
        shown = [t["id"] for t in grid["shown"] if hash_of(t["id"])]
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                assert hamming(hash_of(a), hash_of(b)) > 7, "%s: look-alikes %s and %s are both shown" % (what, a, b)
    return badges


def test_lookalikes_folded(driver, base, pin_id):
    """Issue 27: the album and timeline pages fold look-alikes (the bundle cycles 8 pictures, so
    a pin's album holds the same picture more than once) into one tile with a "+N" badge; the
    badge unfolds them (outlined) and folds them again, by mouse and keyboard; light and dark,
    axe-core clean folded and unfolded. Returns pages for the accessibility pass."""
    photos = [p for p in api(base, "GET", "/api/pins/%s/photos" % pin_id)["photos"]
              if p["state"] == "downloaded" and p.get("perceptualHash")]
    same = sum(1 for i, p in enumerate(photos) for q in photos[:i] if hamming(p["perceptualHash"], q["perceptualHash"]) <= 7)
    assert same > 0, "the test pin's album has look-alikes to fold: %d photos" % len(photos)
    problems = []
    try:
        for scheme in ("light", "dark"):
            emulate_theme(driver, scheme)
            for name, path, grid in (("album", "/pins/" + pin_id, "#grid"), ("timeline", "/timeline?by=day", "#timeline-groups .grid")):
                driver.get(base + path)
                ready(driver)
                badges = check_folds(driver, base, grid, name)
                assert badges, "%s: at least one fold" % name
                problems += axe(driver, "%s folded (%s)" % (name, scheme))
                badge = driver.find_element(By.CSS_SELECTOR, '.slot[data-id="%s"] .fold-badge' % badges[0])
                folded = driver.find_elements(By.CSS_SELECTOR, '.slot[data-fold-of="%s"]' % badges[0])
                if scheme == "light":
                    badge.click()
                else:  # the keyboard: focus and Enter
                    driver.execute_script("arguments[0].focus();", badge)
                    badge.send_keys(Keys.ENTER)
                wait(driver, lambda d: badge.get_attribute("aria-expanded") == "true" and all(f.is_displayed() for f in folded),
                     "%s: the badge unfolds its look-alikes" % name)
                if name == "album":
                    assert not driver.execute_script("return document.getElementById('viewer').open;"), "the badge opens no viewer"
                else:
                    assert driver.current_url == base + path, "the badge follows no link"
                shot(driver, "lookalikes-%s-open-%s" % (name, scheme))
                problems += axe(driver, "%s unfolded (%s)" % (name, scheme))
                badge.click()
                wait(driver, lambda d: badge.get_attribute("aria-expanded") == "false" and not any(f.is_displayed() for f in folded),
                     "%s: the badge folds them again" % name)
                shot(driver, "lookalikes-%s-%s" % (name, scheme))
    finally:
        emulate_theme(driver, "light")
    assert not problems, "accessibility:\n  " + "\n  ".join(problems)


def year_ago(today):
    """The same month and day a year earlier (None on 29 February: no such day)."""
    import datetime
    try:
        return today.replace(year=today.year - 1)
    except ValueError:
        return None


def test_trips_and_on_this_day(driver, base, library, pin_id, lyon):
    """Trips: home set (album home set) at Lyon, two days in Paris a year ago (a note and a
    check-in at the pin, between check-ins at home the day before and after) are a trip: the trips list, the trip's page (its route on the map, its
    days as rows, a day's link to that day's timeline). On this day: the timeline's section with
    that year's entries and its card, in the light and the dark theme. Returns pages for axe."""
    import datetime
    today = datetime.date.today()
    ago = year_ago(today)
    if ago is None:
        print("skipped: on this day has no year-ago day on 29 February")
        return []
    nxt = ago + datetime.timedelta(days=1)
    subprocess.run([ALBUM, "home", "set", "--lat", str(LYON[0]), "--lon", str(LYON[1]), "--library", library], check=True, capture_output=True)
    note = api(base, "POST", "/api/entries", {"kind": "note", "text": "A year ago by the river", "at": "%sT10:00+01:00" % ago.isoformat(),
                                              "pinId": int(pin_id)})
    api(base, "POST", "/api/entries", {"kind": "place", "text": "Louvre", "at": "%sT15:00+01:00" % nxt.isoformat(), "pinId": int(pin_id)})
    # At home the day before and the day after (days with nothing recorded would not end the trip).
    for day in (ago - datetime.timedelta(days=1), nxt + datetime.timedelta(days=1)):
        api(base, "POST", "/api/entries", {"kind": "place", "text": "Home", "at": "%sT20:00+01:00" % day.isoformat(), "pinId": int(lyon)})
    # On this day, at the top of the timeline.
    driver.get(base + "/timeline")
    section = wait(driver, lambda d: d.find_element(By.ID, "on-this-day"), "the on this day section")
    title = section.find_element(By.TAG_NAME, "h3").text
    assert title.startswith("On this day, %d " % today.day), title
    year = section.find_element(By.CSS_SELECTOR, "h4 a")
    assert year.text == str(ago.year) and "from=%s" % ago.isoformat() in year.get_attribute("href"), year.get_attribute("href")
    assert "1 year ago" in section.find_element(By.CSS_SELECTOR, "h4 .meta").text
    assert section.find_elements(By.ID, "entry-%d" % note["id"]), "the year's note in the section"
    assert "A year ago by the river" in section.text
    for scheme, shown, hidden in (("light", "card-light", "card-dark"), ("dark", "card-dark", "card-light")):
        emulate_theme(driver, scheme)
        driver.get(base + "/timeline")
        card = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#on-this-day img." + shown), "the card")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", card)
        wait(driver, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0;", card), "the %s card drawn" % scheme)
        assert card.is_displayed() and not driver.find_element(By.CSS_SELECTOR, "#on-this-day img." + hidden).is_displayed(), scheme
        driver.execute_script("document.getElementById('on-this-day').scrollIntoView();")
        shot(driver, "38-on-this-day-%s" % scheme)
    emulate_theme(driver, "light")
    # The trips: the one of a year ago, two days.
    driver.get(base + "/trips")
    assert "Lyon (set)" in driver.find_element(By.ID, "homes").text
    rows = driver.find_elements(By.CSS_SELECTOR, "#trips li")
    assert rows, "trips listed"
    mine = [r for r in rows if str(ago.year) in r.find_element(By.CSS_SELECTOR, "a.name").text and "2 days" in r.text]
    assert len(mine) == 1, [r.text for r in rows]
    shot(driver, "39-trips")
    number = mine[0].get_attribute("data-trip")
    mine[0].find_element(By.CSS_SELECTOR, "a.name").click()
    wait(driver, lambda d: d.current_url.endswith("/trips/" + number), "the trip's page")
    days = driver.find_elements(By.CSS_SELECTOR, "#trip-days li")
    assert len(days) == 2, [d.text for d in days]
    links = [d.find_element(By.CSS_SELECTOR, "a.name").get_attribute("href") for d in days]
    assert "from=%s" % ago.isoformat() in links[0] and "from=%s" % nxt.isoformat() in links[1], links
    assert all("1 entry" in d.text and "no place recorded" not in d.text for d in days), [d.text for d in days]
    # Each day a row: a box of its own, side by side with its counts.
    boxes = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('#trip-days li'), function (li) {"
                                  " var s = getComputedStyle(li); return [s.display, s.borderTopStyle, li.getBoundingClientRect().height]; });")
    assert all(b[0] == "flex" and b[1] == "solid" and b[2] < 120 for b in boxes), boxes
    wait(driver, lambda d: d.execute_script("var m = document.getElementById('trip-map').geoalbumMap; return !!m;"), "the trip's map")
    points = driver.execute_script("return document.getElementById('trip-map').geoalbumRoute.getLatLngs().length;")
    assert points >= 1, points
    assert driver.find_elements(By.CSS_SELECTOR, "#trip-map .leaflet-tooltip"), "the place named on the map"
    # The map page's basemap: GSHHG's lines drawn on canvas tiles at the trip's zoom, credited.
    if driver.find_element(By.ID, "trip-map").get_attribute("data-vector"):
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#trip-map canvas.leaflet-tile"), "GSHHG's lines on the trip's map")
        assert "GSHHG" in driver.find_element(By.ID, "trip-credits").text
    for scheme in ("light", "dark"):
        emulate_theme(driver, scheme)
        driver.get(base + "/trips/" + number)
        ready(driver)
        time.sleep(0.3)
        shot(driver, "40-trip-%s" % scheme)
    emulate_theme(driver, "light")
    driver.find_elements(By.CSS_SELECTOR, "#trip-days li a.name")[0].click()
    wait(driver, lambda d: "from=%s" % ago.isoformat() in d.current_url and d.find_elements(By.ID, "entry-%d" % note["id"]), "the day's timeline")
    return [("trips", "/trips"), ("trip", "/trips/" + number)]


def test_add_sheet_everywhere_and_voice_clip(driver, base, pin_id):
    """The add sheet from pages other than the diary (+ Add in the header): a note at a place from
    the tags page; a voice clip recorded in the page (Chromium's fake microphone) from the
    timeline, sent through the outbox, stored as a sound entry with its length, shown without a reload."""
    driver.get(base + "/tags")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-outbox") == "ready", "the outbox ready on /tags")
    text = "Added from the tags page %d" % int(time.time())
    add_memory(driver, "note", {"add-text": text, "add-pin": pin_id})
    wait(driver, lambda d: [i["state"] for i in outbox_states(d)] == ["sent"], "the note sent from /tags")
    notes = [e for e in entries_of(base, "note") if e["text"] == text]
    assert len(notes) == 1 and str(notes[0]["pinId"]) == pin_id, notes
    assert driver.find_element(By.CSS_SELECTOR, "#outbox li a").get_attribute("href").endswith("/entries/%d" % notes[0]["id"])
    before = len(entries_of(base, "audio"))
    driver.get(base + "/timeline")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-outbox") == "ready", "the outbox ready on /timeline")
    driver.find_element(By.ID, "add-open").click()
    wait(driver, lambda d: d.find_element(By.ID, "add-sheet").get_attribute("open") is not None, "the add sheet open")
    driver.find_element(By.CSS_SELECTOR, "#add-kinds input[value=voice]").click()
    driver.find_element(By.ID, "record-start").click()
    wait(driver, lambda d: "Recording" in d.find_element(By.ID, "record-state").text, "recording")
    time.sleep(2.2)
    driver.find_element(By.ID, "record-stop").click()
    wait(driver, lambda d: d.find_element(By.ID, "add-form").get_attribute("data-recorded"), "the clip recorded")
    assert driver.find_element(By.ID, "record-preview").is_displayed(), "the clip can be heard before it is sent"
    shot(driver, "33-voice-recorded")
    driver.find_element(By.ID, "add-submit").click()
    wait(driver, lambda d: d.find_element(By.ID, "add-sheet").get_attribute("open") is None, "the add sheet closed")
    wait(driver, lambda d: [i["state"] for i in outbox_states(d)] == ["sent"], "the clip sent", timeout=60)
    sounds = entries_of(base, "audio")
    assert len(sounds) == before + 1, sounds
    clip = max(sounds, key=lambda e: e["id"])
    assert clip["durationMs"] >= 1500, "the recorded length: %s" % clip
    wait(driver, lambda d: d.find_element(By.ID, "entry-%d" % clip["id"]), "the clip on the timeline without a reload")
    assert driver.find_elements(By.CSS_SELECTOR, "#entry-%d svg.waveform" % clip["id"]), "its waveform"
    shot(driver, "34-voice-on-timeline")


def long_press(driver, element, hold=1.0):
    """A finger held on the element's centre (Chromium's touch emulation, CDP touch events)."""
    rect = driver.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", element)
    point = [{"x": rect[0], "y": rect[1], "radiusX": 4, "radiusY": 4, "force": 1, "id": 1}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    time.sleep(hold)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_touch_long_press(driver, base):
    """On a touch screen a long press drops a pin on the map, and picks the position of a new place."""
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.execute_cdp_cmd("Emulation.setEmitTouchEventsForMouse", {"enabled": True, "configuration": "mobile"})
    try:
        # Far from the bundle's photos: the new pin's album stays empty (nothing else changes).
        spot = (-33.8688, 151.2093)
        api(base, "PUT", "/api/region", {"latitude": spot[0], "longitude": spot[1], "spanLatitude": 0.05, "spanLongitude": 0.1})
        before = {p["id"] for p in api(base, "GET", "/api/pins")}
        driver.get(base + "/")
        ready(driver)
        long_press(driver, driver.find_element(By.ID, "map"))
        wait(driver, lambda d: "/pins/" in d.current_url, "the long press's new pin's album")
        added = [p for p in api(base, "GET", "/api/pins") if p["id"] not in before]
        assert len(added) == 1, "one pin dropped by a long press: %s" % added
        assert abs(added[0]["latitude"] - spot[0]) < 0.05 and abs(added[0]["longitude"] - spot[1]) < 0.1, added[0]
        shot(driver, "23-long-press-pin")
        api(base, "DELETE", "/api/pins/%d" % added[0]["id"])
        driver.get(base + "/places/new")
        wait(driver, lambda d: d.execute_script("return !!document.getElementById('pick-map').geoalbumMap;"), "the add form's map")
        driver.execute_script("document.getElementById('pick-map').geoalbumMap.setView([%f, %f], 12, {animate: false});" % LYON)
        long_press(driver, driver.find_element(By.ID, "pick-map"))
        wait(driver, lambda d: d.find_element(By.ID, "place-lat").get_attribute("value"), "the position picked by a long press")
        lat = float(driver.find_element(By.ID, "place-lat").get_attribute("value"))
        assert abs(lat - LYON[0]) < 0.05, lat
    finally:
        driver.execute_cdp_cmd("Emulation.setEmitTouchEventsForMouse", {"enabled": False})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


# gshhg.js's colours: rivers, national borders, coasts.
RIVER_RGB, BORDER_RGB, COAST_RGB = (0x8f, 0xd3, 0xff), (0xff, 0xd1, 0x66), (0xf4, 0xf1, 0xde)


def vector_pixels(driver, rgb):
    """Pixels of the vector basemap's canvas tiles within the view drawn in about this colour."""
    return driver.execute_script("""
        var rgb = arguments[0], n = 0, view = document.getElementById('map').getBoundingClientRect();
        document.querySelectorAll('.leaflet-vectorBasemap-pane canvas').forEach(function (c) {
          var box = c.getBoundingClientRect();
          if (box.right < view.left || box.left > view.right || box.bottom < view.top || box.top > view.bottom) { return; }
          var d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          for (var i = 0; i < d.length; i += 4) {
            if (d[i + 3] > 160 && Math.abs(d[i] - rgb[0]) < 30 && Math.abs(d[i + 1] - rgb[1]) < 30 && Math.abs(d[i + 2] - rgb[2]) < 30) { n++; }
          }
        });
        return n;""", list(rgb))


def test_country_outlines(driver, base):
    driver.get(base + "/")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "map ready")
    wait(driver, lambda d: d.find_element(By.ID, "map").get_attribute("data-countries") == "177", "country outlines loaded")
    driver.execute_script("document.getElementById('map').geoalbumMap.setView([47, 4], 4, {animate: false});")
    time.sleep(0.5)
    paths = driver.execute_script("return document.querySelectorAll('.leaflet-overlay-pane path').length;")
    assert paths >= 1, "outlines are drawn: %d paths" % paths
    # From zoom 5 GSHHG's lines (the vector basemap, `make basemap`) replace Natural Earth's
    # outlines: national borders (dashed, yellow) and coasts drawn on canvas tiles.
    driver.execute_script("document.getElementById('map').geoalbumMap.setView([47, 4], 5, {animate: false});")
    wait(driver, lambda d: int(d.find_element(By.ID, "map").get_attribute("data-vector-tiles") or "0") >= 4, "the vector basemap drawn at zoom 5")
    assert driver.execute_script("return document.querySelectorAll('.leaflet-overlay-pane path').length;") == 0, "Natural Earth's outlines give way"
    borders, coasts = vector_pixels(driver, BORDER_RGB), vector_pixels(driver, COAST_RGB)
    assert borders > 300 and coasts > 300, "borders and coasts drawn at zoom 5: %d and %d pixels" % (borders, coasts)
    assert "GSHHG" in driver.find_element(By.ID, "status").text, "the coasts are credited"
    if GOLDEN:
        driver.save_screenshot(os.path.join(GOLDEN, "map-zoom-5.png"))
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
    # The Seine at city zoom: GSHHG's full-resolution rivers (data tiles of zoom 9).
    wait(driver, lambda d: vector_pixels(d, RIVER_RGB) > 150, "the Seine drawn at zoom 12 (%d river pixels)" % vector_pixels(driver, RIVER_RGB))
    if GOLDEN:
        driver.save_screenshot(os.path.join(GOLDEN, "map-city-zoom.png"))
    shot(driver, "12-city-zoom")
    # A pin's popup is made when it is clicked: its link, count and place.
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".leaflet-marker-icon.thumb-marker"), "the pin's photo marker").click()
    link = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".leaflet-popup-content a"), "the pin's popup")
    wait(driver, lambda d: "/pins/" in (d.find_element(By.CSS_SELECTOR, ".leaflet-popup-content a").get_attribute("href") or "")
         and "photos)" in d.find_element(By.CSS_SELECTOR, ".leaflet-popup-content a").text, "the popup's link: %s" % link.text)
    wait(driver, lambda d: "France" in d.find_element(By.CSS_SELECTOR, ".leaflet-popup-content .meta").text, "the pin's place in its popup")
    shot(driver, "13-pin-popup")


AXE_SCRIPT = None


def axe_script():
    """axe-core as axe-selenium-python (PyPI) ships it; the Makefile installs the package."""
    global AXE_SCRIPT
    if AXE_SCRIPT is None:
        try:
            import axe_selenium_python
        except ImportError:
            raise SystemExit("axe-selenium-python is missing: run `make test-browser` (it installs it) or "
                             "pip install axe-selenium-python==2.1.6")
        path = os.path.join(os.path.dirname(axe_selenium_python.__file__), "node_modules", "axe-core", "axe.min.js")
        with open(path, encoding="utf-8") as f:
            AXE_SCRIPT = f.read()
    return AXE_SCRIPT


def axe(driver, name):
    """axe-core's serious and critical violations on the page now, as readable lines."""
    driver.execute_script(axe_script())
    result = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        " axe.run(document, {resultTypes: ['violations']}).then(function (r) { done(r.violations); })"
        ".catch(function (e) { done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]); });")
    bad = [v for v in result if v.get("impact") in ("serious", "critical")]
    return ["%s: %s %s (%s) at %s" % (name, v["impact"], v["id"], v["help"],
                                       "; ".join(n.get("target", [""])[0] if isinstance(n.get("target", [""])[0], str) else str(n.get("target"))
                                                 for n in v["nodes"][:4])) for v in bad]


def emulate_theme(driver, scheme):
    """The system's colour scheme as the page sees it (prefers-color-scheme)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def ready(driver):
    """The page loaded, and the map's pins placed on the map page."""
    wait(driver, lambda d: d.execute_script("return document.readyState") == "complete", "page loaded")
    if d_is_map(driver):
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "map ready")


def d_is_map(driver):
    return driver.execute_script("return document.body.classList.contains('map-page');")


def test_accessibility_and_narrow(driver, base, pin_id, extra=()):
    pages = list(extra) + [("map", "/"), ("album", "/pins/" + pin_id), ("timeline", "/timeline"), ("timeline-day", "/timeline?by=day"),
             ("diary", "/diary"), ("places", "/places"), ("add-place", "/places/new"), ("reminders", "/reminders"), ("tags", "/tags"), ("search", "/search"), ("search-results", "/search?q=holiday"),
             ("summary", "/summary"), ("summary-bad", "/summary?year=2024&month=13"), ("summary-month", "/summary?year=2024&month=6"), ("not-found", "/no/such/page")]
    problems = []
    started = time.time()
    try:
        for scheme in ("light", "dark"):
            emulate_theme(driver, scheme)
            for name, path in pages:
                driver.get(base + path)
                ready(driver)
                now = driver.execute_script("return getComputedStyle(document.documentElement).colorScheme;")
                assert now == scheme, "%s: the %s theme follows the system: %s" % (name, scheme, now)
                problems += axe(driver, "%s (%s)" % (name, scheme))
                shot(driver, "a11y-%s-%s" % (name, scheme))
                if GOLDEN and name in GOLDEN_PAGES:
                    os.makedirs(GOLDEN, exist_ok=True)
                    driver.execute_script("window.scrollTo(0, 0); if (document.activeElement) { document.activeElement.blur(); }")
                    time.sleep(0.2)
                    driver.save_screenshot(os.path.join(GOLDEN, "%s-%s.png" % (name, scheme)))
        # The header's switch: the other theme than the system's, kept across pages.
        emulate_theme(driver, "light")
        driver.get(base + "/tags")
        ready(driver)
        driver.find_element(By.ID, "theme-switch").click()
        assert driver.execute_script("return getComputedStyle(document.documentElement).colorScheme;") == "dark"
        driver.get(base + "/search?q=holiday")
        ready(driver)
        assert driver.execute_script("return document.documentElement.getAttribute('data-theme');") == "dark", "the choice is kept"
        assert driver.execute_script("return getComputedStyle(document.body).backgroundColor;") != "rgb(246, 247, 249)"
        problems += axe(driver, "search-results (dark by the switch)")
        driver.find_element(By.ID, "theme-switch").click()
        assert driver.execute_script("return getComputedStyle(document.documentElement).colorScheme;") == "light"
        driver.execute_script("localStorage.removeItem('geoalbum-theme');")
        # 390 px wide (a phone): nothing wider than the screen.
        driver.set_window_size(390, 844)
        for name, path in pages:
            driver.get(base + path)
            ready(driver)
            width = driver.execute_script("return document.documentElement.clientWidth;")
            scroll = driver.execute_script("return document.documentElement.scrollWidth;")
            if scroll > width:
                problems.append("%s: %d px wide at a %d px viewport" % (name, scroll, width))
            shot(driver, "narrow-%s" % name)
    finally:
        driver.set_window_size(1200, 800)
        emulate_theme(driver, "light")
    print("axe-core and 390 px on %d pages in %.1f s" % (len(pages), time.time() - started))
    assert not problems, "accessibility:\n  " + "\n  ".join(problems)


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
        test_viewer_and_remove_photo(driver, base, pin_id)
        steps.append("viewer (arrows, Escape, facts); Remove with Undo")
        test_edit_title_and_note(driver, base, pin_id)
        steps.append("title and note edited")
        test_drag_pin(driver, base, pin_id)
        steps.append("a dragged pin is moved and its album fetched again")
        test_region_restored_after_reload(driver, base)
        steps.append("region restored after reload")
        test_static_gallery(driver, library, folder)
        steps.append("static gallery from file://")
        test_tags_and_search(driver, base, library, pin_id)
        steps.append("tags page, tag timeline and search")
        test_country_outlines(driver, base)
        steps.append("country outlines, city names at city zoom, a pin's popup")
        test_tiles_and_logout(driver, folder)
        steps.append("serve --tiles: tiles from a loopback tile server with its credit; Log out in the header")
        lyon = test_new_collection_nothing_new(driver, base)
        steps.append("New Collection with nothing new says why, never stuck")
        test_cluster_gallery_and_thumbnail_markers(driver, base)
        steps.append("map: a group's click opens its photo gallery (Zoom in); photos as markers when zoomed in")
        test_keyboard_only(driver, base)
        steps.append("keyboard only: a reminder added; a group's gallery opened and closed; a pin's popup and album")
        test_travel_book(driver, base)
        steps.append("travel book: add a place (position from the map), the places list, its detail")
        test_diary_outbox_offline(driver, base, folder, pin_id)
        steps.append("diary: add while offline (note, sound, a refused file, check-in) into the IndexedDB outbox; "
                     "sent when back online, each stored once, the same key answered again; the refusal says why")
        entry_pages = test_entry_page(driver, base, pin_id)
        steps.append("an entry's page from the timeline and the diary: tags added and removed in place, the note edited "
                     "(Markdown drawn, HTML as text), its map, a check-in's photos, a clip's waveform and player; removed after a confirmation")
        test_card_tags(driver, base)
        steps.append("tags edited in place on a card of the diary and of the timeline")
        test_photo_and_pin_tags(driver, base, pin_id)
        steps.append("tags of a pin on its album page and of a photo in the viewer: added and removed, per photo")
        test_lookalikes_folded(driver, base, pin_id)
        steps.append("look-alikes folded on the album and timeline pages: a badge unfolds and folds them (mouse, keyboard), light and dark, axe clean")
        entry_pages += test_trips_and_on_this_day(driver, base, library, pin_id, lyon)
        steps.append("trips: the list, a trip's page (route, days as rows, a day's timeline); on this day with its card, light and dark")
        test_add_sheet_everywhere_and_voice_clip(driver, base, pin_id)
        steps.append("the add sheet from /tags and /timeline; a voice clip recorded in the page (fake microphone), sent, stored with its length")
        test_touch_long_press(driver, base)
        steps.append("touch: a long press drops a pin on the map and picks a new place's position")
        test_timeline_range_scroll_and_summary_picker(driver, base)
        steps.append("timeline: infinite scroll, date range kept across segments; summary picker, bad period on the page")
        test_reminders(driver, base, pin_id)
        steps.append("reminders: add daily and weekly, refusal, due shown (Reply as a note, Cancel, Remind me later; "
                     "a service-worker notification with actions), snooze, done")
        test_accessibility_and_narrow(driver, base, pin_id, entry_pages)
        steps.append("axe-core: 0 serious/critical on every page, light and dark; 390 px wide")
        test_remove_pin(driver, base, lyon)
        steps.append("a pin removed after a confirmation")
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
