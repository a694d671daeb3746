import AlbumModel
import Testing

@Suite struct CoordinateTests {
    @Test(arguments: [(91.0, 0.0), (-90.5, 0.0), (0.0, 180.01), (0.0, -181.0), (.nan, 0.0), (0.0, .infinity)])
    func rejectsOutOfRange(latitude: Double, longitude: Double) {
        #expect(throws: AlbumError.self) { try Coordinate(latitude: latitude, longitude: longitude) }
    }

    @Test func acceptsEdges() throws {
        _ = try Coordinate(latitude: 90, longitude: 180)
        _ = try Coordinate(latitude: -90, longitude: -180)
    }

    @Test func distanceAcrossTheAntimeridian() throws {
        let east = try Coordinate(latitude: 0, longitude: 179.99)
        let west = try Coordinate(latitude: 0, longitude: -179.99)
        #expect(abs(east.distanceKm(to: west) - 2.224) < 0.01)
    }

    @Test func boxAcrossTheAntimeridianHasTwoRanges() throws {
        let box = try Coordinate(latitude: -17, longitude: 179.999).boundingBox(radiusKm: 5)
        #expect(box.longitudeRanges.count == 2)
        #expect(box.longitudeRanges.contains { $0.contains(-179.99) })
    }

    @Test func boxNearAPoleCoversAllLongitudes() throws {
        let box = try Coordinate(latitude: 89.999, longitude: 10).boundingBox(radiusKm: 5)
        #expect(box.longitudeRanges == [-180...180])
    }

    @Test func photoStateTransitions() throws {
        #expect(PhotoState.placeholder.canMove(to: .downloading))
        #expect(PhotoState.downloading.canMove(to: .failed(reason: "HTTP 404")))
        #expect(PhotoState.downloaded.canMove(to: .placeholder), "verify --repair requeues a lost file")
        #expect(!PhotoState.downloaded.canMove(to: .downloading))
        #expect(!PhotoState.failed(reason: "x").canMove(to: .downloaded))
        #expect(!PhotoState.placeholder.canMove(to: .failed(reason: "x")))
        #expect(try PhotoState(name: "failed", failure: "HTTP 404") == .failed(reason: "HTTP 404"))
        #expect(throws: AlbumError.self) { try PhotoState(name: "done", failure: nil) }
    }
}
