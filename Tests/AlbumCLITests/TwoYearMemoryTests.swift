import Foundation
import Testing
import TestSupport

/// The "done when": a generated folder spanning two years of real JPEGs (EXIF dates with
/// offsets, GPS, cameras, IPTC keywords; some without a position or a date) through the built
/// binary: import → timeline → tags → find → summary --year/--month → card, every figure checked
/// against the list of photos written here.
@Suite struct TwoYearMemoryTests {
    let folder = TemporaryFolder("two-years")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library])
    }

    struct City {
        let name: String
        let latitude: Double
        let longitude: Double
        let offset: String
        let country: String
    }

    static let cities = [
        City(name: "Paris", latitude: 48.8566, longitude: 2.3522, offset: "+01:00", country: "FR"),
        City(name: "Kyoto", latitude: 35.0116, longitude: 135.7681, offset: "+09:00", country: "JP"),
        City(name: "Nairobi", latitude: -1.2864, longitude: 36.8172, offset: "+03:00", country: "KE"),
        City(name: "New York City", latitude: 40.7128, longitude: -74.0060, offset: "-05:00", country: "US"),
    ]

    /// One photo of the folder, as the test knows it.
    struct Shot {
        let date: (year: Int, month: Int, day: Int)?
        let hour: Int
        let city: Int?  // nil: no GPS
        let keywords: [String]
        var day: String? { date.map { String(format: "%04d-%02d-%02d", $0.year, $0.month, $0.day) } }
        var month: String? { date.map { String(format: "%04d-%02d", $0.year, $0.month) } }
    }

    /// Two years, 2023 and 2024: a trip to one city every month (day 3 + month, two to five
    /// photos, one just before midnight), a photo without GPS every third month, and two
    /// photos without a date.
    static func shots() -> [Shot] {
        var shots: [Shot] = []
        for year in [2023, 2024] {
            for month in 1...12 {
                let city = (month + year) % cities.count
                let count = 2 + (month * 7 + year) % 4
                let keyword = month % 4 == 0 ? ["Bäckerei"] : month % 2 == 0 ? ["food", "Night walk"] : []
                for i in 0..<count {
                    let hour = i == count - 1 ? 23 : 9 + i
                    shots.append(Shot(date: (year, month, 3 + month), hour: hour, city: city, keywords: i == 0 ? keyword : []))
                }
                if month % 3 == 0 { shots.append(Shot(date: (year, month, 20), hour: 12, city: nil, keywords: [])) }
            }
        }
        shots.append(Shot(date: nil, hour: 0, city: 0, keywords: []))
        shots.append(Shot(date: nil, hour: 0, city: nil, keywords: []))
        return shots
    }

    func writeFolder() throws -> URL {
        let photos = folder.child("photos")
        for (n, shot) in Self.shots().enumerated() {
            let city = shot.city.map { Self.cities[$0] }
            var photo = GeoPhoto(
                latitude: city?.latitude, longitude: city?.longitude,
                takenAt: shot.date.map { String(format: "%04d:%02d:%02d %02d:%02d:00", $0.year, $0.month, $0.day, shot.hour, n % 60) },
                offset: shot.date == nil ? nil : city?.offset, make: "Canon", model: n % 2 == 0 ? "Canon EOS R6" : "Canon EOS R8",
                tag: "two-years \(n)")
            photo.iptcKeywords = shot.keywords
            photo.iptcUTF8 = n % 2 == 0  // Latin-1 records too
            try photo.write(to: photos.appendingPathComponent(String(format: "%d/IMG_%04d.jpg", shot.date?.year ?? 0, n)))
        }
        return photos
    }

    @Test func aTwoYearFolderThroughTheBinary() throws {
        let shots = Self.shots()
        let photos = try writeFolder()
        let imported = try album(["import", photos.path, "--json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let report = try #require(try imported.json() as? [String: Any])
        #expect(report["seen"] as? Int == shots.count)
        #expect(report["imported"] as? Int == shots.count)
        #expect(report["unplaced"] as? Int == shots.filter { $0.city == nil }.count)
        #expect((report["pins"] as? [Any])?.count == Self.cities.count)

        // The timeline: every photo once, by month, newest first, undated last.
        let timeline = try #require(try album(["timeline", "--by", "month", "--page-size", "1000", "--json"]).json() as? [String: Any])
        #expect(timeline["total"] as? Int == shots.count)
        let groups = try #require(timeline["groups"] as? [[String: Any]])
        var perMonth: [String: Int] = [:]
        for shot in shots { perMonth[shot.month ?? "undated", default: 0] += 1 }
        let months = perMonth.keys.filter { $0 != "undated" }.sorted(by: >) + ["undated"]
        #expect(groups.compactMap { $0["key"] as? String } == months)
        #expect(groups.compactMap { $0["count"] as? Int } == months.map { perMonth[$0]! })
        // The photo taken at 23:xx local time is on its local day, whatever its offset.
        let late = try album(["timeline", "--by", "day", "--from", "2024-01-04", "--to", "2024-01-04", "--json"])
        let lateDay = try #require(try late.json() as? [String: Any])
        #expect(lateDay["total"] as? Int == shots.filter { $0.day == "2024-01-04" }.count)

        // Tags from IPTC keywords (UTF-8 and Latin-1 records alike).
        let tags = try #require(try album(["tags", "--json"]).json() as? [[String: Any]])
        let tagged = { (word: String) in shots.filter { $0.keywords.contains(word) }.count }
        #expect(tags.first { $0["tag"] as? String == "bäckerei" }?["photos"] as? Int == tagged("Bäckerei"))
        #expect(tags.first { $0["tag"] as? String == "night walk" }?["photos"] as? Int == tagged("Night walk"))

        // Search by place name.
        let kyoto = try #require(try album(["find", "kyoto", "--limit", "1000", "--json"]).json() as? [String: Any])
        #expect(kyoto["total"] as? Int == shots.filter { $0.city == 1 }.count)
        let japan = try #require(try album(["find", "japan", "--json"]).json() as? [String: Any])
        #expect(japan["total"] as? Int == kyoto["total"] as? Int)

        // The year 2024 against numbers computed from the shots.
        let year = shots.filter { $0.date?.year == 2024 }
        let summary = try #require(try album(["summary", "--year", "2024", "--json"]).json() as? [String: Any])
        #expect(summary["photos"] as? Int == year.count)
        #expect(summary["unplaced"] as? Int == year.filter { $0.city == nil }.count)
        #expect(summary["activeDays"] as? Int == Set(year.compactMap(\.day)).count)
        #expect(summary["places"] as? Int == Set(year.compactMap(\.city)).count)
        #expect(summary["newPlaces"] as? Int == 0)  // 2023 went to every city
        let series = try #require(summary["series"] as? [[String: Any]])
        #expect(series.compactMap { $0["photos"] as? Int } == (1...12).map { m in year.filter { $0.date?.month == m }.count })
        let topPlaces = try #require(summary["topPlaces"] as? [[String: Any]])
        var perCity: [String: Int] = [:]
        for shot in year { if let city = shot.city { perCity[Self.cities[city].name, default: 0] += 1 } }
        #expect(Dictionary(uniqueKeysWithValues: topPlaces.compactMap { p in (p["name"] as? String).map { ($0, p["photos"] as? Int ?? -1) } })
            == perCity)
        let topTags = try #require(summary["topTags"] as? [[String: Any]])
        let yearTagged = { (word: String) in year.filter { $0.keywords.contains(word) }.count }
        #expect(topTags.first { $0["tag"] as? String == "food" }?["photos"] as? Int == yearTagged("food"))
        let previous = try #require(summary["previous"] as? [String: Any])
        #expect(previous["photos"] as? Int == shots.filter { $0.date?.year == 2023 }.count)

        // A month and its card.
        let card = folder.child("june.png")
        let june = try album(["summary", "--month", "2024-06", "--card", card.path])
        #expect(june.status == 0, "\(june.stderr)")
        let juneShots = year.filter { $0.date?.month == 6 }
        let city = Self.cities[juneShots.compactMap(\.city).first!]
        #expect(june.stdout.hasPrefix("June 2024: \(juneShots.count) photos at 1 place (0 new), 2 active days\n"), "\(june.stdout)")
        #expect(june.stdout.contains("top places: \(city.name), \(city.country) (\(juneShots.filter { $0.city != nil }.count))"))
        let png = try Data(contentsOf: card)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let size = { (at: Int) in png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(size(16) == 1080 && size(20) == 1350)
    }
}
