import AlbumCore
import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumServer

/// An entry's page (`/entries/{entry}`), the add sheet in every page's header, and the summary
/// page's kept summary.
@Suite struct ServerEntryPageTests {
    /// A pin in Paris with its 8 bundle photos (June 2024).
    func paris() async throws -> (ServerHarness, Int) {
        let h = try await ServerHarness().start()
        let created = try await h.json("POST", "/api/pins", ["latitude": 48.856613, "longitude": 2.352222, "title": "Paris"])
        let id = try #require((try created.json() as? [String: Any])?["id"] as? Int)
        await h.server.waitForFetches()
        return (h, id)
    }

    func entryId(_ response: RawHTTP.Response) throws -> Int {
        try #require((try response.json() as? [String: Any])?["id"] as? Int)
    }

    @Test func anEntrysPageShowsItAtFullSizeWithItsTagsEditFieldsAndMap() async throws {
        let (h, pin) = try await paris()
        defer { Task { await h.stop() } }
        let note = try entryId(try await h.json("POST", "/api/entries", [
            "kind": "note", "text": "Bonjour <script>alert(1)</script> **ici**", "at": "2024-06-14T09:30+02:00", "tags": ["trip", "a&b"],
        ]))
        let page = try await h.request("GET", "/entries/\(note)")
        #expect(page.status == 200, "\(page.text)")
        #expect(page.text.contains("<title>Note · Friday 14 June 2024 09:30"), "\(page.text)")
        #expect(page.text.contains("Bonjour &lt;script&gt;alert(1)&lt;/script&gt; <strong>ici</strong>") && !page.text.contains("<script>alert"), "rendered safely")
        // Its tags as chips, each removable, and a field to add more; not repeated among the facts.
        #expect(page.text.contains("<li data-tag=\"trip\"><a href=\"/timeline?tag=trip\">#trip</a><button class=\"chip-remove\""), "\(page.text)")
        #expect(page.text.contains("data-remove-tag=\"a&amp;b\" aria-label=\"Remove the tag a&amp;b\""), "\(page.text)")
        #expect(page.text.contains("id=\"tag-add\"") && !page.text.contains("<a href=\"/diary?tag=trip\">"))
        // Edit holds the text as it is (escaped); a note has no position: no map.
        #expect(page.text.contains("<textarea id=\"edit-text\" name=\"text\" maxlength=\"20000\">Bonjour &lt;script&gt;"), "\(page.text)")
        #expect(!page.text.contains("id=\"entry-map\"") && !page.text.contains("leaflet.js"))
        #expect(page.text.contains("id=\"entry-remove\"") && page.text.contains("id=\"confirm-remove\""))

        // A check-in at the pin: its map at the pin, that day's photos there.
        let checkIn = try entryId(try await h.json("POST", "/api/entries", ["kind": "place", "text": "Lunch", "pinId": pin, "at": "2024-06-14T12:00+02:00"]))
        let place = try await h.request("GET", "/entries/\(checkIn)")
        #expect(place.status == 200 && place.text.contains("<h2 id=\"entry-title\">Check-in</h2>"), "\(place.text)")
        #expect(place.text.contains("id=\"entry-map\"") && place.text.contains("data-lat=\"48.856613\" data-lon=\"2.352222\""), "\(place.text)")
        #expect(place.text.contains("<script src=\"/assets/leaflet.js\"></script>") && place.text.contains("<div class=\"grid small\">"))
        #expect(place.text.contains("<textarea id=\"edit-text\" name=\"text\" maxlength=\"20000\">Lunch</textarea>"))

        // A song's fields.
        let song = try entryId(try await h.json("POST", "/api/entries", ["kind": "song", "title": "La Mer", "artist": "Trenet", "at": "2024-06-14T10:00+02:00"]))
        let songPage = try await h.request("GET", "/entries/\(song)")
        #expect(songPage.text.contains("id=\"edit-title\" name=\"title\" maxlength=\"500\" value=\"La Mer\"") && songPage.text.contains("id=\"edit-link\""), "\(songPage.text)")

        // Reached from the diary's and the timeline's cards.
        let diary = try await h.request("GET", "/diary")
        #expect(diary.text.contains("<a class=\"entry-when entry-open\" href=\"/entries/\(note)\" aria-label=\"Open the note of Fri 14 Jun 09:30\">"), "\(diary.text)")
        let timeline = try await h.request("GET", "/timeline?by=day")
        #expect(timeline.text.contains("href=\"/entries/\(checkIn)\""), "\(timeline.text)")
        // A card's tags, editable in place (cardtags.js) on both.
        for list in [diary, timeline] {
            #expect(list.text.contains("<span class=\"entry-tags\" data-tags=\"a&amp;b,trip\"><a href=\"/diary?tag=a%26b\">#a&amp;b</a> · <a href=\"/diary?tag=trip\">#trip</a></span>"), "\(list.text)")
            #expect(list.text.contains("<button class=\"link-button tags-edit\" type=\"button\" data-entry=\"\(note)\""))
            #expect(list.text.contains("<script src=\"/assets/cardtags."))
        }

        // No such entry, or not a number: the 404 page naming it. A removed entry's page is gone.
        let missing = try await h.request("GET", "/entries/999999")
        #expect(missing.status == 404 && missing.text.contains("<!DOCTYPE html>") && missing.text.contains("no entry with id 999999"), "\(missing.text)")
        let word = try await h.request("GET", "/entries/abc")
        #expect(word.status == 404 && word.text.contains("no entry abc"), "\(word.text)")
        #expect(try await h.request("DELETE", "/api/entries/\(song)").status == 200)
        #expect(try await h.request("GET", "/entries/\(song)").status == 404)
    }

    @Test func everyPageButTheErrorPageHasTheAddSheet() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        for path in ["/", "/places", "/reminders", "/timeline", "/diary", "/tags", "/search", "/summary", "/places/new"] {
            let page = try await h.request("GET", path)
            #expect(page.status == 200, "\(path)")
            #expect(page.text.components(separatedBy: "id=\"add-open\"").count == 2, "\(path): one + Add")
            #expect(page.text.contains("<dialog class=\"sheet\" id=\"add-sheet\"") && page.text.contains("id=\"outbox-box\""), "\(path)")
            #expect(page.text.contains("<input type=\"radio\" name=\"kind\" value=\"voice\"> Voice clip") && page.text.contains("id=\"record-start\""), "\(path)")
            #expect(page.text.contains("<script defer src=\"/assets/memory."), "\(path)")
        }
        let missing = try await h.request("GET", "/no/such/page")
        #expect(missing.status == 404 && !missing.text.contains("add-sheet") && !missing.text.contains("memory."))
    }

    /// `/summary` computes a period's summary once while the library stays as it is, and never
    /// shows one older than the library.
    @Test func theSummaryPageIsKeptUntilTheLibraryChanges() async throws {
        let (h, pin) = try await paris()
        defer { Task { await h.stop() } }
        let before = h.server.cache.valueCount
        let first = try await h.request("GET", "/summary?year=2024&month=6")
        #expect(first.status == 200 && first.text.contains("<li>8 photos at 1 place"), "\(first.text)")
        #expect(h.server.cache.valueCount == before + 1, "the month's summary is kept")
        let again = try await h.request("GET", "/summary?year=2024&month=6")
        #expect(again.text == first.text && h.server.cache.valueCount == before + 1)
        // The API's and the card's summaries are the same kept one.
        _ = try await h.request("GET", "/api/summaries/monthly?year=2024&month=6")
        #expect(h.server.cache.valueCount == before + 1)
        // A photo removed: the next page counts 7.
        let photo = try #require(try await h.library.photos(pinId: Int64(pin)).first)
        #expect(try await h.request("DELETE", "/api/photos/\(photo.id)").status == 200)
        let after = try await h.request("GET", "/summary?year=2024&month=6")
        #expect(after.text.contains("<li>7 photos at 1 place"), "\(after.text)")
        let api = try #require(try await h.request("GET", "/api/summaries/monthly?year=2024&month=6").json() as? [String: Any])
        #expect(api["photos"] as? Int == 7)
        // Without a year: the newest photo's year, kept as well.
        let newest = try await h.request("GET", "/summary")
        #expect(newest.status == 200 && newest.text.contains("value=\"2024\""), "\(newest.text)")
    }

    /// A summary card is drawn once while the library stays as it is (kept in the answer cache,
    /// counted by `AnswerCache.made`), once per theme, and drawn again after a change.
    @Test func aSummaryCardIsDrawnOnceUntilTheLibraryChanges() async throws {
        let (h, pin) = try await paris()
        defer { Task { await h.stop() } }
        let path = "/api/summaries/monthly/card?year=2024&month=6"
        let first = try await h.request("GET", path)
        #expect(first.status == 200 && first.body.starts(with: [0x89, 0x50, 0x4E, 0x47]) && first.headers["content-type"] == "image/png", "\(first.headers)")
        let made = h.server.cache.made
        let again = try await h.request("GET", path)
        #expect(again.status == 200 && again.body == first.body && again.headers["content-type"] == "image/png")
        #expect(h.server.cache.made == made, "the second request drew nothing")
        let dark = try await h.request("GET", path + "&theme=dark")
        #expect(dark.body != first.body && h.server.cache.made == made + 1, "the dark card is drawn once")
        _ = try await h.request("GET", path + "&theme=dark")
        #expect(h.server.cache.made == made + 1)
        // A photo removed: the summary and the card are made again, and the card says so.
        let photo = try #require(try await h.library.photos(pinId: Int64(pin)).first)
        #expect(try await h.request("DELETE", "/api/photos/\(photo.id)").status == 200)
        let after = try await h.request("GET", path)
        #expect(after.status == 200 && after.body != first.body && h.server.cache.made == made + 3, "summary and card made again")
        // The "on this day" card likewise.
        let memories = try await h.request("GET", "/api/memories/card?date=2025-06-14")
        let count = h.server.cache.made
        let memoriesAgain = try await h.request("GET", "/api/memories/card?date=2025-06-14")
        #expect(memories.status == 200 && memoriesAgain.body == memories.body)
        #expect(h.server.cache.made == count)
    }

    /// A pin's album page shows the pin's own tags as chips to edit; the viewer holds a photo's
    /// tag editor (filled by album.js from `GET /api/photos/{id}/tags`).
    @Test func anAlbumPageEditsItsPinsTagsAndTheViewerAPhotos() async throws {
        let (h, pin) = try await paris()
        defer { Task { await h.stop() } }
        let tagged = try await h.json("POST", "/api/pins/\(pin)/tags", ["add": ["city", "a&b"]])
        #expect(tagged.status == 200, "\(tagged.text)")
        let page = try await h.request("GET", "/pins/\(pin)")
        #expect(page.status == 200)
        #expect(page.text.contains("<section class=\"tag-editor\" id=\"pin-tag-editor\" aria-label=\"Tags of this place (its photos carry them too)\" data-tags=\"a&amp;b,city\">"), "\(page.text)")
        #expect(page.text.contains("<li data-tag=\"city\"><a href=\"/timeline?tag=city\">#city</a><button class=\"chip-remove\" type=\"button\" data-remove-tag=\"city\""))
        #expect(page.text.contains("id=\"pin-tag-new\"") && page.text.contains("id=\"pin-tag-problem\" role=\"alert\" hidden"))
        // The viewer's editor, empty until a photo is shown; tagchips.js before album.js.
        #expect(page.text.contains("<section class=\"tag-editor\" id=\"photo-tag-editor\" aria-label=\"Tags of this photo\" data-tags=\"\"><ul class=\"chips\" id=\"photo-tag-list\"></ul>"), "\(page.text)")
        let chips = try #require(page.text.range(of: "<script src=\"/assets/tagchips."))
        let album = try #require(page.text.range(of: "<script src=\"/assets/album."))
        #expect(chips.lowerBound < album.lowerBound)
        // An entry's page uses the same editor.
        let note = try entryId(try await h.json("POST", "/api/entries", ["kind": "note", "text": "x", "tags": ["one"]]))
        let entry = try await h.request("GET", "/entries/\(note)")
        #expect(entry.text.contains("id=\"tag-editor\" aria-label=\"Tags of this note\" data-tags=\"one\"") && entry.text.contains("/assets/tagchips."), "\(entry.text)")
        // Another user's pin or a missing one: no page.
        #expect(try await h.request("GET", "/pins/999999").status == 404)
    }
}
