import Foundation
import TestSupport
import Testing

/// The place data key on both stores (decision 0008): another place file names every pin and
/// photo again, the inferred offset follows the new zone, and going back names them back.
extension LibraryStoresTests {
    /// A one-place GeoNames file (Nairobi's position) in a folder of its own.
    func onePlaceFile(_ name: String, zone: String) throws -> String {
        let dir = folder.child("places-\(name)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("cities500.txt").path
        try "1\t\(name)\t\(name)\t\t-1.28333\t36.81667\tP\tPPLC\tKE\t\t05\t\t\t\t1000\t\t1714\t\(zone)\t2020-01-01\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: StoreKind.all)
    func anotherPlaceFileNamesEveryRowAgain(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let alpha = try onePlaceFile("Alphaville", zone: "Africa/Nairobi")
        let beta = try onePlaceFile("Betatown", zone: "Asia/Tokyo")
        func env(_ places: String) -> [String: String] {
            ["ALBUM_PLACES": places, "ALBUM_ZONES": "none", "ALBUM_PLACES_CACHE": folder.child("places-cache-\(store)").path]
        }
        _ = try await lib.json(["pin", "add", "--lat", "-1.2834", "--lon", "36.8167", "--title", "Kenya"], environment: env(alpha))
        let trip = folder.child("place-data-\(store)")
        try GeoPhoto(latitude: -1.2834, longitude: 36.8168, takenAt: "2024:07:14 10:00:00", tag: "zone")
            .write(to: trip.appendingPathComponent("zone.jpg"))
        let imported = try await lib.run(["import", trip.path], environment: env(alpha))
        #expect(imported.status == 0, "\(imported.stderr)")

        func expectNamed(_ places: String, _ name: String, _ zone: String, offset: String) async throws {
            let pins = try #require(try await lib.json(["pin", "list"], environment: env(places)) as? [[String: Any]])
            #expect(pins.count == 1 && (pins.first?["place"] as? [String: Any])?["name"] as? String == name, "\(pins)")
            #expect(pins.first?["timeZone"] as? String == zone)
            let photos = try #require(try await lib.json(["photos", "1"], environment: env(places)) as? [[String: Any]])
            #expect(photos.count == 1 && (photos.first?["place"] as? [String: Any])?["name"] as? String == name, "\(photos)")
            #expect(photos.first?["timeZone"] as? String == zone)
            #expect(photos.first?["takenAt"] as? String == "2024-07-14T10:00:00\(offset)")
            #expect(photos.first?["offsetSource"] as? String == "inferred")
        }
        try await expectNamed(alpha, "Alphaville", "Africa/Nairobi", offset: "+03:00")
        try await expectNamed(beta, "Betatown", "Asia/Tokyo", offset: "+09:00")
        try await expectNamed(alpha, "Alphaville", "Africa/Nairobi", offset: "+03:00")
    }
}
