import Foundation
import TestSupport
import Testing

/// The place data key on both stores (decision 0008): another place file names every pin and
/// photo again, the inferred offset follows the new zone, and going back names them back; the
/// same bytes at another path, or touched, name nothing again (decision 0133).
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

    @Test(arguments: StoreKind.all)
    func theSamePlaceDataAtAnotherPathNamesNothingAgain(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let first = try onePlaceFile("Gammaville", zone: "Africa/Nairobi")
        func env(_ places: String) -> [String: String] {
            ["ALBUM_PLACES": places, "ALBUM_ZONES": "none", "ALBUM_PLACES_CACHE": folder.child("places-cache-same-\(store)").path]
        }
        let trip = folder.child("same-data-\(store)")
        try GeoPhoto(latitude: -1.2834, longitude: 36.8168, takenAt: "2024:07:14 10:00:00", tag: "same")
            .write(to: trip.appendingPathComponent("same.jpg"))
        let imported = try await lib.run(["import", trip.path], environment: env(first))
        #expect(imported.status == 0, "\(imported.stderr)")
        // When each row was named, and the key that named them.
        func state() throws -> (named: String, key: String) {
            (try Self.scalar(lib, "SELECT min(named_at) || ' ' || max(named_at) || ' ' || count(named_at) FROM photos"),
             try Self.scalar(lib, "SELECT key FROM place_data"))
        }
        let before = try state()
        #expect(before.named.hasSuffix(" 1") && before.key.split(separator: " ").count == 2, "\(before)")

        // The same bytes at another path, with another modification time: the stamp moves,
        // nothing is named again.
        let moved = folder.child("places-moved-\(store)")
        try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
        let copy = moved.appendingPathComponent("cities500.txt").path
        try FileManager.default.copyItem(atPath: first, toPath: copy)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: copy)
        let listed = try #require(try await lib.json(["photos", "1"], environment: env(copy)) as? [[String: Any]])
        #expect((listed.first?["place"] as? [String: Any])?["name"] as? String == "Gammaville", "\(listed)")
        let after = try state()
        #expect(after.named == before.named, "not named again")
        #expect(after.key != before.key && after.key.split(separator: " ").last == before.key.split(separator: " ").last,
                "the stamp moved, the contents' hash stayed: \(before.key) → \(after.key)")

        // A key stored before decision 0133 (the stamp alone, of these files): completed, not renamed.
        let stamp = String(after.key.split(separator: " ")[0])
        _ = try Self.scalar(lib, "UPDATE place_data SET key = '\(stamp)' WHERE id = 1")
        #expect(try await lib.run(["status"], environment: env(copy)).status == 0)
        let upgraded = try state()
        #expect(upgraded.named == before.named && upgraded.key == after.key, "\(upgraded)")

        // Other bytes at the same path: named again.
        try "1\tDeltatown\tDeltatown\t\t-1.28333\t36.81667\tP\tPPLC\tKE\t\t05\t\t\t\t1000\t\t1714\tAfrica/Nairobi\t2020-01-01\n"
            .write(toFile: copy, atomically: true, encoding: .utf8)
        let renamed = try #require(try await lib.json(["photos", "1"], environment: env(copy)) as? [[String: Any]])
        #expect((renamed.first?["place"] as? [String: Any])?["name"] as? String == "Deltatown", "\(renamed)")
        #expect(try state().named != before.named)
    }
}
