import AlbumCore
import AlbumModel
import Foundation

/// Server-rendered pages. Every title goes through `MarkupText.escape`; scripts are files
/// (`/assets/*.js`) because the Content-Security-Policy forbids inline scripts.
enum Pages {
    static func head(_ title: String, map: Bool) -> String {
        PageHead.html(title, map: map, assets: "/assets/")
            .replacingOccurrences(of: "/assets/album.css", with: StaticAssets.shared.url("album.css"))
            .replacingOccurrences(of: "</head>", with: "<link rel=\"icon\" href=\"\(StaticAssets.shared.url("favicon.svg"))\" type=\"image/svg+xml\">\n</head>")
            + """
            \(map ? "<body class=\"map-page\">" : "<body>")
            <header><h1><a href="/">GeoAlbum</a></h1><a href="/">Map</a><a href="/timeline">Timeline</a><a href="/tags">Tags</a><a href="/search">Search</a><a href="/summary">Summary</a>\(map ? "<span class=\"meta\">right-click or long-press the map to drop a pin; drag a pin to move it</span>" : "")</header>

            """
    }

    static func map(region: Region?, basemap: Bool) -> String {
        var attributes = "data-basemap=\"\(basemap ? "/assets/earth.jpg" : "")\""
        if let region {
            attributes += " data-lat=\"\(region.center.latitude)\" data-lon=\"\(region.center.longitude)\""
            attributes += " data-span-lat=\"\(region.spanLatitude)\" data-span-lon=\"\(region.spanLongitude)\""
        }
        return head("GeoAlbum", map: true) + """
            <div id="map" \(attributes)></div>
            <div class="hint" id="status">\(basemap ? "Basemap: Blue Marble, NASA Visible Earth; " : "No basemap: install xplanet-images; ")borders: Natural Earth; \(CityDots.attribution)</div>
            <script src="/assets/leaflet.js"></script>
            <script src="/assets/leaflet.markercluster.js"></script>
            <script src="\(StaticAssets.shared.url("cities.js"))"></script>
            <script src="\(StaticAssets.shared.url("map.js"))"></script>
            </body>
            </html>

            """
    }

    /// An error as a page: the site's header, the status and the message (escaped).
    static func error(_ error: APIError) -> String {
        let title = "\(error.status) \(Self.phrase(error.status))"
        return head(title, map: false) + """
            <main class="error-page">
            <h2>\(MarkupText.escape(title))</h2>
            <p>\(MarkupText.escape(error.message))</p>
            <p><a href="/">Back to the map</a></p>
            </main>
            </body>
            </html>

            """
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 502: "Bad Gateway"
        case 507: "Insufficient Storage"
        default: "Internal Server Error"
        }
    }

    static func album(_ album: AlbumJSON) -> String {
        let pin = album.pin
        let title = pin.title ?? "Pin \(pin.id)"
        var out = head(title, map: false)
        out += "<main id=\"album\" data-pin=\"\(pin.id)\">\n<div class=\"album-head\">\n"
        out += "<h2 id=\"title\">\(MarkupText.escape(title))</h2>\n"
        out += "<span class=\"meta\">\(MarkupText.degrees(pin.coordinate.latitude)), \(MarkupText.degrees(pin.coordinate.longitude))</span>\n"
        if let place = placeText(pin) { out += "<span class=\"meta\" id=\"place\">\(MarkupText.escape(place))</span>\n" }
        out += "<span class=\"meta\" id=\"dates\">\(dateRange(album.photos.compactMap(\.takenAt)) ?? "")</span>\n"
        let disabled = album.downloading || !album.hasAlbum ? " disabled" : ""
        out += "<button class=\"action\" id=\"new-collection\" type=\"button\"\(disabled)>New Collection</button>\n"
        out += "<span class=\"meta\" id=\"status\">\(status(album))</span>\n</div>\n"
        if let note = pin.note { out += "<p>\(MarkupText.escape(note))</p>\n" }
        out += "<p class=\"no-images\" id=\"no-images\"\(album.hasAlbum && !album.downloading && album.photos.isEmpty ? "" : " hidden")>No Images</p>\n"
        out += "<div class=\"grid\" id=\"grid\">\n"
        for photo in album.photos { out += slot(photo) + "\n" }
        out += "</div>\n</main>\n<script src=\"\(StaticAssets.shared.url("album.js"))\"></script>\n</body>\n</html>\n"
        return out
    }

    static func slot(_ photo: Photo) -> String {
        let state = photo.state.name
        let alt = MarkupText.escape(photo.title ?? "")
        switch photo.state {
        case .downloaded:
            let date = photo.takenAt.map { "<span class=\"date\">\(MarkupText.escape(localTime($0)))</span>" } ?? ""
            return "<div class=\"slot downloaded\" data-id=\"\(photo.id)\" data-state=\"downloaded\">"
                + "<button class=\"photo\" type=\"button\" title=\"Remove: \(alt)\"><img src=\"/api/media/\(photo.id)?size=thumb\" alt=\"\(alt)\"></button>\(date)</div>"
        case .failed(let reason):
            return "<div class=\"slot failed\" data-id=\"\(photo.id)\" data-state=\"failed\" title=\"\(MarkupText.escape(reason))\">failed</div>"
        default:
            return "<div class=\"slot \(state)\" data-id=\"\(photo.id)\" data-state=\"\(state)\"></div>"
        }
    }

    static func status(_ album: AlbumJSON) -> String {
        let done = album.photos.filter { $0.state == .downloaded }.count
        if !album.hasAlbum { return album.downloading ? "Searching…" : "No album yet" }
        if album.downloading { return "Downloading \(done) of \(album.photos.count)…" }
        return count(album.photos.count, "photo")
    }

    /// `1 photo`, `2 photos`, `0 photos`.
    static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
    }

    /// `Paris, Île-de-France, France · Europe/Paris`: the place the library named for the pin
    /// (issue 12) and its time zone, or nil when neither is known yet.
    static func placeText(_ pin: Pin) -> String? {
        let parts = [pin.place?.label, pin.timeZone].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// A camera time as people read it: `2024-06-14 12:30` (local time, as the camera had it;
    /// the UTC offset, when stored, is left out).
    static func localTime(_ takenAt: String) -> String {
        let text = takenAt.replacingOccurrences(of: "T", with: " ")
        return text.count >= 16 ? String(text.prefix(16)) : text
    }

    /// `2024-06-14 – 2024-06-20` (or one day) over these camera times; nil for none.
    static func dateRange(_ times: [String]) -> String? {
        let days = times.map { String($0.prefix(10)) }.filter { $0.count == 10 }.sorted()
        guard let first = days.first, let last = days.last else { return nil }
        return first == last ? first : "\(first) – \(last)"
    }
}
