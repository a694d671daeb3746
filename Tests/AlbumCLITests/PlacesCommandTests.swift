import Foundation
import Testing
import TestSupport

/// Places, zones, `--place`, `album places` and `import --gpx` through the built binary, with
/// Debian's GeoNames data and the bundled fixtures, offline.
@Suite struct PlacesCommandTests {
    let folder = TemporaryFolder("places-cli")
    var library: String { folder.child("lib").path }
    var environment: [String: String] { ["ALBUM_PLACES_CACHE": folder.child("cache").path] }

    func album(_ arguments: [String], environment extra: [String: String] = [:]) throws -> AlbumRun {
        try AlbumProcess.run(
            arguments + ["--library", library], environment: environment.merging(extra) { $1 },
            currentDirectory: Fixtures.repositoryRoot)
    }

    @Test func fetchByPlaceNameFromTheBundledFixtures() throws {
        let run = try album(["fetch", "--place", "Nairobi", "--per-page", "3", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        let pin = try #require(report["pin"] as? [String: Any])
        #expect(pin["title"] as? String == "Nairobi")
        #expect(pin["timeZone"] as? String == "Africa/Nairobi")
        let place = try #require(pin["place"] as? [String: Any])
        #expect(place["name"] as? String == "Nairobi")
        #expect(place["countryCode"] as? String == "KE")
        #expect(place["country"] as? String == "Kenya")
        #expect(place["region"] as? String == "Nairobi Area")
        #expect(place["distanceKm"] as? Double == 0)
        #expect(report["downloaded"] as? Int == 3)
        let search = try #require(report["placeSearch"] as? [String: Any])
        #expect(search["query"] as? String == "Nairobi")

        // The photos have their own place, zone and the offset their source wrote.
        let photos = try #require(try album(["photos", "1", "--json"]).json() as? [[String: Any]])
        #expect(photos.count == 3)
        for photo in photos {
            #expect(photo["timeZone"] as? String == "Africa/Nairobi")
            #expect((photo["place"] as? [String: Any])?["countryCode"] as? String == "KE")
            #expect(photo["positionSource"] as? String == "source")
            #expect(photo["offsetSource"] as? String == "exif")
            #expect((photo["takenAt"] as? String)?.hasSuffix("+03:00") == true)
        }

        let text = try album(["pin", "show", "1"])
        #expect(text.stdout.contains("place: Nairobi, Nairobi Area, Kenya (0.0 km)  time zone: Africa/Nairobi"))

        let places = try #require(try album(["places", "--json"]).json() as? [[String: Any]])
        #expect(places.count == 1)
        #expect(places.first?["name"] as? String == "Nairobi")
        #expect(places.first?["photos"] as? Int == 3)
        #expect(try album(["places", "--country", "fr"]).stdout == "no places in FR\n")
    }

    @Test func pinAddByAnAmbiguousNameSaysWhichItTook() throws {
        let run = try album(["pin", "add", "--place", "Springfield", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("album: note: 'Springfield' matches"))
        let pin = try #require(try run.json() as? [String: Any])
        let search = try #require(pin["placeSearch"] as? [String: Any])
        let candidates = try #require(search["candidates"] as? [[String: Any]])
        #expect(candidates.count > 3)
        #expect((search["total"] as? Int ?? 0) >= candidates.count)
        #expect(pin["latitude"] as? Double == candidates.first?["latitude"] as? Double)

        let illinois = try #require(try album(["pin", "add", "--place", "springfield, us-il", "--json"]).json() as? [String: Any])
        #expect((illinois["place"] as? [String: Any])?["region"] as? String == "Illinois")
        #expect(illinois["timeZone"] as? String == "America/Chicago")
    }

    @Test func anUnknownPlaceIsAnErrorWithSpellingsAndTouchesNothing() throws {
        let run = try album(["fetch", "--place", "Nairobbi"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("album: error: no place named 'Nairobbi'"))
        #expect(run.stderr.contains("closest: Nairobi"))
        #expect(!FileManager.default.fileExists(atPath: library))
        let both = try album(["pin", "add", "--place", "Kyoto", "--lat", "1", "--lon", "2"])
        #expect(both.status != 0)
        #expect(both.stderr.contains("either --place or --lat/--lon"))
    }

    @Test func aMalformedPlaceFileLeavesTheLibraryWorkingWithoutNames() throws {
        let bad = folder.child("cities500.txt")
        try "1\tNowhere\tNowhere\n".write(to: bad, atomically: true, encoding: .utf8)
        let broken = ["ALBUM_PLACES": bad.path]
        let run = try album(["pin", "add", "--lat", "-1.28", "--lon", "36.82", "--json"], environment: broken)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("album: warning: place names unavailable: \(bad.path):1: expected 19 tab-separated columns, found 3"))
        let pin = try #require(try run.json() as? [String: Any])
        #expect(pin["place"] is NSNull)
        #expect(pin["timeZone"] is NSNull)
        // With the place data back, the next command names the pin.
        let list = try #require(try album(["pin", "list", "--json"]).json() as? [[String: Any]])
        #expect((list.first?["place"] as? [String: Any])?["name"] as? String == "Nairobi")
        let named = try album(["fetch", "--place", "Paris"], environment: broken)
        #expect(named.status == 1)
        #expect(named.stderr.contains("cities500.txt:1"))
    }

    @Test func importInfersOffsetsAndPlacesPhotosFromATrack() throws {
        let photos = folder.child("trip")
        // Two photos with GPS and no offset (Paris, winter and summer), one without GPS.
        try GeoPhoto(latitude: 48.8530, longitude: 2.3499, takenAt: "2024:01:14 10:00:00", tag: "winter")
            .write(to: photos.appendingPathComponent("a.jpg"))
        try GeoPhoto(latitude: 48.8531, longitude: 2.3498, takenAt: "2024:07:14 10:00:00", tag: "summer")
            .write(to: photos.appendingPathComponent("b.jpg"))
        try GeoPhoto(takenAt: "2024:07:15 09:30:00", tag: "walk").write(to: photos.appendingPathComponent("c.jpg"))
        // The walk: Lyon, 07:00Z to 08:00Z, fixes every 10 minutes going north by 0.01°.
        var points = ""
        for i in 0...6 {
            let minute = String(format: "%02d", i * 10 == 60 ? 0 : i * 10)
            let hour = i == 6 ? "08" : "07"
            points += "<trkpt lat=\"\(45.75 + Double(i) * 0.01)\" lon=\"4.85\"><time>2024-07-15T\(hour):\(minute):00Z</time></trkpt>\n"
        }
        let track = folder.child("walk.gpx")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(points)</trkseg></trk></gpx>
            """.write(to: track, atomically: true, encoding: .utf8)

        let preview = try AlbumProcess.run(
            ["exif", photos.appendingPathComponent("c.jpg").path, "--gpx", track.path, "--json"], environment: environment)
        #expect(preview.status == 0, "\(preview.stderr)")
        let entry = try #require((try preview.json() as? [[String: Any]])?.first)
        let gpx = try #require(entry["gpx"] as? [String: Any])
        // 09:30 local in Lyon in July is 07:30Z: halfway between the fixes at 07:20 and 07:40.
        #expect(abs((gpx["latitude"] as? Double ?? 0) - 45.78) < 1e-9)
        #expect(gpx["offset"] as? String == "+02:00")
        #expect(gpx["offsetSource"] as? String == "inferred")

        let run = try album(["import", photos.path, "--gpx", track.path, "--max-gap", "15m", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["imported"] as? Int == 3)
        let pins = try #require(report["pins"] as? [[String: Any]])
        let paris = try #require(pins.first { ($0["place"] as? [String: Any])?["name"] as? String == "Paris" })
        #expect(paris["from"] as? String == "2024-01-14T10:00:00+01:00")
        #expect(paris["to"] as? String == "2024-07-14T10:00:00+02:00")
        #expect(paris["inferredOffsets"] as? Int == 2)
        #expect(paris["timeZone"] as? String == "Europe/Paris")
        // North of Lyon, the nearest town is Caluire-et-Cuire.
        let lyon = try #require(pins.first { $0["placedByTrack"] as? Int == 1 }, "\(run.stdout)")
        #expect((lyon["place"] as? [String: Any])?["name"] as? String == "Caluire-et-Cuire")
        #expect(abs((lyon["latitude"] as? Double ?? 0) - 45.78) < 1e-6)

        let stored = try #require(try album(["photos", "\(lyon["id"] as? Int ?? 0)", "--json"]).json() as? [[String: Any]])
        #expect(stored.first?["positionSource"] as? String == "gpx")
        #expect(stored.first?["offsetSource"] as? String == "inferred")
        #expect(stored.first?["takenAt"] as? String == "2024-07-15T09:30:00+02:00")
        #expect(abs((stored.first?["latitude"] as? Double ?? 0) - 45.78) < 1e-6)
    }

    @Test(arguments: [
        (["--gpx", "MISSING"], "cannot read GPX file"),
        (["--gpx", "BAD"], "not a GPX file"),
        (["--gpx", "BAD", "--time-offset", "+1"], "--time-offset '+1' is not a UTC offset"),
        (["--gpx", "BAD", "--max-gap", "soon"], "--max-gap 'soon' is not a duration"),
        (["--max-gap", "5m"], "--max-gap and --time-offset go with --gpx"),
    ])
    func badTrackOptionsImportNothing(_ options: [String], _ message: String) throws {
        let photos = folder.child("trip")
        try GeoPhoto(takenAt: "2024:07:15 09:30:00", tag: "walk").write(to: photos.appendingPathComponent("c.jpg"))
        let bad = folder.child("bad.gpx")
        try "no xml here".write(to: bad, atomically: true, encoding: .utf8)
        let arguments = options.map { $0 == "MISSING" ? folder.child("none.gpx").path : $0 == "BAD" ? bad.path : $0 }
        let run = try album(["import", photos.path] + arguments)
        #expect(run.status != 0)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library))
    }
}
