import AlbumModel
import Foundation

/// Reads GeoNames' tab-separated files. Every malformed line is an error naming file and line.
enum GeoNamesReader {
    /// The columns of GeoNames' `cities*.txt` (the `geoname` table).
    static let cityColumns = 19

    static func read(_ source: PlaceSource) throws(AlbumError) -> PlaceData {
        var data = PlaceData()
        data.countries = try readCountries(source.countries)
        data.regions = try readAdmin1(source.admin1)
        let links = try ZoneLinks.read(source.tzdata)
        var rawZones: [String] = [], rowZones: [String] = []
        try forEachLine(source.cities) { (line, number) throws(AlbumError) in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count == cityColumns else {
                throw .invalidInput("\(source.cities):\(number): expected \(cityColumns) tab-separated columns, found \(f.count)")
            }
            guard let lat = Double(f[4]), (-90...90).contains(lat) else {
                throw .invalidInput("\(source.cities):\(number): bad latitude '\(f[4])'")
            }
            guard let lon = Double(f[5]), (-180...180).contains(lon) else {
                throw .invalidInput("\(source.cities):\(number): bad longitude '\(f[5])'")
            }
            guard !f[1].isEmpty, f[8].count == 2 else {
                throw .invalidInput("\(source.cities):\(number): missing name or country code")
            }
            let population = f[14].isEmpty ? 0 : Int64(f[14])
            guard let population else { throw .invalidInput("\(source.cities):\(number): bad population '\(f[14])'") }
            let raw = String(f[17])
            rawZones.append(raw)
            rowZones.append(links.current(raw, city: String(f[2]), country: String(f[8]), latitude: lat, longitude: lon))
            data.names.append(String(f[1]))
            data.asciiNames.append(String(f[2]))
            data.alternates.append(f[3].split(separator: ",").filter { $0.utf8.allSatisfy { $0 < 0x80 } }.joined(separator: ","))
            data.latitudes.append(lat)
            data.longitudes.append(lon)
            data.countryCodes.append(String(f[8]))
            data.admin1Codes.append(String(f[10]))
            data.populations.append(population)
        }
        guard data.count > 0 else { throw .invalidInput("\(source.cities): no places in the file") }
        spreadNewZones(&rowZones, raw: rawZones, data: data, links: links)
        var zoneIndex: [String: Int32] = [:]
        for zone in rowZones {
            if let known = zoneIndex[zone] {
                data.zoneIndexes.append(known)
            } else {
                zoneIndex[zone] = Int32(data.zones.count)
                data.zoneIndexes.append(Int32(data.zones.count))
                data.zones.append(zone)
            }
        }
        return data
    }

    /// A zone tzdata created after the file was made, named after one of its cities (Barnaul,
    /// Saratov, Tomsk, Chita, 2016; Ciudad Juárez, 2022) took that city's region with it: the
    /// other places of the same country and admin1 region that had the same old zone get the new
    /// one too, except a place whose own name is the old zone (Ojinaga keeps America/Ojinaga).
    static func spreadNewZones(_ zones: inout [String], raw: [String], data: PlaceData, links: ZoneLinks) {
        var moved: [String: String] = [:]
        for i in zones.indices where zones[i] != links.current(raw[i], city: "", country: "") {
            moved["\(data.countryCodes[i]).\(data.admin1Codes[i])|\(raw[i])"] = zones[i]
        }
        guard !moved.isEmpty else { return }
        for i in zones.indices {
            guard let new = moved["\(data.countryCodes[i]).\(data.admin1Codes[i])|\(raw[i])"], zones[i] != new else { continue }
            let own = raw[i].split(separator: "/").first.map { "\($0)/" + data.asciiNames[i].replacingOccurrences(of: " ", with: "_") }
            if own == raw[i] { continue }
            zones[i] = new
        }
    }

    /// `CC.code<TAB>name<TAB>asciiname<TAB>geonameid`.
    static func readAdmin1(_ path: String) throws(AlbumError) -> [String: String] {
        var regions: [String: String] = [:]
        try forEachLine(path) { (line, number) throws(AlbumError) in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 2 else { throw .invalidInput("\(path):\(number): expected at least 2 tab-separated columns, found \(f.count)") }
            regions[String(f[0])] = String(f[1])
        }
        return regions
    }

    /// `countryInfo.txt`: `#` comments, then ISO, ISO3, numeric, FIPS, country name, ….
    static func readCountries(_ path: String) throws(AlbumError) -> [String: String] {
        var countries: [String: String] = [:]
        try forEachLine(path) { (line, number) throws(AlbumError) in
            if line.hasPrefix("#") { return }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 5, f[0].count == 2 else {
                throw .invalidInput("\(path):\(number): expected an ISO code and a name in columns 1 and 5")
            }
            countries[String(f[0])] = String(f[4])
        }
        return countries
    }

    /// Calls `body` with each non-empty line (without its end) and its 1-based number.
    static func forEachLine(_ path: String, _ body: (Substring, Int) throws(AlbumError) -> Void) throws(AlbumError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .io("cannot read place file", subject: .file(path), cause: .of(error))
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .invalidInput("not UTF-8 text", subject: .file(path)) }
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            if trimmed.isEmpty { continue }
            try body(trimmed, number)
        }
    }
}
