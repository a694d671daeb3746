import AlbumCore
import AlbumModel
import Foundation
import Testing

@testable import AlbumServer

/// Trips and "on this day" in `album serve` (issue 29): the trips page, a trip's page with its
/// route for the map, the timeline's "on this day" section and its card.
@Suite struct ServerTripsTests {
    @Test func tripsPagesAndOnThisDayOnTheTimeline() async throws {
        // The server's clock says 14 June 2025, a year after the bundle's Paris photos.
        let h = try await ServerHarness(configure: { $0.clock = { 1_749_902_400 } }).start()
        defer { Task { await h.stop() } }
        _ = try await h.json("POST", "/api/pins", ["latitude": 48.856613, "longitude": 2.352222, "title": "Paris"])
        await h.server.waitForFetches()
        _ = try await h.library.setHome(try Coordinate(latitude: 45.764, longitude: 4.8357), since: nil)

        let list = try await h.request("GET", "/trips")
        #expect(list.status == 200 && list.text.contains("<a href=\"/trips\" aria-current=\"page\">Trips</a>"), "\(list.text)")
        #expect(list.text.contains("id=\"trip-count\">1 trip</span>") && list.text.contains("Home: Lyon (set)"), "\(list.text)")
        #expect(list.text.contains("<a class=\"name\" href=\"/trips/1\">Paris, 14 June 2024 <span aria-hidden=\"true\">→</span></a>"), "\(list.text)")
        #expect(list.text.contains("<p class=\"meta\">1 day · ") && list.text.contains(" km · 8 photos · 0 entries · Paris</p>"), "\(list.text)")

        let trip = try await h.request("GET", "/trips/1")
        #expect(trip.status == 200 && trip.text.contains("<h2>Paris, 14 June 2024</h2>"), "\(trip.text)")
        let route = try #require(trip.text.components(separatedBy: "data-route=\"").dropFirst().first?.components(separatedBy: "\"").first)
        let points = try #require(try JSONSerialization.jsonObject(with: Data(route.replacingOccurrences(of: "&quot;", with: "\"").utf8)) as? [[Double]])
        #expect(!points.isEmpty && points.allSatisfy { abs($0[0] - 48.86) < 0.1 && abs($0[1] - 2.35) < 0.1 }, "\(route)")
        #expect(trip.text.contains("data-places=\"[{&quot;name&quot;:&quot;Paris&quot;"), "\(trip.text)")
        #expect(trip.text.contains("href=\"/timeline?by=day&amp;from=2024-06-14&amp;to=2024-06-14\">Friday 14 June 2024</a>"), "\(trip.text)")
        #expect(trip.text.contains("/assets/leaflet.js") && trip.text.contains("trips"), "\(trip.text)")
        // The map page's basemap and its credits (smallmap.js, as an entry's page).
        #expect(trip.text.contains("<script src=\"/assets/smallmap.") && trip.text.contains("id=\"trip-credits\">"), "\(trip.text)")
        for missing in ["/trips/2", "/trips/0", "/trips/x"] {
            let answer = try await h.request("GET", missing)
            #expect(answer.status == 404, "\(missing): \(answer.status)")
        }
        #expect(try await h.request("GET", "/trips/2").text.contains("no trip 2: the library has 1 trip"))

        // On this day: the first page of the whole timeline, not a narrowed one.
        let timeline = try await h.request("GET", "/timeline")
        let section = try #require(timeline.text.components(separatedBy: "<section class=\"group on-this-day\"").dropFirst().first?
            .components(separatedBy: "</section>").first, "\(timeline.text)")
        #expect(section.contains("On this day, 14 June</h3>") && section.contains("1 year ago · Paris · 8 photos · 0 entries"), "\(section)")
        #expect(section.contains("class=\"slot\"") && section.contains("src=\"/api/memories/card?date=2025-06-14&amp;theme=dark\""), "\(section)")
        #expect(!(try await h.request("GET", "/timeline?by=day&from=2024-06-14&to=2024-06-14")).text.contains("on-this-day"))
        #expect(!(try await h.request("GET", "/timeline?page=2")).text.contains("on-this-day"))

        let light = try await h.request("GET", "/api/memories/card?date=2025-06-14")
        let dark = try await h.request("GET", "/api/memories/card?date=2025-06-14&theme=dark")
        #expect(light.status == 200 && dark.status == 200 && light.body != dark.body && light.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let empty = try await h.request("GET", "/api/memories/card?date=2025-01-01")
        #expect(empty.status == 200 && empty.body != light.body)
        let bad = try await h.request("GET", "/api/memories/card?date=2025-02-30")
        #expect(bad.status == 400 && bad.text.contains("date '2025-02-30' is not a date that exists"), "\(bad.text)")
        #expect(try await h.request("GET", "/api/memories/card?theme=blue").status == 400)
    }
}
