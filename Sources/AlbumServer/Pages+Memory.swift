import AlbumCore
import AlbumModel
import Foundation

/// The timeline, tags, search and summary pages (server-rendered from issue 13's queries; no
/// script needed).
extension Pages {
    /// The kinds the timeline's filter offers: its `kind` value (nil: everything) and its name.
    static let timelineKinds: [(value: String?, name: String)] = [
        (nil, "All"), ("photo", "Photos"), ("note", "Notes"), ("song", "Songs"), ("audio", "Voice and sound"), ("checkin", "Check-ins"),
    ]

    /// `GET /timeline`: photos and entries (notes, songs, sounds, check-ins) together by local
    /// day, week or month, or the kinds `kind` names; day, week and month segments, a kind
    /// filter and a date range (kept, with the tag, in every link), the groups, and the next
    /// page's link, which `timeline.js` follows as the reader scrolls (infinite scroll; the link
    /// still works without scripts). An entry is a full-width row of its group's grid, among the
    /// photos in timeline order, so that a group split across two pages merges as one grid.
    /// - Parameter kind: the `kind` parameter as given (nil: photos and every entry kind).
    /// - Parameter onThisDay: the "on this day" section (`Pages.onThisDay`), above the groups.
    /// - Parameter hashes: the page's photos' perceptual hashes by id: look-alikes within a
    ///   group fold under its first (decision 0125).
    static func timeline(
        _ page: TimelinePage, filter: PhotoFilter, kind: String? = nil, pageSize: Int, onThisDay: String = "", hashes: [Int64: UInt64] = [:]
    ) -> String {
        let tag = filter.tag
        let tagParameter = tag.map { "&amp;tag=\(MarkupText.escape(query($0.value)))" } ?? ""
        var range = ""
        if let from = filter.from { range += "&amp;from=\(from)" }
        if let to = filter.to { range += "&amp;to=\(to)" }
        if pageSize != 200 { range += "&amp;pageSize=\(pageSize)" }
        let kindParameter = kind.map { "&amp;kind=\(MarkupText.escape(query($0)))" } ?? ""
        let kept = kindParameter + tagParameter + range
        let heading = tag.map { "Timeline: #\($0.value)" } ?? "Timeline"
        var out = head(heading, map: false, current: "/timeline") + "<main>\n<div class=\"page-head\"><h2>\(MarkupText.escape(heading))</h2>"
        // Photos, and entries when there are some (or when only entries are asked for).
        let listsPhotos = kind.map { $0.split(separator: ",").contains("photo") } ?? true
        var counted: [String] = []
        if listsPhotos { counted.append(count(page.total - page.entryTotal, "photo")) }
        if page.entryTotal > 0 || !listsPhotos { counted.append(count(page.entryTotal, "entry", plural: "entries")) }
        out += "<span class=\"meta\" id=\"timeline-count\">\(counted.joined(separator: " · "))</span>"
        out += "<nav class=\"segments\" aria-label=\"Group by\">"
        for grouping in TimelineGrouping.allCases {
            let current = grouping == page.by ? " aria-current=\"page\"" : ""
            out += "<a href=\"/timeline?by=\(grouping.rawValue)\(kept)\"\(current)>\(grouping.rawValue.capitalized)</a>"
        }
        out += "</nav>"
        if tag != nil { out += " <a href=\"/timeline?by=\(page.by.rawValue)\(kindParameter)\">every tag</a>" }
        out += "</div>\n<nav class=\"segments kinds\" aria-label=\"Kind\" id=\"timeline-kinds\">"
        for (value, name) in timelineKinds {
            let current = value == kind ? " aria-current=\"page\"" : ""
            let parameter = value.map { "&amp;kind=\($0)" } ?? ""
            out += "<a href=\"/timeline?by=\(page.by.rawValue)\(parameter)\(tagParameter)\(range)\"\(current)>\(name)</a>"
        }
        out += "</nav>\n"
        out += "<form class=\"range\" method=\"get\" action=\"/timeline\" id=\"range\"><input type=\"hidden\" name=\"by\" value=\"\(page.by.rawValue)\">"
        if let kind { out += "<input type=\"hidden\" name=\"kind\" value=\"\(MarkupText.escape(kind))\">" }
        if let tag { out += "<input type=\"hidden\" name=\"tag\" value=\"\(MarkupText.escape(tag.value))\">" }
        out += "<div><label for=\"from\">From</label><input type=\"date\" id=\"from\" name=\"from\" value=\"\(filter.from.map { "\($0)" } ?? "")\"></div>"
        out += "<div><label for=\"to\">To</label><input type=\"date\" id=\"to\" name=\"to\" value=\"\(filter.to.map { "\($0)" } ?? "")\"></div>"
        out += "<button class=\"secondary\" type=\"submit\">Show</button>"
        if filter.from != nil || filter.to != nil {
            out += " <a href=\"/timeline?by=\(page.by.rawValue)\(kindParameter)\(tagParameter)\" id=\"clear-range\">every date</a>"
        }
        out += "</form>\n"
        if page.total == 0 { out += "<p class=\"no-images\">\(listsPhotos ? "No Images" : "No entries")</p>\n" }
        out += onThisDay + "<div id=\"timeline-groups\">\n"
        let mixed = kind != "photo"
        for group in page.groups {
            let counted = mixed ? count(group.count, "item") : count(group.count, "photo")
            out += "<section class=\"group\" data-key=\"\(MarkupText.escape(group.key))\"><h3>\(MarkupText.escape(groupTitle(group, by: page.by))) <span class=\"meta\">\(counted)</span></h3>\n"
            out += "<div class=\"grid\">\n"
            let folds = LookalikeFolds(group.items.map { item in
                if case .photo(let photo) = item { return hashes[photo.id] }
                return nil
            })
            for (position, item) in group.items.enumerated() {
                switch item {
                case .photo(let photo):
                    var lead: Int64?
                    if folds.lead[position] != position, case .photo(let first) = group.items[folds.lead[position]] { lead = first.id }
                    out += slot(photo, foldedUnder: lead, count: folds.counts[position] ?? 1)
                case .entry(let entry): out += entryCard(entry, photos: [], dated: page.by != .day)
                }
            }
            out += "</div>\n</section>\n"
        }
        out += "</div>\n<nav class=\"pager\" id=\"pager\" aria-label=\"Pages\">"
        if page.page > 1 { out += "<a href=\"/timeline?by=\(page.by.rawValue)\(kept)&amp;page=\(page.page - 1)&amp;asOf=\(page.asOf)\" rel=\"prev\">newer</a> " }
        out += "<span class=\"meta\">page \(page.page) of \(max(page.pages, 1))</span>"
        if page.page < page.pages { out += " <a href=\"/timeline?by=\(page.by.rawValue)\(kept)&amp;page=\(page.page + 1)&amp;asOf=\(page.asOf)\" rel=\"next\" id=\"older\">older</a>" }
        out += "</nav>\n</main>\n<script src=\"\(StaticAssets.shared.url("timeline.js"))\"></script>\n"
        out += "<script src=\"\(StaticAssets.shared.url("folds.js"))\"></script>\n"
        return out + "<script src=\"\(StaticAssets.shared.url("cardtags.js"))\"></script>\n</body>\n</html>\n"
    }

    /// A timeline group's heading as people read it: `Friday 14 June 2024`, `Week 24, 2024 · 10 Jun – 16 Jun`,
    /// `June 2024`, or `Undated` (its key, `2024-06-14`, `2024-W24`, `2024-06`, stays in `data-key`).
    static func groupTitle(_ group: TimelineGroup, by grouping: TimelineGrouping) -> String {
        guard let from = group.from else { return group.key == "undated" ? "Undated" : group.key }
        switch grouping {
        case .day: return dayTitle(from)
        case .week:
            let week = group.key.split(separator: "W").last.map(String.init) ?? group.key
            let to = group.to.map { " – " + dayTitle($0, format: "d MMM") } ?? ""
            return "Week \(Int(week) ?? 0), \(group.key.prefix(4)) · \(dayTitle(from, format: "d MMM"))\(to)"
        case .month: return dayTitle(from, format: "MMMM yyyy")
        }
    }

    /// Photos as thumbnails linking to their pin's album, each captioned with its local date and
    /// place (the timeline and search results).
    static func grid(_ photos: [PhotoEntry]) -> String {
        "<div class=\"grid\">\n" + photos.map { slot($0) }.joined() + "</div>\n"
    }

    /// One photo of a grid: its thumbnail linking to its pin's album, captioned with its local
    /// date and place.
    /// - Parameters: `foldedUnder`: the shown photo whose look-alike this is (hidden until its
    ///   badge unfolds it); `count` > 1: a tile that stands for `count` look-alikes, with their
    ///   badge (a button cannot sit in a link: the tile is then a box holding both).
    static func slot(_ photo: PhotoEntry, foldedUnder lead: Int64? = nil, count: Int = 1) -> String {
        let alt = MarkupText.escape([photo.title, photo.place].compactMap { $0 }.joined(separator: " — "))
        let caption = [photo.takenAt.map(localTime), photo.place].compactMap { $0 }.joined(separator: " · ")
        let image = photo.thumbnail == nil ? alt : "<img src=\"/api/media/\(photo.id)?size=thumb\" alt=\"\(alt)\" title=\"\(alt)\" loading=\"lazy\">"
        let target = photo.pinId.map { "/pins/\($0)" } ?? "/api/media/\(photo.id)"
        let span = caption.isEmpty ? "" : "<span class=\"caption\">\(MarkupText.escape(caption))</span>"
        let fold = lead.map { " data-fold-of=\"\($0)\" hidden" } ?? ""
        if count > 1 {
            return "<div class=\"slot fold-lead\" data-id=\"\(photo.id)\"><a class=\"slot-link\" href=\"\(target)\">\(image)\(span)</a>"
                + LookalikeFolds.badge(photo.id, count: count) + "</div>\n"
        }
        return "<a class=\"slot\" href=\"\(target)\" data-id=\"\(photo.id)\"\(fold)>\(image)\(span)</a>\n"
    }

    /// `GET /tags`: every tag with its counts, each linking to the timeline narrowed to it.
    static func tags(_ tags: [TagUsage]) -> String {
        var out = head("Tags", map: false, current: "/tags") + "<main>\n<div class=\"album-head\"><h2>Tags</h2>"
        out += "<span class=\"meta\">\(count(tags.count, "tag"))</span></div>\n"
        if tags.isEmpty {
            out += "<p class=\"no-images\">No tags yet</p>\n<p class=\"meta\">Tag photos or pins with <code>album tag add</code>.</p>\n"
        } else {
            out += "<ul class=\"tags\" id=\"tags\">\n"
            for usage in tags {
                let name = MarkupText.escape(usage.tag.value)
                out += "<li><a href=\"/timeline?by=month&amp;tag=\(MarkupText.escape(query(usage.tag.value)))\">#\(name)</a> "
                out += "<span class=\"meta\">\(count(usage.photos, "photo")), \(count(usage.pins, "pin"))</span></li>\n"
            }
            out += "</ul>\n"
        }
        return out + "</main>\n</body>\n</html>\n"
    }

    /// `GET /search?q=…`: the search box and, with a query, its matches.
    /// - Parameter problem: why the query was refused (shown instead of results).
    static func search(_ text: String, _ results: SearchResults?, problem: String? = nil) -> String {
        var out = head(text.isEmpty ? "Search" : "Search: \(text)", map: false, current: "/search") + "<main>\n"
        out += "<form class=\"search\" method=\"get\" action=\"/search\" role=\"search\">"
        out += "<label for=\"q\">Search photos</label><input type=\"search\" name=\"q\" id=\"q\" value=\"\(MarkupText.escape(text))\" placeholder=\"titles, notes, places, tags\" autofocus>"
        out += "<button class=\"action\" type=\"submit\">Search</button></form>\n"
        if let problem { out += "<p class=\"problem\" id=\"problem\">\(MarkupText.escape(problem))</p>\n" }
        guard let results else { return out + "</main>\n</body>\n</html>\n" }
        let shown = results.photos.count < results.total ? " (first \(results.photos.count))" : ""
        out += "<p class=\"meta\" id=\"matches\">\(count(results.total, "photo")) \(results.total == 1 ? "matches" : "match")\(shown)</p>\n"
        if results.total == 0 {
            out += "<p class=\"no-images\">No Images</p>\n"
        } else {
            out += grid(results.photos)
        }
        return out + "</main>\n</body>\n</html>\n"
    }

    /// A query parameter's value, percent-encoded.
    static func query(_ value: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    /// A month's or a year's summary, with the period picker (a year, and a month or the whole year).
    static func summary(_ summary: Summary?, cardQuery: String, year: Int, month: Int?, problem: String? = nil) -> String {
        let title = summary?.title ?? "Summary"
        var out = head(title, map: false, current: "/summary") + "<main>\n<div class=\"page-head\"><h2>\(MarkupText.escape(title))</h2>"
        if let summary { out += "<span class=\"meta\">\(summary.from) – \(summary.to)</span>" }
        out += "</div>\n<form class=\"range\" method=\"get\" action=\"/summary\" id=\"period\">"
        out += "<div><label for=\"year\">Year</label><input type=\"number\" id=\"year\" name=\"year\" min=\"2\" max=\"9999\" value=\"\(year)\" required></div>"
        out += "<div><label for=\"month\">Month</label><select id=\"month\" name=\"month\"><option value=\"\">The whole year</option>"
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        for (i, name) in names.enumerated() { out += "<option value=\"\(i + 1)\"\(month == i + 1 ? " selected" : "")>\(name)</option>" }
        out += "</select></div><button class=\"secondary\" type=\"submit\">Show</button></form>\n"
        if let problem { out += "<p class=\"problem\" id=\"problem\">\(MarkupText.escape(problem))</p>\n" }
        guard let summary else { return out + "</main>\n</body>\n</html>\n" }
        out += "<ul>\n"

        out += "<li>\(count(summary.photos, "photo")) at \(count(summary.places, "place")) (\(summary.newPlaces) new), "
        out += "\(count(summary.activeDays, "active day"))</li>\n"
        if let day = summary.busiestDay { out += "<li>busiest day: \(day.date) (\(count(day.photos, "photo")))</li>\n" }
        out += "<li>\(String(format: "%.0f", summary.distanceKm)) km between places in time order</li>\n"
        for place in summary.topPlaces.prefix(5) {
            out += "<li><a href=\"/pins/\(place.pinId)\">\(MarkupText.escape(place.name ?? "Pin \(place.pinId)"))</a>: \(count(place.photos, "photo"))</li>\n"
        }
        for tag in summary.topTags.prefix(5) {
            out += "<li><a href=\"/timeline?by=month&amp;tag=\(MarkupText.escape(query(tag.tag.value)))\">#\(MarkupText.escape(tag.tag.value))</a>: "
            out += "\(count(tag.photos, "photo"))</li>\n"
        }
        out += "</ul>\n"
        if summary.photos > 0 {
            // Both themes' cards; the style sheet shows the page's (a hidden lazy image is not fetched).
            let card = "/api/summaries/\(summary.period == .month ? "monthly" : "yearly")/card?\(cardQuery)"
            out += "<p><img class=\"card card-light\" src=\"\(card)\" alt=\"summary card\" loading=\"lazy\">"
            out += "<img class=\"card card-dark\" src=\"\(card)&amp;theme=dark\" alt=\"summary card\" loading=\"lazy\"></p>\n"
        } else {
            out += "<p class=\"no-images\">No Images</p>\n"
        }
        return out + "</main>\n</body>\n</html>\n"
    }
}
