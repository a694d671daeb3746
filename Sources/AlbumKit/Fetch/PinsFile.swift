import AlbumModel
import AlbumPlaces
import Foundation

/// A batch of places to fetch: CSV lines `lat,lon[,title]` or `place[,title]` (a place name
/// resolved offline like `--place`: `Kyoto`, `"Paris, FR",Louvre`).
///
/// Files as people save them: LF, CRLF (Excel) or CR line ends, a UTF-8 byte order mark, or
/// UTF-16 with its mark. Blank lines and lines starting with `#` are skipped, and so is a first
/// line that names the columns (`lat,lon,title`, `Latitude;…`). A title may be quoted
/// (`"Paris, France"`, `""` for a quote). A file with no pin line at all is an error.
public enum PinsFile {
    /// One usable line.
    public struct Entry: Sendable, Hashable {
        public var line: Int
        public var coordinate: Coordinate
        public var title: String?
        /// For a `place[,title]` line: what the name resolved to (the first candidate was taken;
        /// the title defaults to its name).
        public var search: PlaceMatches? = nil
    }

    /// Resolves a place name of a `place[,title]` line (the standard place data by default).
    public typealias Resolver = @Sendable (String) throws(AlbumError) -> PlaceMatches

    /// Every line of the file, each usable or with the reason it is not (naming file and line).
    /// - Throws: `AlbumError.io` when the file cannot be read at all, `.invalidInput` when it
    ///   holds no pin line (empty, blank, or only a header and comments).
    public static func read(_ url: URL, resolve: Resolver = { (name) throws(AlbumError) in try Library.resolvePlace(name) })
        throws(AlbumError) -> [Result<Entry, AlbumError>]
    {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .io("cannot read pins file", subject: .file(url.path), cause: .of(error))
        }
        guard let text = decode(data) else {
            throw .invalidInput("pins file \(url.path) is not UTF-8 text")
        }
        let results = parse(text, name: url.path, resolve: resolve)
        if results.isEmpty {
            let what = text.trimmingCharacters(in: .whitespacesAndNewlines.union(["\u{FEFF}"])).isEmpty
                ? "it is empty" : "only a header, comments or blank lines"
            throw .invalidInput("pins file \(url.path) has no pins (\(what)): expected lines of lat,lon[,title] or place[,title]")
        }
        return results
    }

    /// UTF-8 (a byte order mark dropped), or UTF-16 when the file starts with its mark.
    static func decode(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(3))
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            return String(data: data, encoding: .utf16)
        }
        let body = head == [0xEF, 0xBB, 0xBF] ? data.dropFirst(3) : data
        return String(data: body, encoding: .utf8)
    }

    /// What is trimmed from each line: white space and a byte order mark (built once, not a
    /// character set union per line).
    private static let blank = CharacterSet.whitespacesAndNewlines.union(["\u{FEFF}"])

    /// Parses the text of a pins file; `name` is used in error messages.
    public static func parse(
        _ text: String, name: String, resolve: Resolver = { (name) throws(AlbumError) in try Library.resolvePlace(name) }
    ) -> [Result<Entry, AlbumError>] {
        var results: [Result<Entry, AlbumError>] = []
        var seenContent = false
        for (index, raw) in lines(text).enumerated() {
            let line = raw.trimmingCharacters(in: blank)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = splitCSV(line)
            if !seenContent {
                seenContent = true
                if isHeader(fields) { continue }
            }
            results.append(entry(fields, line: index + 1, name: name, resolve: resolve))
        }
        return results
    }

    /// The lines of `text`, split at LF, CRLF or a lone CR (line numbers count each once).
    static func lines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var i = start
        while i < scalars.endIndex {
            let c = scalars[i]
            if c == "\n" || c == "\r" {
                lines.append(Substring(scalars[start..<i]))
                var next = scalars.index(after: i)
                if c == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                start = next
                i = next
            } else {
                i = scalars.index(after: i)
            }
        }
        lines.append(Substring(scalars[start..<scalars.endIndex]))
        return lines
    }

    /// A first line naming the columns: `lat,lon,title`, `Latitude,Longitude`, `y,x,name`,
    /// `place,title`…: it starts with `lat…` or `place`, or its first two fields are words and the
    /// second names a column (`Kyoto,Temples` is a place line, not a header).
    static func isHeader(_ fields: [String]) -> Bool {
        let first = fields.first?.lowercased() ?? ""
        if first.hasPrefix("lat") || first == "place" || first == "place name" { return true }
        guard fields.count >= 2 else { return false }
        let second = fields[1].lowercased()
        func isWord(_ s: String) -> Bool { !s.isEmpty && s.allSatisfy { $0.isLetter || $0 == "_" || $0 == " " } }
        return isWord(first) && ["lon", "long", "longitude", "lng", "x", "title", "name"].contains(second)
    }

    private static func entry(_ fields: [String], line: Int, name: String, resolve: Resolver) -> Result<Entry, AlbumError> {
        let at = "\(name):\(line)"
        // `place[,title]`: one field, or a first and second field that are not numbers.
        if fields.count == 1 || (fields.count == 2 && Double(fields[0]) == nil && Double(fields[1]) == nil) {
            guard !fields[0].isEmpty, Double(fields[0]) == nil else {
                return .failure(.invalidInput("\(at): expected lat,lon[,title] or place[,title], found '\(fields[0])'"))
            }
            do throws(AlbumError) {
                let matches = try resolve(fields[0])
                let title = fields.count == 2 && !fields[1].isEmpty ? fields[1] : matches.best.name
                return .success(Entry(line: line, coordinate: matches.best.coordinate, title: title, search: matches))
            } catch {
                return .failure(.invalidInput(AlbumError.Detail(at, wrapping: error.detail)))
            }
        }
        guard fields.count == 2 || fields.count == 3 else {
            return .failure(.invalidInput("\(at): expected lat,lon[,title], found \(fields.count) field\(fields.count == 1 ? "" : "s")"))
        }
        // Decimal degrees only: Double("0x10") is 16, Double("1e2") 100, Double("nan") not a number.
        guard let lat = Coordinate.decimalDegrees(fields[0]) else {
            return .failure(.invalidInput("\(at): latitude '\(fields[0])' is not a number"))
        }
        guard let lon = Coordinate.decimalDegrees(fields[1]) else {
            return .failure(.invalidInput("\(at): longitude '\(fields[1])' is not a number"))
        }
        do {
            let coordinate = try Coordinate(latitude: lat, longitude: lon)
            let title = fields.count == 3 && !fields[2].isEmpty ? fields[2] : nil
            return .success(Entry(line: line, coordinate: coordinate, title: title))
        } catch {
            return .failure(.invalidInput(AlbumError.Detail(at, wrapping: error.detail)))
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
