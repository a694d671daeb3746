import AlbumModel
import Foundation

/// A GPX 1.1 document (valid against Topografix's `gpx.xsd`): a waypoint per pin and per entry
/// with a position, and one track through the photos that have a capture date, in time order.
///
/// Times are UTC (`…Z`) where the photo's offset is known, as GPX asks; a date without an offset
/// is written as local time without a zone. GPX longitudes are in [-180, 180), so 180 is -180.
public enum GPXExport {
    public static func render(_ content: ExportContent) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="GeoAlbum" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
            <metadata><name>\(MarkupText.escape(content.tripName ?? "GeoAlbum"))</name></metadata>

            """
        for entry in content.pins {
            let pin = entry.pin
            out += "<wpt \(position(pin.coordinate))>"
            out += "<name>\(MarkupText.escape(pin.title ?? "Pin \(pin.id)"))</name>"
            if let note = pin.note { out += "<desc>\(MarkupText.escape(note))</desc>" }
            out += "<type>pin</type></wpt>\n"
        }
        // Entries with a position (issue 26): a waypoint each, with its time, its words (a
        // clip's transcript) and mood, and a sound's file as a link.
        for e in content.entries {
            let entry = e.entry
            out += "<wpt \(position(e.position))><time>\(entry.at.exportUTCOrLocal)</time>"
            out += "<name>\(MarkupText.escape(e.name))</name>"
            if let mood = entry.mood { out += "<cmt>mood: \(mood.label.rawValue) (\(mood.score))</cmt>" }
            if let text = e.text { out += "<desc>\(MarkupText.escape(text))</desc>" }
            if let file = e.file, let clip = entry.content.clip {
                out += "<link href=\"\(MarkupText.escape(file.absoluteString))\"><type>\(MarkupText.escape(clip.mediaType))</type></link>"
            }
            out += "<type>\(entry.kind.rawValue)</type></wpt>\n"
        }
        if let trip = content.tripName { return out + route(content, name: trip) + "</gpx>\n" }
        let timed = content.photosInTimeOrder
        if !timed.isEmpty {
            out += "<trk><name>Photos</name><type>photos</type><trkseg>\n"
            for photo in timed {
                out += "<trkpt \(position(photo.position))>"
                if let when = PhotoTime(exporting: photo.photo) { out += "<time>\(when.exportUTCOrLocal)</time>" }
                out += "<name>\(MarkupText.escape(photo.photo.title ?? "Photo \(photo.photo.id)"))</name>"
                if let file = photo.file {
                    out += "<desc>\(MarkupText.escape(file.path))</desc>"
                    out += "<link href=\"\(MarkupText.escape(file.absoluteString))\"><type>image/jpeg</type></link>"
                }
                out += "</trkpt>\n"
            }
            out += "</trkseg></trk>\n"
        }
        return out + "</gpx>\n"
    }

    /// A trip's route (issue 29): one track through its photos and its entries with a position,
    /// in time order (photos first at the same second).
    static func route(_ content: ExportContent, name: String) -> String {
        var points: [(key: Int64, order: Int, text: String)] = []
        for (i, photo) in content.photosInTimeOrder.enumerated() {
            guard let when = PhotoTime(exporting: photo.photo) else { continue }
            points.append((when.exportSortKey, i, "<trkpt \(position(photo.position))><time>\(when.exportUTCOrLocal)</time>"
                + "<name>\(MarkupText.escape(photo.photo.title ?? "Photo \(photo.photo.id)"))</name><type>photo</type></trkpt>\n"))
        }
        for (i, e) in content.entries.enumerated() {
            points.append((e.entry.at.exportSortKey, points.count + i, "<trkpt \(position(e.position))><time>\(e.entry.at.exportUTCOrLocal)</time>"
                + "<name>\(MarkupText.escape(e.name))</name><type>\(e.entry.kind.rawValue)</type></trkpt>\n"))
        }
        guard !points.isEmpty else { return "" }
        points.sort { ($0.key, $0.order) < ($1.key, $1.order) }
        return "<trk><name>\(MarkupText.escape(name))</name><type>route</type><trkseg>\n" + points.map(\.text).joined() + "</trkseg></trk>\n"
    }

    private static func position(_ c: Coordinate) -> String {
        let lon = c.longitude >= 180 ? c.longitude - 360 : c.longitude
        return "lat=\"\(MarkupText.degrees(c.latitude))\" lon=\"\(MarkupText.degrees(lon))\""
    }
}
