import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

@Suite struct PinStoreTests {
    let db: SQLiteLibraryStore
    init() throws { db = try AlbumDatabase.inMemory().store }

    @Test func addShowListMoveRemove() async throws {
        let paris = try await db.addPin(at: Coordinate(latitude: 48.8584, longitude: 2.2945), title: "Eiffel", note: "tower")
        let sydney = try await db.addPin(at: Coordinate(latitude: -33.8568, longitude: 151.2153), title: nil, note: nil)
        #expect(paris.id != sydney.id)
        #expect(try await db.pins().map(\.id) == [paris.id, sydney.id])
        #expect(try await db.requirePin(id: paris.id).note == "tower")

        let moved = try await db.movePin(id: sydney.id, to: Coordinate(latitude: -34, longitude: 151))
        #expect(moved.pin.coordinate.latitude == -34)
        #expect(try await db.pins(near: Coordinate(latitude: -33.8568, longitude: 151.2153), radiusKm: 1).isEmpty)

        try await db.removePin(id: paris.id)
        #expect(try await db.pin(id: paris.id) == nil)
        await #expect(throws: AlbumError.notFound("no pin with id \(paris.id)")) { try await db.removePin(id: paris.id) }
        await #expect(throws: AlbumError.self) { try await db.movePin(id: 999, to: Coordinate(latitude: 0, longitude: 0)) }
    }

    @Test func nearIsExactAndNearestFirst() async throws {
        let centre = try Coordinate(latitude: 40.7580, longitude: -73.9855)
        let near = try await db.addPin(at: Coordinate(latitude: 40.7590, longitude: -73.9850), title: "near", note: nil)
        let nearer = try await db.addPin(at: Coordinate(latitude: 40.7581, longitude: -73.9855), title: "nearer", note: nil)
        _ = try await db.addPin(at: Coordinate(latitude: 40.80, longitude: -73.9855), title: "5 km away", note: nil)
        #expect(try await db.pins(near: centre, radiusKm: 1).map(\.id) == [nearer.id, near.id])
    }

    @Test func nearAcrossTheAntimeridian() async throws {
        let fiji = try await db.addPin(at: Coordinate(latitude: -17.0, longitude: -179.995), title: "west of 180", note: nil)
        let found = try await db.pins(near: Coordinate(latitude: -17.0, longitude: 179.995), radiusKm: 2)
        #expect(found.map(\.id) == [fiji.id])
    }

    @Test func nearThePole() async throws {
        let pole = try await db.addPin(at: Coordinate(latitude: 89.9995, longitude: 120), title: nil, note: nil)
        let found = try await db.pins(near: Coordinate(latitude: 89.9995, longitude: -60), radiusKm: 1)
        #expect(found.map(\.id) == [pole.id])
    }

    @Test func regionRoundTripAndReplace() async throws {
        #expect(try await db.region() == nil)
        try await db.setRegion(Region(center: Coordinate(latitude: 10, longitude: 20), spanLatitude: 1, spanLongitude: 2))
        try await db.setRegion(Region(center: Coordinate(latitude: -10, longitude: -20), spanLatitude: 3, spanLongitude: 4))
        let region = try #require(await db.region())
        #expect(region.center.latitude == -10)
        #expect(region.spanLongitude == 4)
    }

    @Test func databaseRefusesOutOfRangeRowsEvenBypassingTheModel() async throws {
        #expect(throws: AlbumError.self) {
            try db.database.write { (sql: SQL) throws(AlbumError) in
                try sql.run("INSERT INTO pins (latitude, longitude, created_at, updated_at) VALUES (91, 0, '', '')")
            }
        }
        #expect(try await db.pins().isEmpty)
    }
}
