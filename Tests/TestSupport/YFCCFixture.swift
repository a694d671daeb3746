import AlbumModel
import Foundation

/// Lines in the YFCC100M layout, generated: the dataset itself is not reachable from tests.
public struct YFCCFixture: Sendable {
    /// One line's fields, with defaults that make a valid geotagged photo.
    public struct Row: Sendable {
        public var id: UInt64
        public var latitude: String
        public var longitude: String
        public var accuracy = "16"
        public var title = "A+photo"
        public var nickname = "some+one"
        public var dateTaken = "2012-02-16 09:56:37.0"
        public var downloadURL: String
        public var license = "Attribution-NonCommercial License"
        public var marker = "0"

        public init(id: UInt64, at coordinate: Coordinate, url: String) {
            self.id = id
            latitude = String(coordinate.latitude)
            longitude = String(coordinate.longitude)
            downloadURL = url
        }

        /// The 23 fields of the 2014 layout, tab-separated.
        public var fields: [String] {
            [String(id), "12345678@N00", nickname, dateTaken, "1329386197", "Canon+EOS+5D", title, "a+description",
             "tag,other", "", longitude, latitude, accuracy, "http://www.flickr.com/photos/x/\(id)/", downloadURL,
             license, "http://creativecommons.org/licenses/by-nc/2.0/", "7", "8", "abcdef0123", "0123abcdef", "jpg", marker]
        }
    }

    public var rows: [Row]

    public init(rows: [Row]) { self.rows = rows }

    /// `count` photos around `center` (within about `spreadKm`), each downloadable at
    /// `baseURL/photos/ID.jpg`, ids from 1001.
    public static func around(_ center: Coordinate, count: Int, spreadKm: Double = 0.8, baseURL: String) -> YFCCFixture {
        var rows: [Row] = []
        for n in 0..<count {
            let angle = Double(n) * 2.399963
            let km = spreadKm * Double(n + 1) / Double(count)
            let lat = center.latitude + km / 111.195 * sin(angle)
            let lon = center.longitude + km / (111.195 * cos(center.latitude * .pi / 180)) * cos(angle)
            let coordinate = try! Coordinate(latitude: (lat * 1e6).rounded() / 1e6, longitude: (lon * 1e6).rounded() / 1e6)
            let id = UInt64(1001 + n)
            var row = Row(id: id, at: coordinate, url: "\(baseURL)/photos/\(id).jpg")
            row.title = "Photo+\(n + 1)+%C3%A9t%C3%A9"
            rows.append(row)
        }
        return YFCCFixture(rows: rows)
    }

    /// The file's text: 23 fields per line, or 25 with a line number and a hash first.
    public func text(numbered: Bool = false, extraLines: [String] = []) -> String {
        var lines: [String] = []
        for (index, row) in rows.enumerated() {
            var fields = row.fields
            if numbered { fields = [String(index), String(format: "%032x", row.id &* 2654435761)] + fields }
            lines.append(fields.joined(separator: "\t"))
        }
        return (lines + extraLines).map { $0 + "\n" }.joined()
    }

    /// A line in the layout with `fields` replaced (by 23-field position) — for malformed rows.
    public static func line(_ row: Row, replacing changes: [Int: String] = [:], numbered: Bool = false) -> String {
        var fields = row.fields
        for (index, value) in changes { fields[index] = value }
        if numbered { fields = ["99", String(repeating: "0", count: 32)] + fields }
        return fields.joined(separator: "\t")
    }
}
