import AlbumModel
import Foundation

/// A batch of places to fetch: CSV lines `lat,lon[,title]`.
///
/// Blank lines and lines starting with `#` are skipped, and so is a first line that names the
/// columns (`lat,lon,title`). A title may be quoted (`"Paris, France"`, `""` for a quote).
public enum PinsFile {
    /// One usable line.
    public struct Entry: Sendable, Hashable {
        public var line: Int
        public var coordinate: Coordinate
        public var title: String?
    }

    /// Every line of the file, each usable or with the reason it is not (naming file and line).
    /// - Throws: `AlbumError.io` when the file cannot be read at all.
    public static func read(_ url: URL) throws(AlbumError) -> [Result<Entry, AlbumError>] {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .io("cannot read pins file \(url.path): \(error.localizedDescription)")
        }
        return parse(text, name: url.path)
    }

    /// Parses the text of a pins file; `name` is used in error messages.
    public static func parse(_ text: String, name: String) -> [Result<Entry, AlbumError>] {
        var results: [Result<Entry, AlbumError>] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = splitCSV(line)
            if index == 0, let first = fields.first, Double(first) == nil, first.lowercased().hasPrefix("lat") { continue }
            results.append(entry(fields, line: index + 1, name: name))
        }
        return results
    }

    private static func entry(_ fields: [String], line: Int, name: String) -> Result<Entry, AlbumError> {
        let at = "\(name):\(line)"
        guard fields.count == 2 || fields.count == 3 else {
            return .failure(.invalidInput("\(at): expected lat,lon[,title], found \(fields.count) field\(fields.count == 1 ? "" : "s")"))
        }
        guard let lat = Double(fields[0]) else { return .failure(.invalidInput("\(at): latitude '\(fields[0])' is not a number")) }
        guard let lon = Double(fields[1]) else { return .failure(.invalidInput("\(at): longitude '\(fields[1])' is not a number")) }
        do {
            let coordinate = try Coordinate(latitude: lat, longitude: lon)
            let title = fields.count == 3 && !fields[2].isEmpty ? fields[2] : nil
            return .success(Entry(line: line, coordinate: coordinate, title: title))
        } catch {
            return .failure(.invalidInput("\(at): \(error.description)"))
        }
    }

    /// Splits one CSV line, honouring double quotes.
    static func splitCSV(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var chars = line.makeIterator()
        while let c = chars.next() {
            switch (c, quoted) {
            case ("\"", true):
                if let next = chars.next() {
                    if next == "\"" { field.append("\"") } else {
                        quoted = false
                        if next == "," { fields.append(field); field = "" } else { field.append(next) }
                    }
                } else {
                    quoted = false
                }
            case ("\"", false) where field.trimmingCharacters(in: .whitespaces).isEmpty:
                quoted = true
                field = ""
            case (",", false):
                fields.append(field.trimmingCharacters(in: .whitespaces))
                field = ""
            default:
                field.append(c)
            }
        }
        fields.append(quoted ? field : field.trimmingCharacters(in: .whitespaces))
        return fields
    }
}
