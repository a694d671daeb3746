import AlbumCore
import AlbumModel
import Foundation
import Testing
import TestSupport

/// The GSHHG vector basemap's file (`scripts/gshhg-basemap.py`'s format) and its route.
@Suite struct VectorBasemapTests {
    /// A file with one tile, 5/3/4: a border of two points.
    static func file(_ folder: TemporaryFolder) throws -> URL {
        let tile: [UInt8] = [30, 2, 8, 6, 2, 1]  // class 30, 2 points: (4, 3), then (+1, -1)
        var bytes = Array("GSHHGT01".utf8) + [1, 0, 0, 0]
        bytes += [5] + [3, 0, 0, 0] + [4, 0, 0, 0] + [UInt8](repeating: 0, count: 8) + [UInt8(tile.count), 0, 0, 0]
        bytes += tile
        let url = folder.child("gshhg.bin")
        try Data(bytes).write(to: url)
        return url
    }

    @Test func tilesAreReadByZoomXAndYAndOthersAreEmptyOrNone() throws {
        let folder = TemporaryFolder("basemap")
        let basemap = try VectorBasemap.read(try Self.file(folder))
        #expect(basemap.zooms == [5])
        #expect(try basemap.tile(.init(z: 5, x: 3, y: 4)) == Data([30, 2, 8, 6, 2, 1]))
        #expect(try basemap.tile(.init(z: 5, x: 63, y: 31)) == Data(), "a tile of the zoom without lines is empty")
        #expect(try basemap.tile(.init(z: 5, x: 64, y: 0)) == nil, "x below 2^(z+1)")
        #expect(try basemap.tile(.init(z: 5, x: 0, y: 32)) == nil, "y below 2^z")
        #expect(try basemap.tile(.init(z: 6, x: 0, y: 0)) == nil, "a zoom the file does not have")
        let bad = folder.child("bad.bin")
        try Data("GSHHGT01\u{5}".utf8).write(to: bad)
        #expect(throws: AlbumError.self) { try VectorBasemap.read(bad) }
        do { _ = try VectorBasemap.read(bad) } catch { #expect(error.description.contains("bad.bin") && error.description.contains("not a GSHHG basemap"), "\(error)") }
        #expect(throws: AlbumError.self) { try VectorBasemap.read(folder.child("missing.bin")) }
    }

    @Test func theRouteServesTilesForAYearAndTheMapPageDrawsThem() async throws {
        let folder = TemporaryFolder("basemap")
        let h = try await ServerHarness(vectorBasemap: try VectorBasemap.read(try Self.file(folder))).start()
        defer { Task { await h.stop() } }
        let tile = try await h.request("GET", "/api/basemap/5/3/4")
        #expect(tile.status == 200 && tile.body == Data([30, 2, 8, 6, 2, 1]))
        #expect(tile.headers["content-type"] == "application/octet-stream" && tile.headers["cache-control"]?.contains("immutable") == true)
        let empty = try await h.request("GET", "/api/basemap/5/0/0")
        #expect(empty.status == 200 && empty.body.isEmpty)
        for path in ["/api/basemap/6/0/0", "/api/basemap/5/64/0", "/api/basemap/5/-1/0", "/api/basemap/5/a/0"] {
            let none = try await h.request("GET", path)
            #expect(none.status == 404 && none.text.contains("no basemap tile"), "\(path): \(none.text)")
        }
        let map = try await h.request("GET", "/")
        #expect(map.text.contains("data-vector=\"/api/basemap\" data-vector-zooms=\"5\"") && map.text.contains("/assets/gshhg.") && map.text.contains("GSHHG"), "\(map.text)")

        let without = try await ServerHarness().start()
        defer { Task { await without.stop() } }
        let missing = try await without.request("GET", "/api/basemap/5/3/4")
        #expect(missing.status == 404 && missing.text.contains("make basemap"), "\(missing.text)")
        #expect(!(try await without.request("GET", "/")).text.contains("data-vector="))
    }
}
