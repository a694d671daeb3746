import Foundation
import Testing
import TestSupport

/// `--place NAME` wherever `--lat/--lon` are taken (pin move, search, region set, photo place,
/// the lines of `--pins-file`), the "names unavailable" warning on every command that needed
/// names, and the place cache kept out of the user's home.
@Suite struct PlaceOptionTests {
    let folder = TemporaryFolder("place-option")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String], environment: [String: String] = [:]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library], environment: environment, currentDirectory: Fixtures.repositoryRoot)
    }

    @Test func pinMoveAndRegionSetTakeAPlaceName() throws {
        #expect(try album(["pin", "add", "--lat", "1", "--lon", "1"]).status == 0)
        let move = try album(["pin", "move", "1", "--place", "Kyoto", "--json"])
        #expect(move.status == 0, "\(move.stderr)")
        let pin = try #require(try move.json() as? [String: Any])
        #expect((pin["place"] as? [String: Any])?["name"] as? String == "Kyoto")
        #expect(pin["timeZone"] as? String == "Asia/Tokyo")
        #expect(abs((pin["latitude"] as? Double ?? 0) - 35.02) < 0.05)
        #expect((pin["placeSearch"] as? [String: Any])?["query"] as? String == "Kyoto")

        let region = try album(["region", "set", "--place", "Paris, FR", "--span-lat", "0.5", "--span-lon", "0.8", "--json"])
        #expect(region.status == 0, "\(region.stderr)")
        let stored = try #require(try album(["region", "show", "--json"]).json() as? [String: Any])
        #expect(abs((stored["latitude"] as? Double ?? 0) - 48.85) < 0.05)
        #expect(stored["spanLongitude"] as? Double == 0.8)
    }

    @Test func searchTakesAPlaceName() throws {
        let run = try album(["search", "--place", "Paris", "--radius-km", "20", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let result = try #require(try run.json() as? [String: Any])
        #expect((result["total"] as? Int ?? 0) > 0)
        let byNumbers = try #require(
            try album(["search", "--lat", "48.85341", "--lon", "2.3488", "--radius-km", "20", "--json"]).json() as? [String: Any])
        #expect(result["total"] as? Int == byNumbers["total"] as? Int)
    }

    @Test func photoPlaceTakesAPlaceName() throws {
        let photos = folder.child("trip")
        try GeoPhoto(takenAt: "2024:07:15 09:30:00", tag: "unplaced").write(to: photos.appendingPathComponent("c.jpg"))
        #expect(try album(["import", photos.path]).status == 0)
        let run = try album(["photo", "place", "1", "--place", "Salzburg", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let photo = try #require(try run.json() as? [String: Any])
        #expect(photo["timeZone"] as? String == "Europe/Vienna")
        let unknown = try album(["photo", "place", "1", "--place", "Nowhereville"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("album: error: no place named 'Nowhereville'"))
        #expect(unknown.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        (["pin", "move", "1", "--place", "Kyoto", "--lat", "1", "--lon", "2"], "either --place or --lat/--lon"),
        (["region", "set", "--place", "Kyoto", "--lat", "1", "--span-lat", "1", "--span-lon", "1"], "either --place or --lat/--lon"),
        (["search", "--lat", "1"], "--lat and --lon go together"),
        (["search"], "give --lat and --lon, or --place"),
        (["photo", "place", "1", "--place", "Kyoto", "--pin", "1"], "give exactly one of"),
    ])
    func conflictingPositionsAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let run = try album(arguments)
        #expect(run.status != 0)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library))
    }

    @Test func pinsFileLinesMayBePlaceNames() throws {
        let csv = folder.child("pins.csv")
        try Data("place,title\nNairobi\n\"Paris, FR\",Louvre\nNowhereville,Somewhere\n-1.29,36.82,By numbers\n".utf8).write(to: csv)
        let run = try album(["fetch", "--pins-file", csv.path, "--per-page", "1", "--json"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("album: error: \(csv.path):4: no place named 'Nowhereville'"), "\(run.stderr)")
        let reports = try #require(try run.json() as? [[String: Any]])
        #expect(reports.count == 3)
        let pins = reports.compactMap { $0["pin"] as? [String: Any] }
        #expect(pins.map { $0["title"] as? String } == ["Nairobi", "Louvre", "By numbers"])
        #expect(pins.map { ($0["place"] as? [String: Any])?["countryCode"] as? String } == ["KE", "FR", "KE"])
        #expect((reports[1]["placeSearch"] as? [String: Any])?["query"] as? String == "Paris, FR")
        #expect(reports[2]["placeSearch"] == nil)
    }

    /// Every command that needs place names says once, after its output, that they are
    /// unavailable; a command that needs none says nothing.
    @Test func everyCommandThatNeededNamesWarns() throws {
        let bad = folder.child("cities500.txt")
        try "1\tNowhere\tNowhere\n".write(to: bad, atomically: true, encoding: .utf8)
        let broken = ["ALBUM_PLACES": bad.path]
        let warning = "album: warning: place names unavailable: \(bad.path):1: expected 19 tab-separated columns, found 3\n"
        #expect(try album(["pin", "add", "--lat", "-1.28", "--lon", "36.82"], environment: broken).stderr == warning)
        for command in [["pin", "show", "1"], ["pin", "list"], ["photos", "1"], ["places"], ["status"],
                        ["pin", "move", "1", "--lat", "-1.3", "--lon", "36.8"]] {
            let run = try album(command, environment: broken)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(run.stderr == warning, "\(command)")
        }
        let exif = try AlbumProcess.run(["exif", Fixtures.repositoryRoot.appendingPathComponent("README.md").path], environment: broken)
        #expect(!exif.stderr.contains("place names unavailable"))
    }

    @Test func thePlaceCacheStaysOutOfHome() throws {
        let home = TemporaryFolder("home")
        let cache = folder.child("my-cache")
        #expect(try album(["pin", "add", "--lat", "1", "--lon", "2"], environment: ["HOME": home.path, "ALBUM_PLACES_CACHE": cache.path]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).contains { $0.hasPrefix("places-") })
        #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent(".cache").path))
        // Without a folder of its own, a test's album uses the tests' shared one.
        #expect(try album(["pin", "list"], environment: ["HOME": home.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent(".cache").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: AlbumProcess.placesCache.path).contains { $0.hasPrefix("places-") })
    }
}
