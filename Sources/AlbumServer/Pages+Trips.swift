import AlbumCore
import AlbumModel
import Foundation

/// Trips (issue 29): the list of trips found by themselves, one trip with its route on a map
/// (`trips.js`), and the "on this day" section of the timeline with its card.
extension Pages {
    /// `GET /trips`: the homes, then every trip, newest first, each linking to its page.
    static func trips(_ report: TripReport) -> String {
        var out = head("Trips", map: false, current: "/trips") + "<main>\n<div class=\"page-head\"><h2>Trips</h2>"
        out += "<span class=\"meta\" id=\"trip-count\">\(count(report.trips.count, "trip"))</span></div>\n"
        if !report.homes.isEmpty {
            let homes = report.homes.map { home in
                let span = [home.from.map { "from \($0)" }, home.to.map { "until \($0)" }].compactMap { $0 }.joined(separator: " ")
                return MarkupText.escape(home.name) + (home.source == "set" ? " (set)" : " (most nights)") + (span.isEmpty ? "" : " " + span)
            }
            out += "<p class=\"meta\" id=\"homes\">Home: \(homes.joined(separator: "; "))</p>\n"
        }
        if report.trips.isEmpty {
            out += "<p class=\"no-images\">No trips yet</p>\n<p class=\"meta\">A trip is days in a row with photos or entries more than "
            out += String(format: "%.0f", report.awayKm) + " km from home.</p>\n"
            return out + "</main>\n</body>\n</html>\n"
        }
        out += "<ul class=\"rows\" id=\"trips\">\n"
        for trip in report.trips.reversed() {
            out += "<li data-trip=\"\(trip.number)\"><div class=\"grow\"><a class=\"name\" href=\"/trips/\(trip.number)\">"
            out += "\(MarkupText.escape(trip.name)) <span aria-hidden=\"true\">→</span></a>"
            out += "<p class=\"meta\">\(facts(trip)) · \(MarkupText.escape(trip.places.map(\.name).joined(separator: ", ")))</p></div></li>\n"
        }
        return out + "</ul>\n</main>\n</body>\n</html>\n"
    }

    /// `5 days · 45 km · 57 photos · 1 entry`.
    static func facts(_ trip: Trip) -> String {
        "\(count(trip.dayCount, "day")) · " + String(format: "%.0f km", trip.distanceKm) + " · \(count(trip.photos, "photo")) · "
            + count(trip.entries, "entry", plural: "entries")
    }

    /// `GET /trips/{n}`: the trip's route on a map (its places away from home in time order; the
    /// map page's basemap, `map` being `mapAttributes`, with its `credits`) and its days, each
    /// linking to the timeline of that day.
    static func trip(_ trip: Trip, map: String, credits: String) -> String {
        let name = MarkupText.escape(trip.name)
        let route = "[" + trip.route.map { "[\(MarkupText.degrees($0.latitude)),\(MarkupText.degrees($0.longitude))]" }.joined(separator: ",") + "]"
        let places = "[" + trip.places.map { place in
            "{\"name\":\(jsonString(place.name)),\"lat\":\(MarkupText.degrees(place.coordinate.latitude)),\"lon\":\(MarkupText.degrees(place.coordinate.longitude))}"
        }.joined(separator: ",") + "]"
        // Leaflet's style sheets, without the map page's full-screen layout (as "Add a place").
        var out = head(trip.name, map: true, current: "/trips").replacingOccurrences(of: "<body class=\"map-page\">", with: "<body>")
        out += "<main>\n<div class=\"page-head\"><h2>\(name)</h2><a href=\"/trips\">Back to the trips</a></div>\n"
        out += "<p class=\"meta\" id=\"trip-facts\">\(facts(trip)) · " + "\(trip.from) – \(trip.to)</p>\n"
        out += "<div id=\"trip-map\" class=\"pick-map\" \(map) data-route=\"\(MarkupText.escape(route))\" "
        out += "data-places=\"\(MarkupText.escape(places))\" role=\"img\" aria-label=\"Map: the route of \(name)\"></div>\n"
        out += "<p class=\"meta\" id=\"trip-credits\">\(credits)</p>\n"
        out += "<ul class=\"rows\" id=\"trip-days\">\n"
        for day in trip.days {
            let where_ = day.places.isEmpty ? "no place recorded" : day.places.joined(separator: " → ")
            out += "<li><div class=\"grow\"><a class=\"name\" href=\"/timeline?by=day&amp;from=\(day.date)&amp;to=\(day.date)\">\(MarkupText.escape(dayTitle(day.date)))</a>"
            out += "<p class=\"meta\">\(MarkupText.escape(where_))</p></div>"
            out += "<span class=\"meta count\">\(count(day.photos, "photo")) · \(count(day.entries, "entry", plural: "entries"))</span></li>\n"
        }
        out += "</ul>\n</main>\n<script src=\"/assets/leaflet.js\"></script>\n<script src=\"\(StaticAssets.shared.url("gshhg.js"))\"></script>\n"
        out += "<script src=\"\(StaticAssets.shared.url("smallmap.js"))\"></script>\n"
        return out + "<script src=\"\(StaticAssets.shared.url("trips.js"))\"></script>\n</body>\n</html>\n"
    }

    /// A JSON string literal.
    static func jsonString(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    /// The timeline's "on this day" section (issue 29): each earlier year's photos of this month
    /// and day, with its places, and the day's card in both themes. Empty when there are none.
    static func onThisDay(_ years: [MemoryYear], date: LocalDate) -> String {
        guard !years.isEmpty else { return "" }
        var out = "<section class=\"group on-this-day\" id=\"on-this-day\" aria-labelledby=\"on-this-day-title\">"
        out += "<h3 id=\"on-this-day-title\">On this day, \(MarkupText.escape("\(date.day) \(LocalPeriod.monthNames[date.month - 1])"))</h3>\n"
        for year in years {
            let ago = "\(year.yearsAgo) year\(year.yearsAgo == 1 ? "" : "s") ago"
            let places = year.places.prefix(3).joined(separator: ", ")
            out += "<h4><a href=\"/timeline?by=day&amp;from=\(year.date)&amp;to=\(year.date)\">\(year.date.year)</a> "
            out += "<span class=\"meta\">\(ago)\(places.isEmpty ? "" : " · " + MarkupText.escape(places)) · "
            out += "\(count(year.photos.count, "photo")) · \(count(year.entries.count, "entry", plural: "entries"))</span></h4>\n"
            // The year's photos, then its notes, songs, sounds and check-ins, as the timeline shows them.
            if !year.photos.isEmpty || !year.entries.isEmpty {
                out += "<div class=\"grid\">\n" + year.photos.prefix(8).map { slot($0) }.joined()
                    + year.entries.prefix(4).map { entryCard($0, photos: [], tags: false) }.joined() + "</div>\n"
            }
        }
        let card = "/api/memories/card?date=\(date)"
        out += "<p><img class=\"card card-light\" src=\"\(card)\" alt=\"On this day card\" loading=\"lazy\">"
        out += "<img class=\"card card-dark\" src=\"\(card)&amp;theme=dark\" alt=\"On this day card\" loading=\"lazy\"></p>\n"
        return out + "</section>\n"
    }
}
