import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumPlaces

@Suite struct PlaceFileTests {
    /// Three real rows of cities15000 (Nairobi, Mombasa, Paris), in a file of their own.
    static let rows = [
        "184745\tNairobi\tNairobi\tNairobi,Nairobis\t-1.28333\t36.81667\tP\tPPLC\tKE\t\t05\t\t\t\t2750547\t\t1714\tAfrica/Nairobi\t2012-04-05",
        "186301\tMombasa\tMombasa\tMombasa,Mombassa\t-4.05466\t39.66359\tP\tPPLA\tKE\t\t37\t\t\t\t799668\t\t21\tAfrica/Nairobi\t2012-04-05",
        "2988507\tParis\tParis\tLutetia,Paris\t48.85341\t2.3488\tP\tPPLC\tFR\t\t11\t75\t751\t75056\t2138551\t\t42\tEurope/Paris\t2014-11-05",
    ]

    func write(_ lines: [String], in folder: TemporaryFolder) throws -> String {
        let path = folder.child("cities500.txt").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func readsAFileTheUserPointsTo() throws {
        let folder = TemporaryFolder("places")
        let source = PlaceSource(cities: try write(Self.rows, in: folder))
        let index = try PlaceIndex.load(source, cacheFolder: folder.child("cache"))
        #expect(index.count == 3)
        let found = index.lookup(try Coordinate(latitude: -4.06, longitude: 39.67))
        #expect(found.place?.name == "Mombasa")
        // admin1Codes.txt and countryInfo.txt come from Debian when not beside the file.
        #expect(found.place?.region == "Mombasa")
        #expect(found.place?.country == "Kenya")
    }

    @Test func aChangedFileIsIndexedAgainNotReadFromTheCache() throws {
        let folder = TemporaryFolder("places")
        let path = try write(Self.rows, in: folder)
        let cache = folder.child("cache")
        #expect(try PlaceIndex.load(PlaceSource(cities: path), cacheFolder: cache).count == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".bin") }.count == 1)
        // Same index from the cache.
        let cached = try PlaceIndex.load(PlaceSource(cities: path), cacheFolder: cache)
        #expect(cached.lookup(try Coordinate(latitude: 48.86, longitude: 2.35)).place?.name == "Paris")
        _ = try write(Array(Self.rows.prefix(2)), in: folder)
        #expect(try PlaceIndex.load(PlaceSource(cities: path), cacheFolder: cache).count == 2)
    }

    @Test func aCorruptCacheIsIgnored() throws {
        let folder = TemporaryFolder("places")
        let path = try write(Self.rows, in: folder)
        let cache = folder.child("cache")
        _ = try PlaceIndex.load(PlaceSource(cities: path), cacheFolder: cache)
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) {
            try Data("GEOALBUM-PLACES-1\ngarbage".utf8).write(to: cache.appendingPathComponent(name))
        }
        #expect(try PlaceIndex.load(PlaceSource(cities: path), cacheFolder: cache).count == 3)
    }

    @Test(arguments: [
        ("184745\tNairobi\tNairobi\t-1.28333\t36.81667", "cities500.txt:2: expected 19 tab-separated columns, found 5"),
        ("184745\tNairobi\tNairobi\t\tnorth\t36.81667\tP\tPPLC\tKE\t\t05\t\t\t\t2750547\t\t1714\tAfrica/Nairobi\t2012-04-05",
         "cities500.txt:2: bad latitude 'north'"),
        ("184745\tNairobi\tNairobi\t\t-1.2\t236.8\tP\tPPLC\tKE\t\t05\t\t\t\t2750547\t\t1714\tAfrica/Nairobi\t2012-04-05",
         "cities500.txt:2: bad longitude '236.8'"),
    ])
    func aMalformedLineIsNamed(_ line: String, _ message: String) throws {
        let folder = TemporaryFolder("places")
        let path = try write([Self.rows[0], line], in: folder)
        #expect {
            try PlaceIndex.load(PlaceSource(cities: path), cacheFolder: folder.child("cache"))
        } throws: { error in
            "\(error)".hasSuffix(message) && "\(error)".contains(folder.path)
        }
    }

    @Test func aMissingFileIsNamed() throws {
        let folder = TemporaryFolder("places")
        let path = folder.child("nowhere.txt").path
        #expect {
            try PlaceIndex.load(PlaceSource(cities: path), cacheFolder: folder.child("cache"))
        } throws: { error in
            "\(error)".contains("nowhere.txt")
        }
    }
}
