import AlbumCore
import AlbumModel
import Foundation

/// Server-rendered pages. Every title goes through `MarkupText.escape`; scripts are files
/// (`/assets/*.js`) because the Content-Security-Policy forbids inline scripts.
enum Pages {
    /// The screens the header links, in order: path and name.
    static let screens: [(path: String, name: String)] = [
        ("/", "Map"), ("/places", "Places"), ("/trips", "Trips"), ("/reminders", "Reminders"), ("/timeline", "Timeline"), ("/diary", "Diary"), ("/tags", "Tags"), ("/search", "Search"), ("/summary", "Summary"),
    ]

    /// Who is looking at the page, on a library with users (set by `FrontResponder` for the
    /// request): the header then shows their address and a Log out button.
    @TaskLocal static var signedIn: String?

    /// From `<!DOCTYPE html>` to the header: the style sheet, the theme script (in the head, so a
    /// page never flashes the other theme), the icon, one link per screen (`current` marked with
    /// `aria-current`) and the light/dark switch.
    /// - Parameter add: the header's "+ Add" with the add sheet and its outbox (`memory.js`), on
    ///   every page but the login and error pages.
    static func head(_ title: String, map: Bool, current: String? = nil, add: Bool = true) -> String {
        var nav = ""
        for screen in screens {
            nav += "<a href=\"\(screen.path)\"\(screen.path == current ? " aria-current=\"page\"" : "")>\(screen.name)</a>"
        }
        let logout = signedIn.map {
            "<form class=\"logout\" method=\"post\" action=\"/logout\"><span class=\"meta\">\(MarkupText.escape($0))</span> "
                + "<button class=\"theme-switch\" id=\"logout\" type=\"submit\">Log out</button></form>"
        } ?? ""
        let links = "<link rel=\"icon\" href=\"\(StaticAssets.shared.url("favicon.svg"))\" type=\"image/svg+xml\">\n"
            + "<script src=\"\(StaticAssets.shared.url("theme.js"))\"></script>\n"
            + (add ? "<script defer src=\"\(StaticAssets.shared.url("memory.js"))\"></script>\n" : "") + "</head>"
        let addButton = add ? "<button class=\"theme-switch add-open\" id=\"add-open\" type=\"button\" aria-haspopup=\"dialog\" aria-controls=\"add-sheet\">+ Add</button>" : ""
        return PageHead.html(title, map: map, assets: "/assets/")
            .replacingOccurrences(of: "/assets/album.css", with: StaticAssets.shared.url("album.css"))
            .replacingOccurrences(of: "</head>", with: links)
            + """
            \(map ? "<body class=\"map-page\">" : "<body>")
            <header><h1><a href="/">GeoAlbum</a></h1><nav aria-label="Screens">\(nav)</nav>\(addButton)<button class="theme-switch" id="theme-switch" type="button">Theme</button>\(logout)</header>
            \(add ? outbox + addSheet : "")
            """
    }

    /// - Parameter vector: the vector basemap (GSHHG; decision 0097) drawn over `basemap`.
    static func map(region: Region?, basemap: Bool, tiles: TileServer? = nil, vector: VectorBasemap? = nil) -> String {
        var attributes = mapAttributes(basemap: basemap, tiles: tiles, vector: vector)
        let credits = mapCredits(basemap: basemap, tiles: tiles, vector: vector)
        if let region {
            attributes += " data-lat=\"\(region.center.latitude)\" data-lon=\"\(region.center.longitude)\""
            attributes += " data-span-lat=\"\(region.spanLatitude)\" data-span-lon=\"\(region.spanLongitude)\""
        }
        return head("GeoAlbum", map: true, current: "/") + """
            <div id="map" \(attributes)></div>
            <div class="hint" id="status">Right-click or long-press the map to drop a pin; drag a pin to move it; click a group for its photos. \(credits)</div>
            <script src="/assets/leaflet.js"></script>
            <script src="/assets/leaflet.markercluster.js"></script>
            <script src="\(StaticAssets.shared.url("cities.js"))"></script>
            <script src="\(StaticAssets.shared.url("longpress.js"))"></script>
            <script src="\(StaticAssets.shared.url("gshhg.js"))"></script>
            <script src="\(StaticAssets.shared.url("map.js"))"></script>
            </body>
            </html>

            """
    }

    /// The map's sources as its hint names them (escaped for the page).
    static func mapCredits(basemap: Bool, tiles: TileServer?, vector: VectorBasemap?) -> String {
        let lines = vector != nil ? "coasts, lakes, rivers and borders: GSHHG 2.3.7 (Wessel and Smith, LGPL); world outlines" : "borders"
        return tiles.map { "Map tiles: \(MarkupText.escape($0.attribution))" }
            ?? "\(basemap ? "Basemap: Blue Marble, NASA Visible Earth; " : "No basemap: install xplanet-images; ")\(lines): Natural Earth; \(CityDots.attribution)"
    }

    /// An error as a page: the site's header, the status and the message (escaped).
    static func error(_ error: APIError) -> String {
        let title = "\(error.status) \(Self.phrase(error.status))"
        return head(title, map: false, add: false) + """
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

    /// A pin's album: its title, place and dates, New Collection, Edit (title and note), Remove
    /// (after a confirmation), the pin's own tags (chips, editable), the photos (a click opens
    /// the viewer, where a photo's own tags are edited: `album.js`), live by events.
    static func album(_ album: AlbumJSON, tags: [String] = []) -> String {
        let pin = album.pin
        let title = pin.title ?? "Pin \(pin.id)"
        var out = head(title, map: false)
        out += "<main id=\"album\" data-pin=\"\(pin.id)\">\n<div class=\"album-head\">\n"
        out += "<h2 id=\"title\">\(MarkupText.escape(title))</h2>\n"
        out += "<span class=\"meta\">\(MarkupText.degrees(pin.coordinate.latitude)), \(MarkupText.degrees(pin.coordinate.longitude))</span>\n"
        if let place = placeText(pin) { out += "<span class=\"meta\" id=\"place\">\(MarkupText.escape(place))</span>\n" }
        out += "<span class=\"meta\" id=\"dates\">\(dateRange(album.photos.compactMap(\.takenAt)) ?? "")</span>\n</div>\n"
        let disabled = album.downloading || !album.hasAlbum ? " disabled" : ""
        out += "<div class=\"actions\">"
        out += "<button class=\"action\" id=\"new-collection\" type=\"button\"\(disabled)>New Collection</button>"
        out += "<button class=\"secondary\" id=\"edit\" type=\"button\" aria-expanded=\"false\" aria-controls=\"edit-pin\">Edit title and note</button>"
        out += "<button class=\"secondary\" id=\"share\" type=\"button\" aria-expanded=\"false\" aria-controls=\"share-pin\">Share</button>"
        out += "<button class=\"secondary\" id=\"remove-pin\" type=\"button\">Remove pin</button>"
        out += "<span class=\"meta\" id=\"status\" role=\"status\">\(status(album))</span></div>\n"
        out += "<p class=\"problem\" id=\"problem\"\(album.problem == nil ? " hidden" : "")>\(MarkupText.escape(album.problem ?? ""))</p>\n"
        out += "<p id=\"note\"\(pin.note == nil ? " hidden" : "")>\(MarkupText.escape(pin.note ?? ""))</p>\n"
        out += tagEditor(tags, label: "Tags of this place (its photos carry them too)", id: "pin-tag")
        out += """
            <form class="stack card-box" id="edit-pin" hidden>
            <label for="edit-title">Title</label><input type="text" id="edit-title" name="title" maxlength="500" value="\(MarkupText.escape(pin.title ?? ""))" placeholder="Pin \(pin.id)">
            <label for="edit-note">Note</label><textarea id="edit-note" name="note" maxlength="5000">\(MarkupText.escape(pin.note ?? ""))</textarea>
            <p class="actions"><button class="action" type="submit">Save</button><button class="secondary" type="button" id="edit-cancel">Cancel</button></p>
            </form>
            <form class="stack card-box" id="share-pin" hidden>
            <label for="share-for">A read-only link to this album (its page, thumbnails and originals) for</label>
            <select id="share-for" name="expiresIn"><option value="86400">1 day</option><option value="604800" selected>7 days</option><option value="2592000">30 days</option></select>
            <p class="actions"><button class="action" type="submit">Create link</button><button class="secondary" type="button" id="share-cancel">Close</button></p>
            <p id="share-made" hidden><label for="share-url">Link (shown once)</label> <input type="text" id="share-url" readonly> <button class="secondary" type="button" id="share-copy">Copy</button></p>
            <ul id="share-links" aria-label="Links of this album"></ul>
            </form>
            <dialog id="confirm-remove" aria-labelledby="confirm-remove-title">
            <h2 id="confirm-remove-title">Remove \(MarkupText.escape(title))?</h2>
            <p>The pin and its photos leave the library for good.</p>
            <form method="dialog" class="actions"><button class="danger" value="remove" id="confirm-remove-yes">Remove pin</button><button class="secondary" value="keep" autofocus>Keep it</button></form>
            </dialog>

            """
        out += "<p class=\"no-images\" id=\"no-images\"\(album.hasAlbum && !album.downloading && album.photos.isEmpty ? "" : " hidden")>No Images</p>\n"
        out += "<div class=\"grid\" id=\"grid\">\n"
        // Look-alikes folded under their first photo (decision 0125).
        let folds = LookalikeFolds(album.photos.map { $0.state == .downloaded ? $0.perceptualHash?.value : nil })
        for (position, photo) in album.photos.enumerated() {
            let lead = folds.lead[position]
            out += slot(photo, foldedUnder: lead == position ? nil : album.photos[lead].id, count: folds.counts[position] ?? 1) + "\n"
        }
        out += "</div>\n<p class=\"notice\" id=\"undo-bar\" role=\"status\" hidden><span id=\"undo-text\"></span> <button class=\"secondary\" type=\"button\" id=\"undo\">Undo</button></p>\n"
        out += viewer + "</main>\n<script src=\"\(StaticAssets.shared.url("tagchips.js"))\"></script>\n"
        out += "<script src=\"\(StaticAssets.shared.url("folds.js"))\"></script>\n"
        out += "<script src=\"\(StaticAssets.shared.url("album.js"))\"></script>\n</body>\n</html>\n"
        return out
    }

    /// The full-size viewer (filled by `album.js`): the original, arrows, its facts, its own tags
    /// (the place's shown beside them) and a visible Remove button.
    static let viewer = """
        <dialog class="viewer" id="viewer" aria-labelledby="viewer-title">
        <div class="viewer-body">
        <div class="viewer-image"><img id="viewer-img" alt=""><button class="viewer-nav prev" id="viewer-prev" type="button" aria-label="Previous photo">&#8249;</button><button class="viewer-nav next" id="viewer-next" type="button" aria-label="Next photo">&#8250;</button></div>
        <div class="viewer-side">
        <h2 id="viewer-title"></h2>
        <dl class="facts" id="viewer-facts"></dl>
        <h3 class="viewer-tags-title">Tags</h3>
        \(tagEditor([], label: "Tags of this photo", id: "photo-tag"))<p class="meta" id="viewer-pin-tags" hidden></p>
        <p><a id="viewer-original" href="#" target="_blank" rel="noopener">Open the original</a></p>
        <div class="actions"><button class="danger" type="button" id="viewer-remove">Remove photo</button><button class="secondary" type="button" id="viewer-close">Close</button></div>
        </div>
        </div>
        </dialog>

        """

    /// An album's photo. `foldedUnder`: the shown photo whose look-alike this is (hidden until its
    /// badge unfolds it); `count` > 1: the look-alikes folded under this one, itself included.
    static func slot(_ photo: Photo, foldedUnder lead: Int64? = nil, count: Int = 1) -> String {
        let state = photo.state.name
        let alt = MarkupText.escape(photo.title ?? "")
        switch photo.state {
        case .downloaded:
            let date = photo.takenAt.map { "<span class=\"date\">\(MarkupText.escape(localTime($0)))</span>" } ?? ""
            let fold = lead.map { " data-fold-of=\"\($0)\" hidden" } ?? ""
            let badge = count > 1 ? LookalikeFolds.badge(photo.id, count: count) : ""
            return "<div class=\"slot downloaded\" data-id=\"\(photo.id)\" data-state=\"downloaded\"\(fold)>"
                + "<button class=\"photo\" type=\"button\" aria-label=\"Open: \(alt)\"><img src=\"/api/media/\(photo.id)?size=thumb\" alt=\"\(alt)\" loading=\"lazy\"></button>\(date)\(badge)</div>"
        case .failed(let reason):
            return "<div class=\"slot failed\" data-id=\"\(photo.id)\" data-state=\"failed\" title=\"\(MarkupText.escape(reason))\">failed</div>"
        default:
            return "<div class=\"slot \(state)\" data-id=\"\(photo.id)\" data-state=\"\(state)\"></div>"
        }
    }

    static func status(_ album: AlbumJSON) -> String {
        let done = album.photos.filter { $0.state == .downloaded }.count
        if album.downloading { return album.hasAlbum ? "Downloading \(done) of \(album.photos.count)…" : "Searching…" }
        if !album.hasAlbum && album.photos.isEmpty { return "No album yet" }
        return count(album.photos.count, "photo")
    }

    /// `1 photo`, `2 photos`, `0 photos`.
    static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number(n)) \(n == 1 ? noun : plural ?? noun + "s")"
    }

    /// `100,000`: a whole number with thousands separators (English, as the pages are).
    static func number(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = n < 0 ? "-" : ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
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
