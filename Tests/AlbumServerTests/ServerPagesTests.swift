import AlbumCore
import AlbumModel
import Foundation
import Testing

@testable import AlbumServer

/// The tags and search pages, places, dates and counts on pages (server-rendered HTML).
@Suite struct ServerPagesTests {
    /// A pin in Paris with its 8 bundle photos (June 2024), one of them tagged `river <&>`.
    func paris() async throws -> (ServerHarness, Int) {
        let h = try await ServerHarness().start()
        let created = try await h.json("POST", "/api/pins", ["latitude": 48.856613, "longitude": 2.352222, "title": "Paris"])
        let id = try #require((try created.json() as? [String: Any])?["id"] as? Int)
        await h.server.waitForFetches()
        return (h, id)
    }

    @Test func tagsPageLinksEachTagToItsTimeline() async throws {
        let (h, id) = try await paris()
        defer { Task { await h.stop() } }
        let empty = try await h.request("GET", "/tags")
        #expect(empty.status == 200 && empty.text.contains("No tags yet") && empty.text.contains("0 tags"), "\(empty.text)")

        let photo = try #require(try await h.library.photos(pinId: Int64(id)).first)
        _ = try await h.library.addTags([try TagName("river")], to: .photo(photo.id))
        _ = try await h.library.addTags([try TagName("trip")], to: .pin(Int64(id)))
        let page = try await h.request("GET", "/tags")
        #expect(page.status == 200)
        #expect(page.text.contains("2 tags"))
        #expect(page.text.contains("<a href=\"/timeline?by=month&amp;tag=river\">#river</a> <span class=\"meta\">1 photo, 0 pins</span>"), "\(page.text)")
        #expect(page.text.contains("<a href=\"/timeline?by=month&amp;tag=trip\">#trip</a> <span class=\"meta\">8 photos, 1 pin</span>"), "\(page.text)")

        let river = try await h.request("GET", "/timeline?by=month&tag=river")
        #expect(river.status == 200 && river.text.contains("Timeline: #river") && river.text.contains("id=\"timeline-count\">1 photo</span>")
                && river.text.contains("tag=river\" aria-current=\"page\">Month</a>"), "\(river.text)")
        #expect(river.text.components(separatedBy: "class=\"slot\"").count == 2)
        #expect(river.text.contains("/timeline?by=day&amp;tag=river"), "the tag is kept when regrouping")
    }

    @Test func searchPageShowsMatchesWithDatesAndRefusesBadQueriesInPlace() async throws {
        let (h, _) = try await paris()
        defer { Task { await h.stop() } }
        let box = try await h.request("GET", "/search")
        #expect(box.status == 200 && box.text.contains("<form class=\"search\" method=\"get\" action=\"/search\""))
        #expect(!box.text.contains("id=\"matches\""))
        #expect(box.headers["content-security-policy"]?.contains("form-action 'self'") == true)

        let found = try await h.request("GET", "/search?q=paris")
        #expect(found.status == 200)
        #expect(found.text.contains("8 photos match"), "\(found.text)")
        #expect(found.text.components(separatedBy: "class=\"slot\"").count == 9)
        #expect(found.text.contains("<span class=\"caption\">2024-06-"), "each photo with its local date")
        #expect(found.text.contains("value=\"paris\""))

        let none = try await h.request("GET", "/search?q=zanzibar")
        #expect(none.status == 200 && none.text.contains("0 photos match") && none.text.contains("No Images"))

        let hostile = try await h.request("GET", "/search?q=%3Cscript%3Ex")
        #expect(!hostile.text.contains("<script>x"), "the query is escaped")
    }

    /// The diary: entries by local day with what each holds (escaped), a check-in with its
    /// pin's photos, the kind filter kept in links, and a bad kind or date named on a 400 page.
    @Test func diaryShowsEntriesByDayWithTheirKindAndRefusesBadFilters() async throws {
        let (h, id) = try await paris()
        defer { Task { await h.stop() } }
        let empty = try await h.request("GET", "/diary")
        #expect(empty.status == 200 && empty.text.contains("id=\"diary-count\">0 entries") && empty.text.contains("id=\"add-sheet\""), "\(empty.text)")
        _ = try await h.json("POST", "/api/entries", ["kind": "note", "text": "Bonjour <b>x</b> *ici*", "at": "2024-06-14T09:30+02:00", "tags": ["trip"]])
        _ = try await h.json("POST", "/api/entries", ["kind": "song", "title": "La Mer", "artist": "Trenet", "at": "2024-06-14T10:00+02:00"])
        _ = try await h.json("POST", "/api/entries", ["kind": "place", "text": "Lunch", "pinId": id, "at": "2024-06-13T12:00+02:00"])
        let page = try await h.request("GET", "/diary")
        #expect(page.status == 200 && page.text.contains("id=\"diary-count\">3 entries"), "\(page.text)")
        #expect(page.text.contains("<h3>Friday 14 June 2024</h3>") && page.text.contains("<h3>Thursday 13 June 2024</h3>"), "days as headings")
        #expect(page.text.contains("Bonjour &lt;b&gt;x&lt;/b&gt; <em>ici</em>") && !page.text.contains("<b>x</b>"), "a note's text, escaped")
        #expect(page.text.contains("<time datetime=\"2024-06-14T09:30:00\">09:30</time>") || page.text.contains(">09:30</time>"), "its local time")
        #expect(page.text.contains("<span class=\"song-title\">La Mer</span> — Trenet"))
        #expect(page.text.contains("Checked in at <a href=\"/pins/\(id)\">"), "a check-in links its pin")
        let checkIn = try #require(page.text.components(separatedBy: "entry-place").last)
        #expect(checkIn.contains("class=\"grid small\"") && checkIn.contains("/api/media/"), "with the pin's photos")
        #expect(page.text.contains("<a href=\"/diary?tag=trip\">#trip</a>"))
        let songs = try await h.request("GET", "/diary?kind=song&from=2024-06-01")
        #expect(songs.text.contains("1 entry") && songs.text.contains("href=\"/diary?kind=note&amp;from=2024-06-01\""), "the range is kept across kinds: \(songs.text)")
        let bad = try await h.request("GET", "/diary?kind=photo")
        #expect(bad.status == 400 && bad.text.contains("must be note, song, audio or place"), "\(bad.text)")
        let badDay = try await h.request("GET", "/diary?from=2024-13-01")
        #expect(badDay.status == 400 && badDay.text.contains("is not a date"), "\(badDay.text)")
    }

    @Test func timelineMixesEntriesWithThePhotosOfTheirDayAndFiltersByKind() async throws {
        let (h, _) = try await paris()
        defer { Task { await h.stop() } }
        _ = try await h.json("POST", "/api/entries", ["kind": "note", "text": "Bonjour <b>x</b>", "at": "2024-06-14T23:59+02:00"])
        _ = try await h.json("POST", "/api/entries", ["kind": "song", "title": "La Mer", "artist": "Trenet", "at": "2024-05-01T10:00+02:00"])
        let page = try await h.request("GET", "/timeline?by=day")
        #expect(page.status == 200 && page.text.contains("id=\"timeline-count\">8 photos · 2 entries</span>"), "\(page.text)")
        // The note is the newest item of its day, before that day's photos, in the same grid; the song has its own day.
        let june14 = try #require(page.text.components(separatedBy: "data-key=\"2024-06-14\"").last?.components(separatedBy: "</section>").first)
        #expect(june14.contains("<div class=\"grid\">\n<article class=\"entry entry-note\""), "\(june14)")
        #expect(june14.contains("Bonjour &lt;b&gt;x&lt;/b&gt;") && june14.contains("class=\"slot\"") && !june14.contains("entry-day"))
        #expect(page.text.contains("data-key=\"2024-05-01\"") && page.text.contains("<span class=\"song-title\">La Mer</span>"))
        #expect(page.text.contains("<a href=\"/timeline?by=day\" aria-current=\"page\">All</a>"), "\(page.text)")
        #expect(page.text.contains("<h3>Friday 14 June 2024 <span class=\"meta\">9 items</span></h3>"), "a day's heading as people read it")
        let weeks = try await h.request("GET", "/timeline?by=week")
        #expect(weeks.text.contains("data-key=\"2024-W24\"><h3>Week 24, 2024 · 10 Jun – 16 Jun <span"), "\(weeks.text)")
        // By month an entry says its day; the kind is kept across segments.
        let notes = try await h.request("GET", "/timeline?by=month&kind=note")
        #expect(notes.text.contains("id=\"timeline-count\">1 entry</span>") && notes.text.contains("<span class=\"entry-day\">Fri 14 Jun</span>"), "\(notes.text)")
        #expect(notes.text.contains("<h3>June 2024 <span class=\"meta\">1 item</span></h3>"), "\(notes.text)")
        #expect(!notes.text.contains("class=\"slot\"") && notes.text.contains("href=\"/timeline?by=day&amp;kind=note\""), "\(notes.text)")
        let photos = try await h.request("GET", "/timeline?by=day&kind=photo")
        #expect(photos.text.contains("id=\"timeline-count\">8 photos</span>") && !photos.text.contains("<article"), "\(photos.text)")
        let none = try await h.request("GET", "/timeline?by=day&kind=audio")
        #expect(none.text.contains("0 entries") && none.text.contains(">No entries</p>"), "\(none.text)")
        let bad = try await h.request("GET", "/timeline?kind=video")
        #expect(bad.status == 400 && bad.text.contains("kind &#39;video&#39; is no kind"), "\(bad.text)")
    }

    @Test func pageCountsHaveThousandsSeparators() {
        #expect(Pages.count(100_000, "photo") == "100,000 photos")
        #expect(Pages.count(1, "photo") == "1 photo" && Pages.count(999, "entry", plural: "entries") == "999 entries")
        #expect(Pages.number(1_234_567) == "1,234,567" && Pages.number(-1000) == "-1,000" && Pages.number(0) == "0")
    }

    @Test func summaryCardComesInTheDarkThemeToo() async throws {
        let (h, _) = try await paris()
        defer { Task { await h.stop() } }
        let light = try await h.request("GET", "/api/summaries/monthly/card?year=2024&month=6")
        let dark = try await h.request("GET", "/api/summaries/monthly/card?year=2024&month=6&theme=dark")
        #expect(light.status == 200 && dark.status == 200 && light.body != dark.body)
        let bad = try await h.request("GET", "/api/summaries/monthly/card?year=2024&month=6&theme=blue")
        #expect(bad.status == 400 && bad.text.contains("theme 'blue' must be light or dark"), "\(bad.text)")
        let page = try await h.request("GET", "/summary?year=2024&month=6")
        #expect(page.text.contains("class=\"card card-dark\" src=\"/api/summaries/monthly/card?year=2024&amp;month=6&amp;theme=dark\""), "\(page.text)")
    }

    @Test func albumPageShowsPlaceDatesAndCountsInTheSingular() async throws {
        let (h, id) = try await paris()
        defer { Task { await h.stop() } }
        let page = try await h.request("GET", "/pins/\(id)")
        let pin = try await h.library.pin(id: Int64(id))
        let place = try #require(pin.place, "issue 12 names the pin's place")
        #expect(page.text.contains("<span class=\"meta\" id=\"place\">\(place.label) · \(pin.timeZone ?? "")</span>"), "\(page.text)")
        #expect(page.text.contains("<span class=\"meta\" id=\"dates\">2024-06-"), "\(page.text)")
        #expect(page.text.contains("<span class=\"date\">2024-06-"))
        #expect(page.text.contains("8 photos"))

        let album = try #require(try await h.request("GET", "/api/pins/\(id)/photos").json() as? [String: Any])
        let pinJSON = try #require(album["pin"] as? [String: Any])
        #expect((pinJSON["place"] as? [String: Any])?["name"] as? String == place.name)
        #expect(pinJSON["timeZone"] as? String == pin.timeZone)

        // Down to one photo: "1 photo", on the album and on the summary ("1 place").
        for photo in try await h.library.photos(pinId: Int64(id)).dropFirst() {
            #expect(try await h.request("DELETE", "/api/photos/\(photo.id)").status == 200)
        }
        let one = try await h.request("GET", "/pins/\(id)")
        #expect(one.text.contains(">1 photo<"), "\(one.text)")
        let summary = try await h.request("GET", "/summary?year=2024&month=6")
        #expect(summary.text.contains("1 photo at 1 place (1 new), 1 active day"), "\(summary.text)")
        #expect(!summary.text.contains("1 places") && !summary.text.contains("1 photos"))

        // Without a period: the newest photo's year, with the picker; a bad one is said on the page.
        let newest = try await h.request("GET", "/summary")
        #expect(newest.status == 200 && newest.text.contains("<h2>2024</h2>") && newest.text.contains("id=\"period\""), "\(newest.text)")
        let bad = try await h.request("GET", "/summary?year=2024&month=2024-06")
        #expect(bad.status == 400 && bad.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(bad.text.contains("id=\"problem\">month &#39;2024-06&#39; must be a whole number") || bad.text.contains("2024-06"), "\(bad.text)")
        // The timeline's date range: kept in the segment links; an empty field is no filter.
        let range = try await h.request("GET", "/timeline?by=day&from=2024-06-14&to=2024-06-14")
        #expect(range.text.contains("/timeline?by=week&amp;from=2024-06-14&amp;to=2024-06-14"), "\(range.text)")
        #expect(try await h.request("GET", "/timeline?by=day&from=&to=").status == 200)
        #expect(try await h.request("GET", "/timeline?from=14.06.2024").status == 400)
    }
}
