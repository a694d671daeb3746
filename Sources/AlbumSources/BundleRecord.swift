import AlbumModel

/// One element of a bundle's JSON list, decoded leniently: decoding never fails, a record that
/// cannot be used carries the first reason why in `problem`, so one bad record cannot sink the
/// whole file.
///
/// Fields: `id` (number or string, required), `url` (string, required), `title` (string or
/// number), `latitude`/`longitude` (numbers or numeric strings, both or neither), `datetaken`
/// (see `BundleDate`). Provenance when present (issue 30): `owner` (id), `ownername`, `license`
/// (Flickr's id, or a licence's name or URL), `pageurl`, `accuracy` (1–16), and `tags`
/// (space-separated) and `description` for search filters. `albumId`, `thumbnailUrl` and unknown
/// keys are ignored.
struct BundleRecord: Decodable, Sendable {
    var id: String?
    var title: String?
    var url: String?
    var coordinate: Coordinate?
    var takenAt: String?
    var provenance = Provenance()
    var license: String?
    var accuracy: Int?
    var tags: [String] = []
    var description: String?
    /// Why the record cannot be offered; nil when it can.
    var problem: String?

    private enum Key: String, CodingKey {
        case id, title, url, latitude, longitude, datetaken
        case owner, ownername, license, pageurl, accuracy, tags, description
    }

    init(from decoder: any Decoder) {
        guard let c = try? decoder.container(keyedBy: Key.self) else {
            problem = "is not a JSON object"
            return
        }
        switch Self.text(c, .id, numbers: true) {
        case .absent: problem = "has no id"
        case .invalid(let why): problem = "id \(why)"
        case .value(let v) where v.isEmpty: problem = "has an empty id"
        case .value(let v): id = v
        }
        switch Self.text(c, .url, numbers: false) {
        case .absent where problem == nil: problem = "has no url"
        case .invalid(let why) where problem == nil: problem = "url \(why)"
        case .value(let v) where v.isEmpty && problem == nil: problem = "has an empty url"
        case .value(let v) where !v.isEmpty: url = v
        default: break
        }
        guard problem == nil else { return }
        switch Self.text(c, .title, numbers: true) {
        case .invalid(let why): problem = "title \(why)"
        case .value(let v): title = v
        case .absent: break
        }
        let latitude = Self.degrees(c, .latitude), longitude = Self.degrees(c, .longitude)
        switch (latitude, longitude) {
        case (.absent, .absent): break
        case (.invalid(let why), _): problem = "latitude \(why)"
        case (_, .invalid(let why)): problem = "longitude \(why)"
        case (.value, .absent): problem = "has a latitude but no longitude"
        case (.absent, .value): problem = "has a longitude but no latitude"
        case (.value(let lat), .value(let lon)):
            do {
                coordinate = try Coordinate(latitude: lat, longitude: lon)
            } catch {
                problem = "has \(error)"
            }
        }
        guard problem == nil else { return }
        switch Self.text(c, .datetaken, numbers: false) {
        case .absent: break
        case .invalid(let why): problem = "datetaken \(why)"
        case .value(let v):
            if v.isEmpty { break }
            guard let date = BundleDate.normalize(v) else {
                problem = "datetaken '\(v)' is not 'YYYY-MM-DD HH:MM:SS' or ISO 8601"
                break
            }
            takenAt = date
        }
        guard problem == nil else { return }
        readProvenance(c)
    }

    /// The optional provenance and filter fields; a wrong type is the record's problem.
    private mutating func readProvenance(_ c: KeyedDecodingContainer<Key>) {
        var values: [Key: String] = [:]
        for key in [Key.owner, .ownername, .license, .pageurl, .tags, .description] {
            switch Self.text(c, key, numbers: key == .license || key == .owner) {
            case .absent: break
            case .invalid(let why): problem = "\(key.rawValue) \(why)"; return
            case .value(let v): if !v.isEmpty { values[key] = v }
            }
        }
        switch Self.degrees(c, .accuracy) {
        case .absent: break
        case .value(let a) where a == a.rounded() && (1...16).contains(a): accuracy = Int(a)
        case .value(let a): problem = "accuracy \(a) is not a whole number 1-16"; return
        case .invalid(let why): problem = "accuracy \(why)"; return
        }
        let known = values[.license].flatMap { License.flickr(id: $0) ?? License.matching($0) }
        license = known?.name ?? values[.license]
        provenance = Provenance(
            ownerId: values[.owner], ownerName: values[.ownername], licenseId: known?.id,
            licenseURL: known.flatMap { $0.url.isEmpty ? nil : $0.url }, pageURL: values[.pageurl])
        tags = (values[.tags] ?? "").split(separator: " ").map(String.init)
        description = values[.description]
    }

    private enum Field<T> {
        case absent
        case value(T)
        case invalid(String)
    }

    /// A string field; with `numbers`, a JSON whole number is accepted and written in decimal.
    private static func text(_ c: KeyedDecodingContainer<Key>, _ key: Key, numbers: Bool) -> Field<String> {
        guard c.contains(key), (try? c.decodeNil(forKey: key)) != true else { return .absent }
        if let s = try? c.decode(String.self, forKey: key) { return .value(s) }
        if numbers {
            if let i = try? c.decode(Int64.self, forKey: key) { return .value(String(i)) }
            if let d = try? c.decode(Double.self, forKey: key) { return .invalid("\(d) is not a whole number") }
            return .invalid("must be a string or a whole number")
        }
        return .invalid("must be a string")
    }

    /// A number of degrees, as a JSON number or a string holding a decimal number.
    /// An empty string counts as absent.
    private static func degrees(_ c: KeyedDecodingContainer<Key>, _ key: Key) -> Field<Double> {
        guard c.contains(key), (try? c.decodeNil(forKey: key)) != true else { return .absent }
        if let d = try? c.decode(Double.self, forKey: key) { return .value(d) }
        guard let s = try? c.decode(String.self, forKey: key) else {
            return .invalid("must be a number or a numeric string")
        }
        let trimmed = s.trimmingSpaces()
        if trimmed.isEmpty { return .absent }
        let allowed = trimmed.allSatisfy { "0123456789+-.eE".contains($0) }
        guard allowed, let d = Double(trimmed) else { return .invalid("'\(s)' is not a number") }
        return .value(d)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    fileprivate func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
