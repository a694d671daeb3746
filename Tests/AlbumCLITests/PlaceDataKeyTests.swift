import Foundation
import Testing
import TestSupport

/// A library remembers which place data named it (`PlaceDataKey`): switching `ALBUM_PLACES`
/// names every pin and photo again, inferred offsets follow the new zone, and offsets the
/// camera or the GPS gave stay; place data that cannot load keeps the names there are.
@Suite struct PlaceDataKeyTests {
    let folder = TemporaryFolder("places-key")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String], places: String) throws -> AlbumRun {
        try AlbumProcess.run(
            arguments + ["--library", library],
            environment: ["ALBUM_PLACES_CACHE": folder.child("cache").path, "ALBUM_PLACES": places, "ALBUM_ZONES": "none"],
            currentDirectory: Fixtures.repositoryRoot)
    }

    /// A one-place GeoNames file in a folder of its own.
    func placeFile(_ folderName: String, name: String, zone: String) throws -> String {
        let path = folder.child(folderName).appendingPathComponent("cities500.txt").path
        try FileManager.default.createDirectory(atPath: folder.child(folderName).path, withIntermediateDirectories: true)
        try "1\t\(name)\t\(name)\t\t-1.28333\t36.81667\tP\tPPLC\tKE\t\t05\t\t\t\t1000\t\t1714\t\(zone)\t2020-01-01\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func photos(_ places: String) throws -> [String: [String: Any]] {
        let run = try album(["photos", "1", "--json"], places: places)
        #expect(run.status == 0, "\(run.stderr)")
        let list = try #require(try run.json() as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { (($0["title"] as? String) ?? ($0["file"] as? String ?? ""), $0) })
    }

    @Test func switchingThePlaceFileNamesEveryRowAgain() throws {
        let alpha = try placeFile("alpha", name: "Alphaville", zone: "Africa/Nairobi")
        let beta = try placeFile("beta", name: "Betatown", zone: "Asia/Tokyo")
        let trip = folder.child("trip")
        try GeoPhoto(latitude: -1.2834, longitude: 36.8167, takenAt: "2024:07:14 10:00:00", tag: "zone")
            .write(to: trip.appendingPathComponent("zone.jpg"))
        try GeoPhoto(latitude: -1.2834, longitude: 36.8168, takenAt: "2024:07:14 10:00:00", offset: "+01:00", tag: "camera")
            .write(to: trip.appendingPathComponent("camera.jpg"))
        try GeoPhoto(latitude: -1.2835, longitude: 36.8167, takenAt: "2024:07:14 10:00:00", tag: "gps", gpsTime: "2024:07:14 08:00:00")
            .write(to: trip.appendingPathComponent("gps.jpg"))
        let imported = try album(["import", trip.path], places: alpha)
        #expect(imported.status == 0, "\(imported.stderr)")

        func expectNamed(_ places: String, _ name: String, _ zone: String, inferred: String) throws {
            let pins = try #require(try album(["pin", "list", "--json"], places: places).json() as? [[String: Any]])
            #expect(pins.count == 1)
            #expect((pins.first?["place"] as? [String: Any])?["name"] as? String == name)
            #expect(pins.first?["timeZone"] as? String == zone)
            let byFile = try photos(places)
            #expect(byFile.count == 3)
            for photo in byFile.values {
                #expect((photo["place"] as? [String: Any])?["name"] as? String == name)
                #expect(photo["timeZone"] as? String == zone)
            }
            let zonePhoto = try #require(byFile.first { $0.key.contains("zone") }?.value)
            #expect(zonePhoto["takenAt"] as? String == "2024-07-14T10:00:00\(inferred)")
            #expect(zonePhoto["offsetSource"] as? String == "inferred")
            let camera = try #require(byFile.first { $0.key.contains("camera") }?.value)
            #expect(camera["takenAt"] as? String == "2024-07-14T10:00:00+01:00")
            #expect(camera["offsetSource"] as? String == "exif")
            let gps = try #require(byFile.first { $0.key.contains("gps") }?.value)
            #expect(gps["takenAt"] as? String == "2024-07-14T10:00:00+02:00")
            #expect(gps["offsetSource"] as? String == "gps")
        }
        try expectNamed(alpha, "Alphaville", "Africa/Nairobi", inferred: "+03:00")
        // Another place file: named again, the inferred offset follows the new zone.
        try expectNamed(beta, "Betatown", "Asia/Tokyo", inferred: "+09:00")
        // A place file that does not load: the names stay, and album says names are unavailable.
        let broken = folder.child("broken.txt").path
        try "1\tNowhere\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let run = try album(["pin", "list", "--json"], places: broken)
        #expect(run.stderr.contains("place names unavailable"), "\(run.stderr)")
        #expect(((try run.json() as? [[String: Any]])?.first?["place"] as? [String: Any])?["name"] as? String == "Betatown")
        // Back to the first file: its names again.
        try expectNamed(alpha, "Alphaville", "Africa/Nairobi", inferred: "+03:00")
    }
}
