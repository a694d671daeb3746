import AlbumModel
import Foundation
import Synchronization

/// A place found by name.
public struct PlaceCandidate: Sendable, Hashable {
    public var name: String
    public var region: String?
    public var country: String?
    public var countryCode: String
    /// GeoNames' admin1 code (`IL`), for `Springfield, US-IL`.
    public var regionCode: String?
    public var coordinate: Coordinate
    public var population: Int64
    public var timeZone: String

    /// `Springfield, Illinois, United States`.
    public var label: String {
        Place(name: name, region: region, country: country, countryCode: countryCode, distanceKm: 0).label
    }
}

/// What a place name resolved to: the most populous match first, then the others.
public struct PlaceMatches: Sendable, Hashable {
    public var query: String
    /// Every match, most populous first (at most `PlaceIndex.maxCandidates`).
    public var candidates: [PlaceCandidate]
    /// How many places matched in all.
    public var total: Int

    public var best: PlaceCandidate { candidates[0] }
    public var isAmbiguous: Bool { total > 1 }
}

extension PlaceIndex {
    public static let maxCandidates = 10

    /// Resolves `Kyoto`, `paris, fr`, `Zurich`, `Springfield, US-IL`, `Springfield, Illinois`:
    /// case, accents and punctuation do not matter, GeoNames' ASCII alternate names count.
    /// After a comma: a country code or name, `CC-REGION` (admin1 code), or a region name.
    /// - Throws: `AlbumError.invalidInput` for an empty name; `.notFound` naming the closest
    ///   spellings when nothing matches.
    public func resolve(_ query: String) throws(AlbumError) -> PlaceMatches {
        let parts = query.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let namePart = parts.first, !Self.fold(namePart).isEmpty else {
            throw .invalidInput("place name '\(query)' is empty")
        }
        let qualifier = parts.count > 1 ? parts[1] : nil
        let names = nameTable
        var rows = names.rows[Self.fold(namePart)] ?? []
        if let qualifier, !qualifier.isEmpty { rows = rows.filter { matches(row: $0, qualifier: qualifier) } }
        guard !rows.isEmpty else {
            let close = closestSpellings(Self.fold(namePart), in: names)
            let hint = close.isEmpty ? "" : "; closest: " + close.joined(separator: ", ")
            let within = qualifier.map { " in '\($0)'" } ?? ""
            throw .notFound("no place named '\(namePart)'\(within) in \(sourceDescription)\(hint)")
        }
        let sorted = rows.sorted { (data.populations[$0], data.names[$0]) > (data.populations[$1], data.names[$1]) }
        return PlaceMatches(query: query, candidates: sorted.prefix(Self.maxCandidates).map(candidate), total: sorted.count)
    }

    func candidate(_ i: Int) -> PlaceCandidate {
        let cc = data.countryCodes[i], a1 = data.admin1Codes[i]
        return PlaceCandidate(
            name: data.names[i], region: a1.isEmpty ? nil : data.regions["\(cc).\(a1)"], country: data.countries[cc],
            countryCode: cc, regionCode: a1.isEmpty ? nil : a1,
            coordinate: (try? Coordinate(latitude: data.latitudes[i], longitude: data.longitudes[i]))
                ?? Coordinate.nullIsland, population: data.populations[i],
            timeZone: mapZone(latitude: data.latitudes[i], longitude: data.longitudes[i]).map { zoneNames[$0] }
                ?? data.zones[Int(data.zoneIndexes[i])])
    }

    private func matches(row i: Int, qualifier: String) -> Bool {
        let cc = data.countryCodes[i], a1 = data.admin1Codes[i]
        let q = qualifier.uppercased()
        if q.count == 2 { return cc == q }
        if q.count > 3, q.dropFirst(2).first == "-" { return cc == q.prefix(2) && a1.uppercased() == q.dropFirst(3) }
        let folded = Self.fold(qualifier)
        if let country = data.countries[cc], Self.fold(country) == folded { return true }
        if !a1.isEmpty, let region = data.regions["\(cc).\(a1)"], Self.fold(region) == folded { return true }
        return false
    }

    /// Up to five names within two edits of `name` (more for long names), nearest first.
    private func closestSpellings(_ name: String, in names: NameTable) -> [String] {
        let limit = max(2, name.count / 4)
        var scored: [(Int, Int64, String)] = []
        let target = Array(name.unicodeScalars)
        for (key, rows) in names.rows where abs(key.unicodeScalars.count - target.count) <= limit {
            let d = Self.editDistance(target, Array(key.unicodeScalars), limit: limit)
            if d <= limit, let best = rows.max(by: { data.populations[$0] < data.populations[$1] }) {
                scored.append((d, data.populations[best], data.names[best]))
            }
        }
        var seen = Set<String>()
        return scored.sorted { ($0.0, -$0.1, $0.2) < ($1.0, -$1.1, $1.2) }.map(\.2).filter { seen.insert($0).inserted }.prefix(5).map { $0 }
    }

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count), current = previous
        for i in 1...a.count {
            current[0] = i
            var rowMin = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Lower case, no accents, letters and digits only, single spaces: `Zürich` → `zurich`,
    /// `St. John's` → `st john s`.
    public static func fold(_ text: String) -> String {
        if let ascii = foldASCII(text) { return ascii }
        let plain = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var out = ""
        var space = false
        for scalar in plain.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                if space && !out.isEmpty { out.append(" ") }
                space = false
                out.unicodeScalars.append(scalar)
            } else {
                space = true
            }
        }
        return out
    }

    /// `fold` of an ASCII text without Foundation (most GeoNames names and every ASCII
    /// alternate): letters lower-cased, digits kept, anything else one space between words —
    /// what Foundation's folding and `CharacterSet.alphanumerics` do to ASCII. nil otherwise.
    static func foldASCII(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var space = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            let lower = byte | 0x20
            if (0x61...0x7A).contains(lower) || (0x30...0x39).contains(byte) {
                if space && !out.isEmpty { out.append(0x20) }
                space = false
                out.append((0x41...0x5A).contains(byte) ? lower : byte)
            } else {
                space = true
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Folded names (name, ASCII name, ASCII alternates) to rows: built on first use.
    var nameTable: NameTable {
        nameTableCache.withLock { cached in
            if let cached { return cached }
            var rows: [String: [Int]] = [:]
            for i in 0..<data.count {
                var keys = Set([Self.fold(data.names[i]), Self.fold(data.asciiNames[i])])
                for alternate in data.alternates[i].split(separator: ",") { keys.insert(Self.fold(String(alternate))) }
                for key in keys where !key.isEmpty { rows[key, default: []].append(i) }
            }
            let table = NameTable(rows: rows)
            cached = table
            return table
        }
    }
}

/// Folded name → rows of the index.
struct NameTable: Sendable {
    let rows: [String: [Int]]
}

extension Coordinate {
    /// 0, 0: only a fallback for a row that was checked on load and cannot be out of range.
    static let nullIsland = try! Coordinate(latitude: 0, longitude: 0)
}
