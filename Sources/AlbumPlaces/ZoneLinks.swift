import AlbumModel
import Foundation

/// tzdata's links (`L Europe/Kyiv Europe/Kiev`): old zone names as GeoNames' 2015 snapshot has
/// them, mapped to the zone tzdata keeps today; and tzdata's zone names, so that a city that
/// has since got a zone of its own (Ciudad Juárez, 2022g) gets it (when `zone.tab` lists it for the city's country).
struct ZoneLinks: Sendable {
    var links: [String: String] = [:]
    /// `CC/Zone` → the zone's principal place (latitude, longitude), from `zone.tab`.
    var countryZones: [String: (Double, Double)] = [:]
    /// Every zone `zone.tab` lists: the names tzdata keeps for people (`Europe/Oslo`,
    /// `Arctic/Longyearbyen`), even where `tzdata.zi` links them to a zone with the same rules.
    var tabZones: Set<String> = []

    static func read(_ path: String) throws(AlbumError) -> ZoneLinks {
        var result = ZoneLinks()
        guard FileManager.default.fileExists(atPath: path) else { return result }
        try GeoNamesReader.forEachLine(path) { (line, _) throws(AlbumError) in
            if line.hasPrefix("L ") {
                let f = line.split(separator: " ")
                if f.count >= 3 { result.links[String(f[2])] = String(f[1]) }
            }
        }
        let table = (path as NSString).deletingLastPathComponent + "/zone.tab"
        if FileManager.default.fileExists(atPath: table) {
            try GeoNamesReader.forEachLine(table) { (line, _) throws(AlbumError) in
                if line.hasPrefix("#") { return }
                let f = line.split(separator: "\t")
                if f.count >= 3, let at = Self.isoDegrees(String(f[1])) {
                    result.countryZones["\(f[0])/\(f[2])"] = at
                }
                if f.count >= 3 {
                    result.tabZones.insert(String(f[2]))
                }
            }
        }
        return result
    }

    /// The current name of `zone` (a name `zone.tab` lists stays; an old one follows tzdata's
    /// links: `Europe/Kiev` → `Europe/Kyiv`); when tzdata has a zone named after `city` in the same area
    /// (`America/Ciudad_Juarez` for Ciudad Juarez, listed under `America/Ojinaga`), that one.
    func current(_ zone: String, city: String, country: String, latitude: Double = 0, longitude: Double = 0) -> String {
        if let slash = zone.firstIndex(of: "/"), !city.isEmpty {
            let own = zone[..<slash] + "/" + city.replacingOccurrences(of: " ", with: "_")
            // The zone's own place must be this city, not a namesake (Matamoros, Coahuila is not
            // America/Matamoros): within 50 km of it.
            if own != zone, let at = countryZones["\(country)/\(own)"],
               let here = try? Coordinate(latitude: latitude, longitude: longitude),
               let there = try? Coordinate(latitude: at.0, longitude: at.1), here.distanceKm(to: there) < 50 {
                return own
            }
        }
        var name = zone
        var hops = 0
        while !tabZones.contains(name), let next = links[name], hops < 4 {
            name = next
            hops += 1
        }
        return name
    }

    /// `+3144-10629` or `+314400-1062900` → degrees.
    static func isoDegrees(_ text: String) -> (Double, Double)? {
        let b = Array(text.utf8)
        guard let split = b.dropFirst().firstIndex(where: { $0 == 0x2B || $0 == 0x2D }) else { return nil }
        func value(_ part: ArraySlice<UInt8>, degreeDigits: Int) -> Double? {
            guard let sign = part.first, sign == 0x2B || sign == 0x2D else { return nil }
            let digits = Array(part.dropFirst())
            guard digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4,
                  digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            func n(_ r: Range<Int>) -> Double { Double(String(decoding: digits[r], as: UTF8.self)) ?? 0 }
            var v = n(0..<degreeDigits) + n(degreeDigits..<(degreeDigits + 2)) / 60
            if digits.count == degreeDigits + 4 { v += n((degreeDigits + 2)..<(degreeDigits + 4)) / 3600 }
            return sign == 0x2D ? -v : v
        }
        guard let lat = value(b[..<split], degreeDigits: 2), let lon = value(b[split...], degreeDigits: 3) else { return nil }
        return (lat, lon)
    }
}
