import AlbumModel
import AlbumSources
import Foundation
import Testing

/// The committed bundle in fixtures/bundle: 30 photos around Paris, Sydney, New York and Nairobi.
@Suite struct BundleFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/bundle")

    /// name, centre, photos within 2 km, and the offset of its dates.
    static let places: [(String, Double, Double, Int, String)] = [
        ("Paris", 48.856613, 2.352222, 8, "+02:00"),
        ("Sydney", -33.856784, 151.215297, 8, "+10:00"),
        ("New York", 40.712776, -74.005974, 7, "-04:00"),
        ("Nairobi", -1.286389, 36.817223, 7, "+03:00"),
    ]

    @Test func loadsAllThirtyPhotosWithNothingSkipped() throws {
        let source = try BundleSource(folder: Self.folder)
        #expect(source.photoCount == 30)
        #expect(source.skipped.isEmpty)
        #expect(source.hasCoordinates)
        #expect(source.name == "bundle:" + Self.folder.standardizedFileURL.path)
        #expect(source.jsonFile.lastPathComponent == "photos.json")
    }

    @Test(arguments: 0..<4)
    func searchNearAPlaceOffersOnlyItsPhotosNearestFirst(place: Int) throws {
        let (title, lat, lon, count, offset) = Self.places[place]
        let source = try BundleSource(folder: Self.folder)
        let q = try query(lat, lon, radiusKm: 5)
        let page = try source.search(q)
        #expect(page.total == count)
        #expect(page.pages == 1)
        #expect(page.photos.count == count)
        #expect(page.photos.allSatisfy { $0.title?.hasPrefix(title) == true })
        let distances = page.photos.compactMap { $0.coordinate?.distanceKm(to: q.center) }
        #expect(distances.count == count)
        #expect(distances == distances.sorted())
        #expect(distances.allSatisfy { $0 <= 2 })
        #expect(page.photos.allSatisfy { $0.takenAt?.hasSuffix(offset) == true })
        for photo in page.photos {
            let file = try #require(URL(string: photo.url))
            #expect(file.isFileURL)
            #expect(file.path.hasPrefix(Self.folder.resolvingSymlinksInPath().path + "/photos/"))
            #expect(FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func southernAndWesternPlacesHaveNegativeCoordinates() throws {
        let source = try BundleSource(folder: Self.folder)
        let sydney = try source.search(query(-33.856784, 151.215297))
        let newYork = try source.search(query(40.712776, -74.005974))
        #expect(!sydney.photos.isEmpty && sydney.photos.allSatisfy { ($0.coordinate?.latitude ?? 0) < 0 })
        #expect(!newYork.photos.isEmpty && newYork.photos.allSatisfy { ($0.coordinate?.longitude ?? 0) < 0 })
    }

    @Test func radiusIsHonoured() throws {
        let source = try BundleSource(folder: Self.folder)
        let q = try query(48.856613, 2.352222, radiusKm: 1)
        let near = try source.search(q)
        // Five of the eight Paris photos lie within 1 km of the centre (0.49 … 0.96 km).
        #expect(near.total == 5)
        #expect(near.photos.allSatisfy { ($0.coordinate?.distanceKm(to: q.center) ?? .infinity) <= 1 })
        let all = try source.search(query(48.856613, 2.352222, radiusKm: 2))
        let left = Set(all.photos.map(\.sourceId)).subtracting(near.photos.map(\.sourceId))
        #expect(left.count == 3)
        // Far from every place: nothing.
        let nowhere = try source.search(query(0, -150, radiusKm: 50))
        #expect(nowhere.total == 0 && nowhere.pages == 0 && nowhere.photos.isEmpty)
    }

    @Test func pagesSplitTheAnswerWithoutGapsOrRepeats() throws {
        let source = try BundleSource(folder: Self.folder)
        let whole = try source.search(query(48.856613, 2.352222, perPage: 100))
        var paged: [SourcePhoto] = []
        for number in 1...3 {
            let page = try source.search(query(48.856613, 2.352222, page: number, perPage: 3))
            #expect(page.total == 8)
            #expect(page.pages == 3)
            #expect(page.page == number && page.perPage == 3)
            #expect(page.photos.count == (number < 3 ? 3 : 2))
            paged += page.photos
        }
        #expect(paged == whole.photos)
        let past = try source.search(query(48.856613, 2.352222, page: 4, perPage: 3))
        #expect(past.total == 8 && past.pages == 3 && past.photos.isEmpty)
    }
}
