import AlbumCore
import AlbumModel
import AlbumServer
import Foundation
import Testing
import TestSupport

/// The JSON API of `album serve`, through a real server on loopback and a real library.
@Suite struct ServerAPITests {
    @Test func pinsCreateMoveDeleteAndErrorsNameTheField() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let created = try await h.json("POST", "/api/pins", ["latitude": 10.5, "longitude": -20.25, "title": "Sea", "fetch": false])
        #expect(created.status == 201, "\(created.text)")
        let pin = try #require(try created.json() as? [String: Any])
        let id = try #require(pin["id"] as? Int)
        #expect(pin["title"] as? String == "Sea")
        #expect(pin["note"] is NSNull, "absent values are null")

        let list = try #require(try await h.request("GET", "/api/pins").json() as? [[String: Any]])
        #expect(list.count == 1)

        let bad = try await h.json("PUT", "/api/pins/\(id)", ["latitude": 91, "longitude": 0])
        #expect(bad.status == 400)
        let error = try #require((try bad.json() as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? String == "bad_request")
        #expect((error["message"] as? String)?.contains("latitude") == true, "\(error)")
        let wrongType = try await h.json("POST", "/api/pins", ["latitude": "north", "longitude": 0])
        #expect(wrongType.status == 400 && wrongType.text.contains("latitude must be a number"))
        let malformed = try await h.request("POST", "/api/pins", headers: ["Content-Type": "application/json"], body: Data("{\"latitude\": ".utf8))
        #expect(malformed.status == 400 && malformed.text.contains("malformed JSON"))
        #expect(try await h.library.pins().count == 1, "nothing stored by bad requests")

        let moved = try await h.json("PUT", "/api/pins/\(id)", ["latitude": 11, "longitude": -21, "fetch": false])
        #expect(moved.status == 200)
        #expect(try await h.library.pin(id: Int64(id)).coordinate.latitude == 11)

        // Title and note (issue 31's `pin edit` through the API): absent stays, null or "" clears.
        let named = try await h.json("PUT", "/api/pins/\(id)", ["title": "Open sea", "note": "calm"])
        #expect(named.status == 200, "\(named.text)")
        #expect((try named.json() as? [String: Any])?["title"] as? String == "Open sea")
        let cleared = try await h.request("PUT", "/api/pins/\(id)", headers: ["Content-Type": "application/json"], body: Data(#"{"note": null}"#.utf8))
        #expect(cleared.status == 200, "\(cleared.text)")
        var stored = try await h.library.pin(id: Int64(id))
        #expect(stored.title == "Open sea" && stored.note == nil && stored.coordinate.latitude == 11)
        _ = try await h.json("PUT", "/api/pins/\(id)", ["title": ""])
        #expect(try await h.library.pin(id: Int64(id)).title == nil, "an empty title clears it")
        // A half coordinate, nothing to change, a wrong type: 400 naming it, nothing stored.
        for (body, words) in [(#"{"latitude": 5, "title": "x"}"#, "longitude is required"), ("{}", "nothing to change"),
                              (#"{"fetch": false}"#, "nothing to change"), (#"{"title": 5}"#, "title must be a string")] {
            let refused = try await h.request("PUT", "/api/pins/\(id)", headers: ["Content-Type": "application/json"], body: Data(body.utf8))
            #expect(refused.status == 400 && refused.text.contains(words), "\(body): \(refused.text)")
        }
        stored = try await h.library.pin(id: Int64(id))
        #expect(stored.title == nil && stored.coordinate.latitude == 11)
        #expect(try await h.json("PUT", "/api/pins/999", ["title": "x"]).status == 404)

        for (method, path) in [("GET", "/api/pins/999"), ("DELETE", "/api/photos/999"), ("GET", "/api/media/999"), ("GET", "/api/nothing")] {
            let missing = try await h.request(method, path)
            #expect(missing.status == 404, "\(method) \(path)")
            #expect(missing.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(((try? missing.json()) as? [String: Any])?["error"] != nil)
        }
        let page = try await h.request("GET", "/pins/999")
        #expect(page.status == 404 && page.headers["content-type"]?.hasPrefix("text/html") == true, "a page's error is a page")
        #expect(try await h.request("DELETE", "/api/pins/\(id)").status == 200)
        #expect(try await h.library.pins().isEmpty)
    }

    @Test func droppedPinFillsItsAlbumAndMediaIsServedById() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let created = try await h.json("POST", "/api/pins", ["latitude": 48.856613, "longitude": 2.352222, "title": "Paris"])
        let id = try #require((try created.json() as? [String: Any])?["id"] as? Int)
        await h.server.waitForFetches()
        let album = try #require(try await h.request("GET", "/api/pins/\(id)/photos").json() as? [String: Any])
        let photos = try #require(album["photos"] as? [[String: Any]])
        #expect(photos.count == 8)
        #expect(album["downloading"] as? Bool == false)
        #expect(album["noImages"] as? Bool == false)
        let first = try #require(photos.first)
        let photoId = try #require(first["id"] as? Int)
        #expect(first["thumbnail"] as? String == "/api/media/\(photoId)?size=thumb", "media by id, never a path")

        let thumb = try await h.request("GET", "/api/media/\(photoId)?size=thumb")
        #expect(thumb.status == 200)
        #expect(thumb.headers["content-type"] == "image/jpeg")
        #expect(thumb.headers["x-content-type-options"] == "nosniff")
        #expect(thumb.headers["content-security-policy"]?.contains("default-src 'none'") == true)
        #expect(thumb.body.starts(with: [0xFF, 0xD8]))
        let original = try await h.request("GET", "/api/media/\(photoId)")
        #expect(original.body.count > thumb.body.count)

        #expect(try await h.request("DELETE", "/api/photos/\(photoId)").status == 200)
        #expect(try await h.library.photos(pinId: Int64(id)).count == 7)

        let page = try await h.request("GET", "/pins/\(id)")
        #expect(page.status == 200)
        #expect(page.text.components(separatedBy: "class=\"slot downloaded\"").count == 1 + 7)
        #expect(!page.text.contains("<script>"), "no inline scripts")

        let again = try await h.request("POST", "/api/pins/\(id)/new-collection")
        #expect(again.status == 202, "\(again.text)")
        await h.server.waitForFetches()
        // The bundle has no other photo there: the album says why it did not change.
        let after = try #require(try await h.request("GET", "/api/pins/\(id)/photos").json() as? [String: Any])
        #expect((after["problem"] as? String)?.contains("has not shown before") == true, "\(after["problem"] ?? "nil")")
        #expect(after["downloading"] as? Bool == false)
    }

    @Test func entriesAndSummariesUseTheMemoryQueries() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let created = try await h.json("POST", "/api/pins", ["latitude": 48.856613, "longitude": 2.352222, "title": "Paris"])
        let id = try #require((try created.json() as? [String: Any])?["id"] as? Int)
        await h.server.waitForFetches()
        let entries = try #require(try await h.request("GET", "/api/entries?pin=\(id)&pageSize=5").json() as? [String: Any])
        #expect(entries["total"] as? Int == 8, "\(entries)")
        #expect(entries["pages"] as? Int == 2)
        let june = try #require(try await h.request("GET", "/api/summaries/monthly?year=2024&month=6").json() as? [String: Any])
        #expect(june["photos"] as? Int == 8, "\(june)")
        let year = try #require(try await h.request("GET", "/api/summaries/yearly?year=2024").json() as? [String: Any])
        #expect(year["photos"] as? Int == 8)
        let badSize = try await h.request("GET", "/api/entries?pageSize=0")
        #expect(badSize.status == 400 && badSize.text.contains("pageSize"), "\(badSize.text)")
        let noMonth = try await h.request("GET", "/api/summaries/monthly?year=2024")
        #expect(noMonth.status == 400 && noMonth.text.contains("month"))
        let badDay = try await h.request("GET", "/api/entries?from=2024-02-30")
        #expect(badDay.status == 400 && badDay.text.contains("from"))
        #expect(try await h.request("GET", "/api/entries?pin=999").status == 404)
        let card = try await h.request("GET", "/api/summaries/monthly/card?year=2024&month=6")
        #expect(card.status == 200 && card.headers["content-type"] == "image/png")
        #expect(card.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let timeline = try await h.request("GET", "/timeline?by=day")
        #expect(timeline.status == 200 && timeline.text.contains("2024-06-14"))
        let summary = try await h.request("GET", "/summary?year=2024&month=6")
        #expect(summary.status == 200 && summary.text.contains("/api/summaries/monthly/card?year=2024&amp;month=6"))
    }

    @Test func emptyPlaceSaysNoImages() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let created = try await h.json("POST", "/api/pins", ["latitude": 0, "longitude": -140, "title": "Pacific"])
        let id = try #require((try created.json() as? [String: Any])?["id"] as? Int)
        await h.server.waitForFetches()
        let album = try #require(try await h.request("GET", "/api/pins/\(id)/photos").json() as? [String: Any])
        #expect(album["noImages"] as? Bool == true)
        let page = try await h.request("GET", "/pins/\(id)")
        #expect(page.text.contains("<p class=\"no-images\" id=\"no-images\">No Images</p>"))
    }

    @Test func titlesAreEscapedInPages() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let title = "</h2><script>alert(\"x\")</script>/"
        let created = try await h.json("POST", "/api/pins", ["latitude": 1, "longitude": 1, "title": title, "fetch": false])
        let id = try #require((try created.json() as? [String: Any])?["id"] as? Int)
        let page = try await h.request("GET", "/pins/\(id)")
        #expect(page.text.contains("&lt;/h2&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;/"))
        #expect(!page.text.contains("<script>alert"))
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
    }

    @Test func regionIsSavedAndChecked() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        #expect(try await h.request("GET", "/api/region").text == "null")
        let saved = try await h.json("PUT", "/api/region", ["latitude": 48.8, "longitude": 2.3, "spanLatitude": 10, "spanLongitude": 20])
        #expect(saved.status == 200)
        let bad = try await h.json("PUT", "/api/region", ["latitude": 48.8, "longitude": 2.3, "spanLatitude": 0, "spanLongitude": 20])
        #expect(bad.status == 400 && bad.text.contains("spanLatitude"), "\(bad.text)")
        let region = try #require(try await h.request("GET", "/api/region").json() as? [String: Any])
        #expect(region["spanLongitude"] as? Double == 20)
        let map = try await h.request("GET", "/")
        #expect(map.text.contains("data-lat=\"48.8\""))
    }

    @Test func remindersAddListDoneSnoozeAndRemove() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let daily = try await h.json("POST", "/api/reminders", ["kind": "daily", "time": "09:30", "text": "Water the plants", "zone": "Europe/Paris"])
        #expect(daily.status == 201, "\(daily.text)")
        let made = try #require(try daily.json() as? [String: Any])
        let id = try #require(made["id"] as? Int)
        #expect(made["rule"] as? String == "09:30" && made["kind"] as? String == "daily" && made["zone"] as? String == "Europe/Paris")
        #expect((made["nextAt"] as? String)?.contains("T09:30:00+0") == true, "\(made)")
        let weekly = try await h.json("POST", "/api/reminders", ["kind": "weekly", "day": "friday", "time": "18:05", "text": "Call home"])
        #expect(weekly.status == 201 && weekly.text.contains("friday 18:05"), "\(weekly.text)")
        // Each refusal names the field; nothing is stored.
        for (body, words) in [(["kind": "daily", "text": "x"], "time is required"), (["kind": "hourly", "text": "x"], "kind 'hourly'"),
                              (["kind": "daily", "time": "25:00", "text": "x"], "25:00"), (["kind": "daily", "time": "09:00"], "pinId or text"),
                              (["kind": "once", "at": "2020-01-01 08:00", "text": "x"], "allowPast"),
                              (["kind": "daily", "time": "09:00", "text": "x", "zone": "Mars/Base"], "Mars/Base"),
                              (["kind": "daily", "time": "09:00", "pinId": 99], "99")] as [([String: any Sendable], String)] {
            let refused = try await h.json("POST", "/api/reminders", body)
            #expect(refused.status == 400 || refused.status == 404, "\(body)")
            #expect(refused.text.contains(words), "\(body): \(refused.text)")
        }
        #expect(try await h.library.reminders().count == 2)
        let list = try #require(try await h.request("GET", "/api/reminders").json() as? [[String: Any]])
        #expect(list.count == 2)

        let snoozed = try await h.json("POST", "/api/reminders/\(id)/snooze", ["minutes": 15])
        let later = try snoozed.json() as? [String: Any]
        #expect(snoozed.status == 200 && later?["snoozedUntil"] is String, "\(snoozed.text)")
        #expect(try await h.json("POST", "/api/reminders/\(id)/snooze", ["minutes": 0]).status == 400)
        let done = try await h.request("POST", "/api/reminders/\(id)/done")
        let finished = try done.json() as? [String: Any]
        #expect(done.status == 200 && finished?["state"] as? String == "done", "\(done.text)")
        #expect(try await h.library.reminder(id: Int64(id)).isDone)
        #expect(try await h.request("DELETE", "/api/reminders/\(id)").status == 200)
        #expect(try await h.request("DELETE", "/api/reminders/\(id)").status == 404)
        #expect(try await h.request("POST", "/api/reminders/abc/done").status == 404)
        let page = try await h.request("GET", "/reminders")
        #expect(page.status == 200 && page.text.contains("every Friday at 18:05") && page.text.contains("Call home"))
    }

    @Test func openAPIDocumentListsTheRoutes() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let doc = try #require(try await h.request("GET", "/api/openapi.json").json() as? [String: Any])
        #expect((doc["openapi"] as? String)?.hasPrefix("3.") == true)
        let paths = try #require(doc["paths"] as? [String: Any])
        for path in ["/api/pins", "/api/map/pins", "/api/pins/{id}", "/api/pins/{id}/photos", "/api/media/{id}", "/api/region", "/api/photos/{id}",
                     "/api/reminders", "/api/reminders/{id}", "/api/reminders/{id}/done", "/api/reminders/{id}/snooze"] {
            #expect(paths[path] != nil, "\(path)")
        }
    }
}
