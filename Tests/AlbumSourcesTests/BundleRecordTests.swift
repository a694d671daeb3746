import AlbumModel
import AlbumSources
import Foundation
import Testing

/// The shapes records take: ids, coordinates, dates, titles, and which records are skipped.
@Suite struct BundleRecordTests {
    @Test func plainPhotosListIsOfferedForAnyPlaceInFileOrder() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg", "b.jpg", "c.jpg")
        try bundle.write(json: """
            [{"albumId":1,"id":3,"title":"c","url":"c.jpg","thumbnailUrl":"c.jpg"},
             {"albumId":1,"id":1,"title":"a","url":"a.jpg","thumbnailUrl":"a.jpg"},
             {"albumId":2,"id":2,"title":"b","url":"b.jpg","thumbnailUrl":"b.jpg"}]
            """)
        let source = try bundle.source()
        #expect(!source.hasCoordinates)
        for (lat, lon) in [(48.85, 2.35), (-33.9, 151.2), (0.0, 0.0)] {
            let page = try source.search(query(lat, lon, radiusKm: 0.001))
            #expect(page.total == 3 && page.pages == 1)
            #expect(page.photos.map(\.sourceId) == ["3", "1", "2"])
            #expect(page.photos.allSatisfy { $0.coordinate == nil && $0.takenAt == nil })
        }
    }

    @Test func idsMayBeNumbersOrStrings() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg")
        try bundle.write(json: """
            [{"id":7,"url":"a.jpg"},{"id":"x-8","url":"a.jpg"},{"id":"9","url":"a.jpg"},
             {"id":12345678901234,"url":"a.jpg"},{"id":1.5,"url":"a.jpg"},{"id":true,"url":"a.jpg"},
             {"id":"","url":"a.jpg"},{"url":"a.jpg"},{"id":"7","url":"a.jpg"}]
            """)
        let source = try bundle.source()
        let page = try source.search(query(0, 0))
        #expect(page.photos.map(\.sourceId) == ["7", "x-8", "9", "12345678901234"])
        #expect(source.skipped.map(\.position) == [5, 6, 7, 8, 9])
        #expect(source.skipped[0].reason.contains("1.5 is not a whole number"))
        #expect(source.skipped[3].reason == "has no id")
        #expect(source.skipped[4].reason == "repeats the id of record 1")
    }

    @Test func coordinatesMayBeNumbersOrNumericStrings() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg")
        try bundle.write(json: """
            [{"id":1,"url":"a.jpg","latitude":"48.8566","longitude":"2.3522"},
             {"id":2,"url":"a.jpg","latitude":48.857,"longitude":2.353},
             {"id":3,"url":"a.jpg","latitude":" -33.85 ","longitude":"151.21"},
             {"id":4,"url":"a.jpg","latitude":"north","longitude":"2.35"},
             {"id":5,"url":"a.jpg","latitude":"0x1p5","longitude":"2.35"},
             {"id":6,"url":"a.jpg","latitude":91,"longitude":2.35},
             {"id":7,"url":"a.jpg","latitude":"nan","longitude":"2.35"},
             {"id":8,"url":"a.jpg","latitude":48.85}]
            """)
        let source = try bundle.source()
        #expect(source.hasCoordinates)
        let paris = try source.search(query(48.8566, 2.3522, radiusKm: 1))
        #expect(paris.photos.map(\.sourceId) == ["1", "2"])
        #expect(paris.photos[0].coordinate == (try Coordinate(latitude: 48.8566, longitude: 2.3522)))
        let sydney = try source.search(query(-33.85, 151.21, radiusKm: 1))
        #expect(sydney.photos.map(\.sourceId) == ["3"])
        #expect(source.skipped.map(\.id) == ["4", "5", "6", "7", "8"])
        #expect(source.skipped[0].reason.contains("'north' is not a number"))
        #expect(source.skipped[2].reason.contains("latitude 91.0 is outside"))
        #expect(source.skipped[4].reason == "has a latitude but no longitude")
    }

    @Test func aGeoBundleDoesNotOfferRecordsWithoutCoordinates() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg", "b.jpg")
        try bundle.write(json: """
            [{"id":1,"url":"a.jpg","latitude":10,"longitude":20},
             {"id":2,"url":"b.jpg","latitude":null,"longitude":""}]
            """)
        let source = try bundle.source()
        #expect(try source.search(query(10, 20)).photos.map(\.sourceId) == ["1"])
        #expect(try source.search(query(-40, -60)).total == 0)
        #expect(source.skipped.map(\.id) == ["2"])
        #expect(source.skipped[0].reason.contains("no latitude/longitude"))
    }

    @Test(arguments: [
        ("2024-06-14 09:05:00", "2024-06-14T09:05:00"),
        ("2024-06-14T09:05:00", "2024-06-14T09:05:00"),
        ("2024-06-14T09:05:00+02:00", "2024-06-14T09:05:00+02:00"),
        ("2024-06-14T09:05:00.250-0430", "2024-06-14T09:05:00-04:30"),
        ("2024-06-14T09:05:00Z", "2024-06-14T09:05:00+00:00"),
        ("2024-02-29 23:59:59", "2024-02-29T23:59:59"),
    ])
    func datesBecomeISO8601LocalTimeKeepingTheOffset(written: String, expected: String) throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg")
        try bundle.write(json: #"[{"id":1,"url":"a.jpg","datetaken":"\#(written)"}]"#)
        #expect(try bundle.source().search(query(0, 0)).photos.first?.takenAt == expected)
    }

    @Test(arguments: ["2023-02-29 10:00:00", "2024-13-01 10:00:00", "2024-06-14", "14/06/2024 09:05:00",
                      "2024-06-14T09:05:00+25:00", "2024-06-14T25:05:00"])
    func impossibleDatesSkipTheRecord(written: String) throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg")
        try bundle.write(json: #"[{"id":1,"url":"a.jpg","datetaken":"\#(written)"},{"id":2,"url":"a.jpg"}]"#)
        let source = try bundle.source()
        #expect(source.photoCount == 1)
        #expect(source.skipped.first?.reason.contains("datetaken '\(written)'") == true)
    }

    @Test func titlesMayBeNumbersOrAbsent() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg")
        try bundle.write(json: #"[{"id":1,"url":"a.jpg","title":2024},{"id":2,"url":"a.jpg"},{"id":3,"url":"a.jpg","title":{"x":1}}]"#)
        let source = try bundle.source()
        #expect(try source.search(query(0, 0)).photos.map(\.title) == ["2024", nil])
        #expect(source.skipped.map(\.id) == ["3"])
    }

    @Test func recordsThatAreNotObjectsAreSkipped() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg")
        try bundle.write(json: #"[{"id":1,"url":"a.jpg"}, 5, "photo", null, []]"#)
        let source = try bundle.source()
        #expect(source.photoCount == 1)
        #expect(source.skipped.map(\.position) == [2, 3, 4, 5])
        #expect(source.skipped.allSatisfy { $0.reason == "is not a JSON object" })
    }

    @Test func badQueriesAreRefusedAndFarPagesAreEmpty() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg")
        try bundle.write(json: #"[{"id":1,"url":"a.jpg"}]"#)
        let source = try bundle.source()
        #expect(albumError { _ = try source.search(query(0, 0, page: 0)) } == .invalidInput("page 0 must be at least 1"))
        #expect(albumError { _ = try source.search(query(0, 0, perPage: 0)) } != nil)
        #expect(albumError { _ = try source.search(query(0, 0, radiusKm: -1)) } != nil)
        let far = try source.search(query(0, 0, page: Int.max, perPage: 1000))
        #expect(far.total == 1 && far.pages == 1 && far.photos.isEmpty)
    }
}
