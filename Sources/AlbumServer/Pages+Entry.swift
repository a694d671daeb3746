import AlbumCore
import AlbumModel
import Foundation

/// An entry's own page (`/entries/{entry}`, linked from its card on /timeline and /diary): what
/// it holds at full size (the note rendered as the diary does, safely; the song; the sound's
/// player and waveform across the page, its transcript; the check-in's place and that day's
/// photos there), its tags editable in place, its map, Edit and Remove (after a confirmation).
/// `entry.js` does the editing through `PUT`/`DELETE /api/entries/{entry}`.
extension Pages {
    /// - Parameters:
    ///   - photos: for a check-in at a pin, that pin's photos of the check-in's day.
    ///   - map: the map's data attributes (`mapAttributes`), for an entry with a position.
    ///   - credits: the map's sources, as the map page names them.
    static func entry(_ entry: Entry, photos: [PhotoEntry], map: String, credits: String = "") -> String {
        let kind = kindNames[entry.kind] ?? entry.kind.rawValue
        let when = dayTitle(entry.at.date) + " " + String(entry.at.localText.dropFirst(11).prefix(5))
        let title = "\(kind) · \(when)"
        var out = head(title, map: !map.isEmpty)
        if !map.isEmpty { out = out.replacingOccurrences(of: "<body class=\"map-page\">", with: "<body>") }
        out += "<main id=\"entry\" class=\"entry-page\" data-id=\"\(entry.id)\" data-kind=\"\(entry.kind.rawValue)\">\n"
        out += "<div class=\"page-head\"><h2 id=\"entry-title\">\(MarkupText.escape(kind))</h2>"
        out += "<time class=\"meta\" datetime=\"\(MarkupText.escape(entry.at.localText))\">\(MarkupText.escape(when))</time>"
        out += "<a href=\"/diary\" id=\"back\">Diary</a> <a href=\"/timeline\">Timeline</a></div>\n"
        out += "<div class=\"entry-detail\">" + entryCard(entry, photos: photos, link: false, tags: false) + "</div>\n"
        out += tagEditor(entry.tags.map(\.value), label: "Tags of this \(kind.lowercased())")
        if !map.isEmpty {
            let at = entry.placeName ?? entry.coordinate.map { "\(MarkupText.degrees($0.latitude)), \(MarkupText.degrees($0.longitude))" } ?? ""
            out += "<section class=\"entry-map-box\" aria-labelledby=\"entry-map-title\"><h3 id=\"entry-map-title\">Where: \(MarkupText.escape(at))</h3>"
            out += "<div id=\"entry-map\" class=\"pick-map\" \(map)></div><p class=\"meta\">\(credits)</p></section>\n"
        }
        out += "<div class=\"actions\"><button class=\"secondary\" id=\"entry-edit\" type=\"button\" aria-expanded=\"false\" aria-controls=\"edit-entry\">Edit</button>"
        out += "<button class=\"danger\" id=\"entry-remove\" type=\"button\">Remove</button></div>\n"
        out += "<p class=\"problem\" id=\"problem\" role=\"alert\" hidden></p>\n"
        out += editForm(entry)
        out += """
            <dialog id="confirm-remove" aria-labelledby="confirm-remove-title">
            <h2 id="confirm-remove-title">Remove this \(MarkupText.escape(kind.lowercased()))?</h2>
            <p>It leaves the library for good\(entry.kind == .audio ? ", its sound file with it" : "").</p>
            <form method="dialog" class="actions"><button class="danger" value="remove" id="confirm-remove-yes">Remove</button><button class="secondary" value="keep" autofocus>Keep it</button></form>
            </dialog>
            </main>

            """
        if !map.isEmpty {
            out += "<script src=\"/assets/leaflet.js\"></script>\n<script src=\"\(StaticAssets.shared.url("gshhg.js"))\"></script>\n"
            out += "<script src=\"\(StaticAssets.shared.url("smallmap.js"))\"></script>\n"
        }
        out += "<script src=\"\(StaticAssets.shared.url("tagchips.js"))\"></script>\n"
        return out + "<script src=\"\(StaticAssets.shared.url("entry.js"))\"></script>\n</body>\n</html>\n"
    }

    /// Tags as removable chips and a field to add more (`tagchips.js` wires them): an entry's,
    /// a pin's (`id` "pin-tag"), a photo's in the viewer ("photo-tag"); the elements' ids are
    /// `id` followed by -editor, -list, -add, -new and -problem.
    static func tagEditor(_ tags: [String], label: String, id: String = "tag") -> String {
        var out = "<section class=\"tag-editor\" id=\"\(id)-editor\" aria-label=\"\(MarkupText.escape(label))\" data-tags=\"\(MarkupText.escape(tags.joined(separator: ",")))\">"
        out += "<ul class=\"chips\" id=\"\(id)-list\">"
        for tag in tags {
            let name = MarkupText.escape(tag)
            out += "<li data-tag=\"\(name)\"><a href=\"/timeline?tag=\(MarkupText.escape(query(tag)))\">#\(name)</a>"
            out += "<button class=\"chip-remove\" type=\"button\" data-remove-tag=\"\(name)\" aria-label=\"Remove the tag \(name)\">×</button></li>"
        }
        out += "</ul><form class=\"tag-add\" id=\"\(id)-add\"><label for=\"\(id)-new\">Add tags</label>"
        out += "<input type=\"text\" id=\"\(id)-new\" name=\"tags\" maxlength=\"500\" placeholder=\"separated by commas\">"
        out += "<button class=\"secondary\" type=\"submit\">Add</button></form>"
        return out + "<p class=\"problem\" id=\"\(id)-problem\" role=\"alert\" hidden></p></section>\n"
    }

    /// The fields `PUT /api/entries/{entry}` takes for the entry's kind, as they are now.
    static func editForm(_ entry: Entry) -> String {
        func field(_ id: String, _ name: String, _ label: String, _ value: String?, long: Bool = false, type: String = "text", max: Int = 500) -> String {
            let value = MarkupText.escape(value ?? "")
            let input = long
                ? "<textarea id=\"\(id)\" name=\"\(name)\" maxlength=\"\(max)\">\(value)</textarea>"
                : "<input type=\"\(type)\" id=\"\(id)\" name=\"\(name)\" maxlength=\"\(max)\" value=\"\(value)\">"
            return "<label for=\"\(id)\">\(label)</label>\(input)"
        }
        var fields = ""
        switch entry.content {
        case .note(let text): fields = field("edit-text", "text", "Text", text, long: true, max: 20000)
        case .place(let note): fields = field("edit-text", "text", "Note", note, long: true, max: 20000)
        case .song(let song):
            fields = field("edit-title", "title", "Title", song.title) + field("edit-artist", "artist", "Artist", song.artist)
                + field("edit-album", "album", "Album (optional)", song.album) + field("edit-link", "link", "Link (optional)", song.link, type: "url", max: 2000)
        case .audio(_, let title, let artist):
            fields = field("edit-title", "title", "Title (optional)", title) + field("edit-artist", "artist", "Artist (optional)", artist)
        }
        return "<form class=\"stack card-box\" id=\"edit-entry\" hidden>\(fields)"
            + "<p class=\"actions\"><button class=\"action\" type=\"submit\">Save</button><button class=\"secondary\" type=\"button\" id=\"edit-cancel\">Cancel</button></p></form>\n"
    }

    /// The offline map's data attributes (`data-basemap`, the vector basemap's, or a tile
    /// server's) and a position: what `map.js` and `entry.js` read.
    static func mapAttributes(basemap: Bool, tiles: TileServer?, vector: VectorBasemap?) -> String {
        var attributes = "data-basemap=\"\(basemap ? "/assets/earth.jpg" : "")\""
        if let tiles {
            attributes += " data-tiles=\"\(MarkupText.escape(tiles.template))\" data-tiles-attribution=\"\(MarkupText.escape(tiles.attribution))\""
        }
        if let vector, tiles == nil {
            attributes += " data-vector=\"/api/basemap\" data-vector-zooms=\"\(vector.zooms.sorted().map(String.init).joined(separator: ","))\""
            attributes += " data-vector-version=\"\(MarkupText.escape(vector.version))\""
        }
        return attributes
    }
}
