import AlbumModel
import Foundation

/// A KML 2.2 document (valid against OGC's `ogckml22.xsd`): one Folder per pin holding the pin's
/// Placemark and one Placemark per photo, with the capture date as a TimeStamp.
public enum KMLExport {
    public static func render(_ content: ExportContent) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
            <Document>
            <name>GeoAlbum</name>

            """
        for entry in content.pins {
            let pin = entry.pin
            let name = MarkupText.escape(pin.title ?? "Pin \(pin.id)")
            out += "<Folder id=\"folder-\(pin.id)\">\n<name>\(name)</name>\n"
            out += "<Placemark id=\"pin-\(pin.id)\">\n<name>\(name)</name>\n"
            if let note = pin.note { out += "<description>\(MarkupText.escape(note))</description>\n" }
            out += data(["kind": "pin", "pinId": "\(pin.id)", "photoCount": "\(pin.photoCount)"])
            out += point(pin.coordinate) + "</Placemark>\n"
            for photo in entry.photos {
                out += "<Placemark id=\"photo-\(photo.photo.id)\">\n"
                out += "<name>\(MarkupText.escape(photo.photo.title ?? "Photo \(photo.photo.id)"))</name>\n"
                if let file = photo.file { out += "<description>\(MarkupText.escape(file.path))</description>\n" }
                if let when = PhotoTime(exporting: photo.photo) {
                    out += "<TimeStamp><when>\(when.exportWithOffset)</when></TimeStamp>\n"
                }
                var fields = ["kind": "photo", "photoId": "\(photo.photo.id)", "pinId": "\(photo.photo.pinId)"]
                fields["file"] = photo.file?.path
                fields["thumbnail"] = photo.thumbnail?.path
                fields["positionFrom"] = photo.positionFromPin ? "pin" : "photo"
                out += data(fields)
                out += point(photo.position) + "</Placemark>\n"
            }
            out += "</Folder>\n"
        }
        if !content.entries.isEmpty {
            // Entries with a position (issue 26): their words as the description, their time,
            // and what they are as data.
            out += "<Folder id=\"entries\">\n<name>Notes, songs, sounds and check-ins</name>\n"
            for e in content.entries {
                let entry = e.entry
                out += "<Placemark id=\"entry-\(entry.id)\">\n<name>\(MarkupText.escape(e.name))</name>\n"
                if let text = e.text { out += "<description>\(MarkupText.escape(text))</description>\n" }
                out += "<TimeStamp><when>\(entry.at.exportWithOffset)</when></TimeStamp>\n"
                var fields = ["kind": "entry", "entryId": "\(entry.id)", "entryKind": entry.kind.rawValue]
                fields["pinId"] = entry.pinId.map { "\($0)" }
                fields["file"] = e.file?.path
                fields["transcript"] = entry.transcript
                fields["mood"] = entry.mood?.label.rawValue
                fields["moodScore"] = entry.mood.map { "\($0.score)" }
                if !entry.tags.isEmpty { fields["tags"] = entry.tags.map(\.value).joined(separator: ", ") }
                out += data(fields)
                out += point(e.position) + "</Placemark>\n"
            }
            out += "</Folder>\n"
        }
        return out + "</Document>\n</kml>\n"
    }

    private static func point(_ c: Coordinate) -> String {
        "<Point><coordinates>\(MarkupText.degrees(c.longitude)),\(MarkupText.degrees(c.latitude))</coordinates></Point>\n"
    }

    private static func data(_ fields: [String: String]) -> String {
        var out = "<ExtendedData>"
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            out += "<Data name=\"\(key)\"><value>\(MarkupText.escape(value))</value></Data>"
        }
        return out + "</ExtendedData>\n"
    }
}
