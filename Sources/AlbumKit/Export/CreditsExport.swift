import AlbumModel
import Foundation

/// `album export credits` (issue 30): for every downloaded photo (the unplaced tray's too) its
/// TASL attribution — title, author, source, licence — as CSV (RFC 4180, every field quoted),
/// JSON, or an HTML page people can publish. Everything from a source is escaped: CSV cells that
/// a spreadsheet would run as a formula get a leading `'`, HTML text is escaped and only http(s)
/// URLs become links.
public enum CreditsExport {
    public enum Format: String, Sendable, CaseIterable { case csv, json, html }

    /// One photo's attribution.
    public struct Credit: Sendable, Hashable, Encodable {
        public var id: Int64
        /// nil for a photo in the unplaced tray.
        public var pinId: Int64?
        public var title: String?
        /// The owner's name, else their id at the source; nil when nobody is named.
        public var author: String?
        public var authorId: String?
        /// The photo's page at the source, else its URL (nil for an import).
        public var source: String?
        public var sourceName: String
        public var license: String?
        public var licenseId: String?
        public var licenseUrl: String?
        public var copyright: String?
    }

    public static func credits(_ photos: [ResearchPhoto]) -> [Credit] {
        photos.map { exported in
            let photo = exported.photo, p = photo.provenance
            return Credit(
                id: photo.id, pinId: photo.isUnplaced ? nil : photo.pinId, title: photo.title, author: p.ownerName ?? p.ownerId, authorId: p.ownerId,
                source: p.pageURL ?? (photo.isImported ? nil : photo.url), sourceName: photo.isImported ? "import" : photo.source,
                license: photo.license, licenseId: p.licenseId, licenseUrl: p.licenseURL, copyright: p.copyright)
        }
    }

    public static func render(_ photos: [ResearchPhoto], as format: Format) throws(AlbumError) -> Data {
        let list = credits(photos)
        switch format {
        case .csv: return Data(csv(list).utf8)
        case .html: return Data(html(list).utf8)
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            do { return try encoder.encode(list) + Data("\n".utf8) } catch { throw .invalidInput("cannot encode the credits: \(error)") }
        }
    }

    static let csvHeader = ["id", "pin", "title", "author", "author_id", "source", "license", "license_id", "license_url", "copyright"]

    static func csv(_ list: [Credit]) -> String {
        var out = csvHeader.map(cell).joined(separator: ",") + "\r\n"
        for c in list {
            let fields = [String(c.id), c.pinId.map(String.init), c.title, c.author, c.authorId, c.source, c.license, c.licenseId, c.licenseUrl, c.copyright]
            out += fields.map { cell($0 ?? "") }.joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// A quoted CSV field; text a spreadsheet would take for a formula starts with `'`.
    static func cell(_ text: String) -> String {
        var value = text
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { value = "'" + value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func html(_ list: [Credit]) -> String {
        let e = MarkupText.escape
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>Photo credits</title>
            <style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}li{margin:.5rem 0}</style>
            </head>
            <body>
            <h1>Photo credits</h1>
            <ol>

            """
        for c in list {
            let title = link(c.title.map { "“\(e($0))”" } ?? "Photo \(c.id)", c.source)
            let author = c.author.map { " by \(e($0))" } ?? ""
            var terms: String
            if let license = c.license {
                terms = c.licenseId == License.allRightsReservedId ? ", \(e(license))" : ", licensed under \(link(e(license), c.licenseUrl))"
            } else {
                terms = c.copyright.map { ", \(e($0))" } ?? ""
            }
            if c.license != nil, let copyright = c.copyright { terms += " (\(e(copyright)))" }
            out += "<li id=\"photo-\(c.id)\">\(title)\(author)\(terms)</li>\n"
        }
        out += "</ol>\n</body>\n</html>\n"
        return out
    }

    /// `html` as a link to `url` when it is http(s), else as it is.
    static func link(_ html: String, _ url: String?) -> String {
        guard let url, let scheme = URL(string: url)?.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return html }
        return "<a href=\"\(MarkupText.escape(url))\" rel=\"nofollow noopener\">\(html)</a>"
    }
}
