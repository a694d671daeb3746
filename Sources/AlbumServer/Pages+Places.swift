import AlbumCore
import AlbumModel
import Foundation

/// The travel book: every pin as a place (name, comment, place, dates, photo count, a link to its
/// album), and the form that adds one (`places.js`: the position by a long press on a map).
extension Pages {
    /// `GET /places`. - Parameter plans: the pins' planned visits (their dates), by pin id.
    static func places(_ pins: [Pin], plans: [Int64: PinPlan]) -> String {
        var out = head("Places", map: false, current: "/places") + "<main>\n<div class=\"page-head\"><h2>Places</h2>"
        out += "<span class=\"meta\">\(count(pins.count, "place"))</span>"
        out += "<a class=\"action\" href=\"/places/new\" id=\"add-place\">Add a place</a></div>\n"
        if pins.isEmpty {
            out += "<p class=\"no-images\">No places yet</p>\n<p class=\"meta\">Add one here, or drop a pin on the <a href=\"/\">map</a>.</p>\n"
            return out + "</main>\n</body>\n</html>\n"
        }
        out += "<ul class=\"rows\" id=\"places\">\n"
        for pin in pins.sorted(by: { $0.createdAt > $1.createdAt }) {
            let name = MarkupText.escape(pin.title ?? "Pin \(pin.id)")
            out += "<li data-pin=\"\(pin.id)\"><div class=\"grow\"><a class=\"name\" href=\"/pins/\(pin.id)\">\(name) <span aria-hidden=\"true\">→</span></a>"
            if let note = pin.note { out += "<p class=\"comment\">\(MarkupText.escape(note))</p>" }
            var facts: [String] = []
            if let place = placeText(pin) { facts.append(MarkupText.escape(place)) }
            facts.append("added \(day(pin.createdAt, zone: pin.timeZone))")
            if let plan = plans[pin.id], let from = plan.from, let to = plan.to {
                facts.append(plan.visitedAt == nil ? "planned \(from == to ? "\(from)" : "\(from) – \(to)")" : "visited \(from == to ? "\(from)" : "\(from) – \(to)")")
            }
            out += "<p class=\"meta\">\(facts.joined(separator: " · "))</p></div>"
            out += "<span class=\"meta count\">\(count(pin.photoCount, "photo"))</span></li>\n"
        }
        return out + "</ul>\n</main>\n</body>\n</html>\n"
    }

    /// `GET /places/new`: name, comment and position (typed, or picked by a long press or a
    /// right-click on the map).
    static func newPlace(basemap: Bool) -> String {
        // Leaflet's style sheets, without the map page's full-screen layout.
        head("Add a place", map: true, current: "/places").replacingOccurrences(of: "<body class=\"map-page\">", with: "<body>") + """
            <main>
            <div class="page-head"><h2>Add a place</h2><a href="/places">Back to the places</a></div>
            <form class="stack" id="new-place">
            <label for="place-title">Name</label><input type="text" id="place-title" name="title" maxlength="500" required>
            <label for="place-note">Comment</label><textarea id="place-note" name="note" maxlength="5000"></textarea>
            <p class="meta" id="pick-help">Long-press or right-click the map to set the position, or type it.</p>
            <div id="pick-map" class="pick-map" data-basemap="\(basemap ? "/assets/earth.jpg" : "")" role="application" aria-label="Map: long-press or right-click to set the position" aria-describedby="pick-help"></div>
            <div class="two">
            <div><label for="place-lat">Latitude</label><input type="number" id="place-lat" name="latitude" min="-90" max="90" step="any" required></div>
            <div><label for="place-lon">Longitude</label><input type="number" id="place-lon" name="longitude" min="-180" max="180" step="any" required></div>
            </div>
            <p class="problem" id="problem" role="alert" hidden></p>
            <p class="actions"><button class="action" type="submit">Add the place</button></p>
            </form>
            </main>
            <script src="/assets/leaflet.js"></script>
            <script src="\(StaticAssets.shared.url("longpress.js"))"></script>
            <script src="\(StaticAssets.shared.url("places.js"))"></script>
            </body>
            </html>

            """
    }

    /// `2024-06-14`: the day of an instant where the pin is (else UTC).
    static func day(_ date: Date, zone: String?) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC") ?? .current
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }
}
