import AlbumModel
import AlbumPlaces
import Foundation

/// The maps' city layer: populated places from GeoNames (`cities15000.txt`, Debian's
/// `libtimezonemap-data`, CC BY 4.0 — the file AlbumPlaces names places from) as labelled dots
/// from zoom 5 on, where the Blue Marble is a blur. `album serve` serves the list as
/// `/assets/cities.json`; the static gallery writes it as `assets/cities-data.js` (a page opened
/// from `file://` cannot fetch). Both draw it with `CityDots.script`.
public enum CityDots {
    /// What the maps say under the basemap credit.
    public static let attribution = "places: GeoNames (CC BY 4.0)"
    /// The most places drawn: GeoNames' cities500 (`ALBUM_PLACES`) has 200,000.
    static let maxPlaces = 40_000

    /// `[[latitude, longitude, "name", population], …]`, most populous first, coordinates to
    /// 3 decimals (~100 m): GeoNames' tab-separated columns 2 (name), 5–6 (position), 15 (population).
    /// - Throws: `AlbumError.io` naming the file when it cannot be read.
    public static func json(source: PlaceSource = .standard()) throws(AlbumError) -> Data {
        let text: String
        do {
            text = try String(contentsOfFile: source.cities, encoding: .utf8)
        } catch {
            throw .io("cannot read the places file", subject: .file(source.cities), cause: .of(error))
        }
        var places: [(name: Substring, latitude: Substring, longitude: Substring, population: Int)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let columns = line.split(separator: "\t", maxSplits: 15, omittingEmptySubsequences: false)
            guard columns.count > 14, let population = Int(columns[14]), Double(columns[4]) != nil, Double(columns[5]) != nil
            else { continue }
            places.append((columns[1], columns[4], columns[5], population))
        }
        places.sort { $0.population > $1.population }
        var out = "["
        out.reserveCapacity(40 * min(places.count, maxPlaces))
        for (i, place) in places.prefix(maxPlaces).enumerated() {
            if i > 0 { out += "," }
            out += "[\(rounded(place.latitude)),\(rounded(place.longitude)),\(quoted(place.name)),\(place.population)]"
        }
        return Data((out + "]").utf8)
    }

    /// GeoNames' decimal degrees cut to 3 decimals, as text (no floating-point round trip).
    static func rounded(_ degrees: Substring) -> Substring {
        guard let dot = degrees.firstIndex(of: ".") else { return degrees }
        let end = degrees.index(dot, offsetBy: 4, limitedBy: degrees.endIndex) ?? degrees.endIndex
        return degrees[..<end]
    }

    /// A JSON string: GeoNames names have no control characters, but quotes and backslashes are escaped anyway.
    static func quoted(_ name: Substring) -> String {
        var out = "\""
        for character in name.unicodeScalars {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where character.value < 0x20: out += " "
            default: out.unicodeScalars.append(character)
            }
        }
        return out + "\""
    }

    /// `GeoAlbumCities(map, load)`: draws the places in view as dots with names from zoom 5,
    /// most populous first, skipping any whose label would overlap one already drawn. `load(done)`
    /// is called once, at the first zoom that needs the list, and calls `done(list)`.
    public static let script = #"""
        (function () {
          "use strict";
          window.GeoAlbumCities = function (map, load) {
            var layer = L.layerGroup().addTo(map), places = null, asked = false;
            function draw() {
              layer.clearLayers();
              if (map.getZoom() < 5) { return; }
              if (!places) {
                if (!asked) { asked = true; load(function (list) { places = list; draw(); }); }
                return;
              }
              var view = map.getBounds().pad(0.05), taken = {}, shown = 0;
              for (var i = 0; i < places.length && shown < 300; i++) {
                var p = places[i];
                if (!view.contains([p[0], p[1]])) { continue; }
                // A grid of 40×18 px cells: a label covers the cells from its dot rightwards as far
                // as its name runs; a place is left out when a more populous one's label took any
                // of those cells or the ones around them.
                var at = map.latLngToContainerPoint([p[0], p[1]]);
                var cx = Math.floor(at.x / 40), cy = Math.floor(at.y / 18), width = Math.ceil((p[2].length * 6.5 + 12) / 40);
                var near = false;
                for (var dx = -1; dx <= width && !near; dx++) {
                  for (var dy = -1; dy <= 1 && !near; dy++) { near = taken[(cx + dx) + ":" + (cy + dy)] === true; }
                }
                if (near) { continue; }
                for (var k = 0; k < width; k++) { taken[(cx + k) + ":" + cy] = true; }
                shown++;
                var name = document.createElement("span");
                name.textContent = p[2];
                layer.addLayer(L.marker([p[0], p[1]], {
                  interactive: false, keyboard: false,
                  icon: L.divIcon({ className: "city-label" + (p[3] >= 1000000 ? " big" : ""), html: name, iconSize: null })
                }));
              }
              map.getContainer().setAttribute("data-cities", String(shown));
            }
            map.on("moveend", draw);
            map.whenReady(draw);  // once the map has a view (it may get one after this call)
          };
        })();

        """#
}
