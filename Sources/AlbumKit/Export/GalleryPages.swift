import AlbumModel
import Foundation

/// The static gallery's HTML and script. Titles are escaped with `MarkupText.escape`.
enum GalleryPages {
    static let csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:"

    static func head(_ title: String, map: Bool) -> String {
        PageHead.html(title, map: map, assets: "assets/", contentSecurityPolicy: csp)
    }

    static func index(_ content: ExportContent, hasBasemap: Bool) -> String {
        var out = head("GeoAlbum", map: true)
        out += "<body>\n<header><h1><a href=\"index.html\">GeoAlbum</a></h1><span>\(content.pins.count) \(content.pins.count == 1 ? "album" : "albums")</span></header>\n"
        out += "<div id=\"map\" data-basemap=\"\(hasBasemap ? "assets/earth.jpg" : "")\"></div>\n<main>\n<h2>Albums</h2>\n<ul class=\"albums\">\n"
        for entry in content.pins {
            let title = MarkupText.escape(entry.pin.title ?? "Pin \(entry.pin.id)")
            out += "<li><a href=\"album-\(entry.pin.id).html\">\(title)</a> <span class=\"meta\">\(entry.photos.count) photos</span></li>\n"
        }
        out += "</ul>\n"
        out += "<p class=\"credit\">\(hasBasemap ? "Basemap: Blue Marble, NASA Visible Earth; " : "")\(CityDots.attribution).</p>\n"
        out += """
            </main>
            <script src="assets/leaflet.js"></script>
            <script src="assets/leaflet.markercluster.js"></script>
            <script src="assets/cities.js"></script>
            <script src="data.js"></script>
            <script src="assets/gallery.js"></script>
            </body>
            </html>

            """
        return out
    }

    static func album(_ entry: ExportedPin, slots: [(title: String, original: String?, thumbnail: String?)]) -> String {
        let title = entry.pin.title ?? "Pin \(entry.pin.id)"
        var out = head(title, map: false)
        out += "<body>\n<header><h1><a href=\"index.html\">GeoAlbum</a></h1></header>\n<main>\n"
        out += "<div class=\"album-head\"><h2>\(MarkupText.escape(title))</h2>"
        out += "<span class=\"meta\">\(MarkupText.degrees(entry.pin.coordinate.latitude)), \(MarkupText.degrees(entry.pin.coordinate.longitude))</span></div>\n"
        if let note = entry.pin.note { out += "<p>\(MarkupText.escape(note))</p>\n" }
        if slots.isEmpty {
            out += "<p class=\"no-images\">No Images</p>\n"
        } else {
            out += "<div class=\"grid\">\n"
            for slot in slots {
                let alt = MarkupText.escape(slot.title)
                let img = slot.thumbnail.map { "<img src=\"\($0)\" alt=\"\(alt)\" title=\"\(alt)\">" } ?? alt
                if let original = slot.original {
                    out += "<a class=\"slot\" href=\"\(original)\">\(img)</a>\n"
                } else {
                    out += "<div class=\"slot\">\(img)</div>\n"
                }
            }
            out += "</div>\n"
        }
        return out + "</main>\n</body>\n</html>\n"
    }

    /// The map: plate carrée (EPSG:4326), so the equirectangular Blue Marble lines up exactly.
    static let script = """
        (function () {
          "use strict";
          var el = document.getElementById("map");
          var map = L.map(el, { crs: L.CRS.EPSG4326, minZoom: 0, maxZoom: 18, maxBounds: [[-100, -200], [100, 200]] });
          var basemap = el.getAttribute("data-basemap");
          if (basemap) { L.imageOverlay(basemap, [[-90, -180], [90, 180]]).addTo(map); }
          var cluster = L.markerClusterGroup();
          var pins = window.GEOALBUM_PINS || [];
          var markers = pins.map(function (p) {
            var marker = L.marker([p.latitude, p.longitude], { title: p.title });
            var link = document.createElement("a");
            link.href = p.href;
            link.textContent = p.title + " (" + p.photoCount + ")";
            marker.bindPopup(link);
            return marker;
          });
          cluster.addLayers(markers);
          map.addLayer(cluster);
          if (pins.length > 0) {
            map.fitBounds(cluster.getBounds(), { padding: [40, 40], maxZoom: 8 });
          } else {
            map.setView([20, 0], 1);
          }
          // Places (GeoNames) from zoom 5: their list is a script, loaded when first needed.
          window.GeoAlbumCities(map, function (done) {
            var script = document.createElement("script");
            script.src = "assets/cities-data.js";
            script.onload = function () { done(window.GEOALBUM_CITIES || []); };
            document.head.appendChild(script);
          });
          document.body.setAttribute("data-ready", "true");
        })();

        """
}
