import AlbumKit
import AlbumModel
import Foundation

/// The timeline and summary pages (server-rendered from issue 13's queries; no script needed).
extension Pages {
    static func timeline(_ page: TimelinePage) -> String {
        var out = head("Timeline", map: false) + "<main>\n<div class=\"album-head\"><h2>Timeline</h2>"
        out += "<span class=\"meta\">\(page.total) photos, by \(page.by.rawValue)</span>"
        for grouping in TimelineGrouping.allCases where grouping != page.by {
            out += " <a href=\"/timeline?by=\(grouping.rawValue)\">by \(grouping.rawValue)</a>"
        }
        out += "</div>\n"
        if page.total == 0 { out += "<p class=\"no-images\">No Images</p>\n" }
        for group in page.groups {
            out += "<h3>\(MarkupText.escape(group.key)) <span class=\"meta\">\(group.count) photos</span></h3>\n<div class=\"grid\">\n"
            for photo in group.photos {
                let alt = MarkupText.escape([photo.title, photo.place].compactMap { $0 }.joined(separator: " — "))
                let image = photo.thumbnail == nil ? alt : "<img src=\"/api/media/\(photo.id)?size=thumb\" alt=\"\(alt)\" title=\"\(alt)\">"
                let target = photo.pinId.map { "/pins/\($0)" } ?? "/api/media/\(photo.id)"
                out += "<a class=\"slot\" href=\"\(target)\">\(image)</a>\n"
            }
            out += "</div>\n"
        }
        out += "<p>"
        if page.page > 1 { out += "<a href=\"/timeline?by=\(page.by.rawValue)&amp;page=\(page.page - 1)&amp;asOf=\(page.asOf)\">newer</a> " }
        out += "page \(page.page) of \(page.pages)"
        if page.page < page.pages { out += " <a href=\"/timeline?by=\(page.by.rawValue)&amp;page=\(page.page + 1)&amp;asOf=\(page.asOf)\">older</a>" }
        return out + "</p>\n</main>\n</body>\n</html>\n"
    }

    static func summary(_ summary: Summary, cardQuery: String) -> String {
        var out = head(summary.title, map: false) + "<main>\n<div class=\"album-head\"><h2>\(MarkupText.escape(summary.title))</h2>"
        out += "<span class=\"meta\">\(summary.from) – \(summary.to)</span></div>\n<ul>\n"
        out += "<li>\(summary.photos) photos at \(summary.places) places (\(summary.newPlaces) new), \(summary.activeDays) active days</li>\n"
        if let day = summary.busiestDay { out += "<li>busiest day: \(day.date) (\(day.photos) photos)</li>\n" }
        out += "<li>\(String(format: "%.0f", summary.distanceKm)) km between places in time order</li>\n"
        for place in summary.topPlaces.prefix(5) {
            out += "<li><a href=\"/pins/\(place.pinId)\">\(MarkupText.escape(place.name ?? "Pin \(place.pinId)"))</a>: \(place.photos) photos</li>\n"
        }
        for tag in summary.topTags.prefix(5) { out += "<li>#\(MarkupText.escape(tag.tag.value)): \(tag.photos) photos</li>\n" }
        out += "</ul>\n"
        if summary.photos > 0 {
            out += "<p><img class=\"card\" src=\"/api/summaries/\(summary.period == .month ? "monthly" : "yearly")/card?\(cardQuery)\" alt=\"summary card\"></p>\n"
        } else {
            out += "<p class=\"no-images\">No Images</p>\n"
        }
        return out + "</main>\n</body>\n</html>\n"
    }
}
