import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumPlaces

/// The committed zone map (data/zones/zones.bin) with Debian's places, as `album` uses them.
enum MappedPlaces {
    static let map: ZoneMap = {
        do {
            guard let map = try ZoneMap.standard(environment: [:]) else { fatalError("data/zones/zones.bin not found") }
            return map
        } catch {
            fatalError("the zone map does not load: \(error)")
        }
    }()
    static let index: PlaceIndex = {
        do {
            return try PlaceIndex.load(PlaceSource.standard(environment: [:]), cacheFolder: DebianPlaces.cache.url, zones: map)
        } catch {
            fatalError("Debian's libtimezonemap-data is needed: \(error)")
        }
    }()
}

@Suite struct ZoneMapTests {
    struct Border: Sendable, CustomTestStringConvertible {
        let latitude: Double, longitude: Double, zone: String, note: String
        var testDescription: String { "\(note) (\(latitude), \(longitude))" }
    }

    /// Points where the nearest town of cities15000 is across a zone boundary (its zone is
    /// wrong) and the polygons give the zone timezonefinder gives.
    @Test(arguments: [
        Border(latitude: 48.5800, longitude: 7.7400, zone: "Europe/Paris", note: "Strasbourg, west of the Rhine"),
        Border(latitude: 48.5720, longitude: 7.8200, zone: "Europe/Berlin", note: "Kehl, east of the Rhine"),
        Border(latitude: 31.7600, longitude: -106.4850, zone: "America/Denver", note: "El Paso"),
        Border(latitude: 31.7200, longitude: -106.4600, zone: "America/Ciudad_Juarez", note: "Ciudad Juárez"),
    ] + MappedBorders.nearestFails)
    func polygonsGiveTheZoneAtBorders(_ border: Border) throws {
        let found = MappedPlaces.index.lookup(try Coordinate(latitude: border.latitude, longitude: border.longitude))
        #expect(found.timeZone == border.zone)
        #expect(MappedPlaces.map.zoneName(latitude: border.latitude, longitude: border.longitude) == border.zone)
    }

    /// The same points without the map: the nearest place's zone, wrong at these borders (what
    /// the map is for; if this fails, the points no longer show it).
    @Test(arguments: MappedBorders.nearestFails)
    func nearestPlaceAloneGetsTheseWrong(_ border: Border) throws {
        let found = DebianPlaces.index.lookup(try Coordinate(latitude: border.latitude, longitude: border.longitude))
        #expect(found.timeZone != border.zone)
    }

    @Test func seaHasNoZoneInTheMapAndFallsBackToPlaces() throws {
        #expect(MappedPlaces.map.zone(latitude: 0, longitude: -140) == nil)
        #expect(MappedPlaces.index.lookup(try Coordinate(latitude: 0, longitude: -140)).timeZone == "Etc/GMT+9")
        // Both sides of the antimeridian on Taveuni (Fiji), and the poles and edges of the grid.
        #expect(MappedPlaces.map.zoneName(latitude: -16.83, longitude: -179.97) == "Pacific/Fiji")
        #expect(MappedPlaces.map.zoneName(latitude: -16.80, longitude: 179.95) == "Pacific/Fiji")
        for (lat, lon) in [(90.0, 180.0), (-90.0, -180.0), (89.999, 179.999), (0.0, 180.0)] {
            _ = MappedPlaces.map.zone(latitude: lat, longitude: lon)  // in range: no trap
        }
        #expect(MappedPlaces.index.lookup(try Coordinate(latitude: 80.0, longitude: 22.0)).timeZone == "Arctic/Longyearbyen")
    }

    @Test func theMapSaysWhereItComesFrom() {
        #expect(MappedPlaces.map.dataVersion.hasPrefix("20"))
        #expect(MappedPlaces.map.names.contains("Asia/Urumqi"))
        #expect(MappedPlaces.map.names.count > 400)
    }

    // MARK: Files

    /// A map whose every tile is one leaf (`leaf`: 0 = none, else 1 + name index).
    static func wholeWorldMap(names: [String], leaf: UInt32, version: String = "test") -> Data {
        var out = Data("GAZONES1".utf8)
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        u32(UInt32(version.utf8.count)); out.append(Data(version.utf8))
        let blob = Data(names.joined(separator: "\n").utf8)
        u32(UInt32(names.count)); u32(UInt32(blob.count)); out.append(blob)
        u32(0)
        for _ in 0..<64_800 { u32(leaf) }
        return out
    }

    @Test func aMapIsReadAndUsedBeforeTheNearestPlace() throws {
        let folder = TemporaryFolder("zones")
        let file = folder.child("zones.bin")
        try Self.wholeWorldMap(names: ["Asia/Tokyo"], leaf: 1).write(to: file)
        let map = try ZoneMap.read(file.path)
        #expect(map.zoneName(latitude: 48.85, longitude: 2.35) == "Asia/Tokyo")
        let index = try PlaceIndex.load(PlaceSource.standard(environment: [:]), cacheFolder: DebianPlaces.cache.url, zones: map)
        let paris = index.lookup(try Coordinate(latitude: 48.8566, longitude: 2.3522))
        #expect(paris.timeZone == "Asia/Tokyo")
        #expect(paris.place?.name == "Paris")
    }

    @Test func aZoneThisMachineDoesNotKnowFallsBackToTheNearestPlace() throws {
        let folder = TemporaryFolder("zones")
        let file = folder.child("zones.bin")
        try Self.wholeWorldMap(names: ["Mars/Olympus_Mons"], leaf: 1).write(to: file)
        let index = try PlaceIndex.load(
            PlaceSource.standard(environment: [:]), cacheFolder: DebianPlaces.cache.url, zones: try ZoneMap.read(file.path))
        #expect(index.lookup(try Coordinate(latitude: 48.8566, longitude: 2.3522)).timeZone == "Europe/Paris")
    }

    @Test func aBrokenMapIsAnErrorNamingTheFile() throws {
        let folder = TemporaryFolder("zones")
        let good = Self.wholeWorldMap(names: ["Asia/Tokyo"], leaf: 1)
        let cases: [(String, Data)] = [
            ("truncated.bin", good.prefix(good.count - 10)),
            ("text.bin", Data("not a zone map\n".utf8)),
            ("leaf.bin", Self.wholeWorldMap(names: ["Asia/Tokyo"], leaf: 7)),  // names a zone that is not there
        ]
        for (name, bytes) in cases {
            let file = folder.child(name)
            try bytes.write(to: file)
            #expect(throws: AlbumError.invalidInput("\(file.path): not a GeoAlbum zone map (GAZONES1), or truncated")) {
                try ZoneMap.read(file.path)
            }
        }
        #expect {
            try ZoneMap.standard(environment: ["ALBUM_ZONES": folder.child("missing.bin").path])
        } throws: { "\($0)".contains(folder.child("missing.bin").path) }
        #expect(try ZoneMap.standard(environment: ["ALBUM_ZONES": "none"]) == nil)
    }
}

/// Random land points of `bench/places.sh` within 20 km of a place of cities15000 where the
/// nearest place's zone disagrees with timezonefinder's polygons, and the map agrees.
enum MappedBorders {
    typealias Border = ZoneMapTests.Border
    static let nearestFails: [Border] = [
        Border(latitude: 23.0995, longitude: 88.8864, zone: "Asia/Dhaka", note: "Bangladesh, 8 km from Bangaon, India"),
        Border(latitude: 41.2394, longitude: 80.4897, zone: "Asia/Urumqi", note: "Xinjiang (Aksu)"),
        Border(latitude: 39.6230, longitude: 67.6294, zone: "Asia/Tashkent", note: "Uzbekistan, 14 km from Panjakent, Tajikistan"),
        Border(latitude: 10.7121, longitude: 105.0384, zone: "Asia/Phnom_Penh", note: "Cambodia, 9 km from Chau Doc, Vietnam"),
        Border(latitude: 18.2500, longitude: 106.0131, zone: "Asia/Bangkok", note: "north Vietnam near Ha Tinh: Asia/Bangkok, as tzdata's zone1970.tab has it"),
        Border(latitude: 48.2680, longitude: 12.9820, zone: "Europe/Berlin", note: "Simbach, 5 km from Braunau am Inn, Austria"),
        Border(latitude: 38.1521, longitude: -85.3515, zone: "America/New_York", note: "Kentucky, east of Louisville's zone"),
    ]
}
