import AlbumModel
import Foundation

/// tzdata's links (`L Europe/Kyiv Europe/Kiev`): old zone names as GeoNames' 2015 snapshot has
/// them, mapped to the zone tzdata keeps today; and tzdata's zone names, so that a city that
/// has since got a zone of its own (Ciudad Juárez, 2022g) gets it (when `zone.tab` lists it for the city's country).
struct ZoneLinks: Sendable {
    var links: [String: String] = [:]
    /// `CC/Zone` for every zone `zone.tab` lists for a country.
    var countryZones: Set<String> = []
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
                if f.count >= 3 {
                    result.countryZones.insert("\(f[0])/\(f[2])")
                    result.tabZones.insert(String(f[2]))
                }
            }
        }
        return result
    }

    /// The current name of `zone` (a name `zone.tab` lists stays; an old one follows tzdata's
    /// links: `Europe/Kiev` → `Europe/Kyiv`); when tzdata has a zone named after `city` in the same area
    /// (`America/Ciudad_Juarez` for Ciudad Juarez, listed under `America/Ojinaga`), that one.
    func current(_ zone: String, city: String, country: String) -> String {
        if let slash = zone.firstIndex(of: "/"), !city.isEmpty {
            let own = zone[..<slash] + "/" + city.replacingOccurrences(of: " ", with: "_")
            if own != zone, countryZones.contains("\(country)/\(own)") { return own }
        }
        var name = zone
        var hops = 0
        while !tabZones.contains(name), let next = links[name], hops < 4 {
            name = next
            hops += 1
        }
        return name
    }
}
