import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumYFCC

/// The reader and the index on generated files in both layouts, plain and bzip2.
@Suite struct YFCCReaderTests {
    let folder = TemporaryFolder("yfcc")
    static let place = try! Coordinate(latitude: 48.8584, longitude: 2.2945)

    func write(_ text: String, name: String, compressed: Bool) throws -> String {
        let data = Data(text.utf8)
        let path = folder.child(name).path
        try (compressed ? try BZip2.compress(data) : data).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func indexesBothLayoutsPlainAndCompressed(numbered: Bool, compressed: Bool) throws {
        var fixture = YFCCFixture.around(Self.place, count: 40, baseURL: "http://127.0.0.1:9")
        // A photo far away, a video and a photo without coordinates.
        fixture.rows.append(.init(id: 5, at: try Coordinate(latitude: -33.8568, longitude: 151.2153), url: "https://example.org/5.jpg"))
        var video = YFCCFixture.Row(id: 6, at: Self.place, url: "http://example.org/6.mp4")
        video.marker = "1"
        var unplaced = YFCCFixture.Row(id: 7, at: Self.place, url: "http://example.org/7.jpg")
        (unplaced.latitude, unplaced.longitude, unplaced.accuracy) = ("", "", "")
        fixture.rows += [video, unplaced]
        fixture.rows[3].license = "Attribution+License"
        fixture.rows[3].accuracy = "11"
        let path = try write(fixture.text(numbered: numbered), name: "data.tsv", compressed: compressed)

        let report = try YFCCIndexBuilder(dataFile: path, runBytes: 1000).build()
        #expect(report.fields == (numbered ? 25 : 23))
        #expect(report.compressed == compressed)
        #expect(report.lines == 43)
        #expect(report.photos == 41)
        #expect(report.videos == 1)
        #expect(report.notGeotagged == 1)
        #expect(report.malformed == 0)

        let index = try YFCCIndex(file: path + ".albumindex")
        let all = index.search(center: Self.place, radiusKm: 1, page: 1, perPage: 100)
        #expect(all.total == 40)
        #expect(all.photos.map(\.distanceKm) == all.photos.map(\.distanceKm).sorted())
        #expect(Set(all.photos.map(\.id)) == Set((1001...1040).map(UInt64.init)))
        let fourth = try #require(all.photos.first { $0.id == 1004 })
        #expect(fourth.accuracy == 11)
        #expect(fourth.license == "Attribution License")
        #expect(fourth.title == "Photo 4 été")
        #expect(fourth.owner == "some one")
        #expect(fourth.takenAt == "2012-02-16T09:56:37")
        #expect(fourth.url == "http://127.0.0.1:9/photos/1004.jpg")
        let row = fixture.rows[3]
        #expect(fourth.latitude == Double(row.latitude) && fourth.longitude == Double(row.longitude))

        // Pages of 15: 15, 15, 10, then nothing; together the same photos in the same order.
        let pages = (1...4).map { index.search(center: Self.place, radiusKm: 1, page: $0, perPage: 15) }
        #expect(pages.map(\.photos.count) == [15, 15, 10, 0])
        #expect(pages.flatMap(\.photos) == all.photos)
        #expect(pages.allSatisfy { $0.total == 40 })

        let sydney = index.search(center: try Coordinate(latitude: -33.86, longitude: 151.21), radiusKm: 5, page: 1, perPage: 10)
        #expect(sydney.photos.map(\.id) == [5])
        #expect(index.search(center: Self.place, radiusKm: 0.01, page: 1, perPage: 10).total < 40)
    }

    @Test func malformedLinesAreCountedReportedByLineAndNeverIndexed() throws {
        let good = YFCCFixture.around(Self.place, count: 3, baseURL: "http://127.0.0.1:9")
        let base = YFCCFixture.Row(id: 77, at: Self.place, url: "http://example.org/77.jpg")
        let bad = [
            YFCCFixture.line(base) + "\textra",                                // line 4: 24 fields
            YFCCFixture.line(base, replacing: [10: "east"]),                   // line 5: longitude
            YFCCFixture.line(base, replacing: [11: "4x.1"]),                   // line 6: latitude
            YFCCFixture.line(base, replacing: [12: "0"]),                      // line 7: accuracy 0
            YFCCFixture.line(base, replacing: [14: "ftp://example.org/a.jpg"]),  // line 8: not http(s)
            YFCCFixture.line(base, replacing: [14: "file:///etc/passwd"]),     // line 9: not http(s)
            YFCCFixture.line(base, replacing: [11: "95.0"]),                   // line 10: out of range
            "",                                                                // line 11: empty
        ]
        let path = try write(good.text(extraLines: bad), name: "bad.tsv", compressed: false)
        let report = try YFCCIndexBuilder(dataFile: path).build()
        #expect(report.lines == 11)
        #expect(report.photos == 3)
        #expect(report.malformed == 8)
        #expect(report.problems.map(\.line) == Array(4...11))
        let reasons = report.problems.map(\.reason)
        #expect(reasons[0].contains("24 fields"))
        #expect(reasons[1].contains("longitude 'east'"))
        #expect(reasons[2].contains("latitude '4x.1'"))
        #expect(reasons[3].contains("accuracy 0"))
        #expect(reasons[4].contains("ftp://example.org/a.jpg") && reasons[4].contains("not an http(s) URL"))
        #expect(reasons[5].contains("file:///etc/passwd"))
        #expect(reasons[6].contains("95"))
        let index = try YFCCIndex(file: path + ".albumindex")
        let found = index.search(center: Self.place, radiusKm: 50, page: 1, perPage: 100)
        #expect(found.total == 3)
        #expect(!found.photos.contains { $0.id == 77 })
    }

    @Test(arguments: ["a\tb\tc\n", "\n", "not a dataset at all\n"])
    func aFirstLineOfAnotherShapeIsRefused(text: String) throws {
        let path = try write(text, name: "other.tsv", compressed: false)
        #expect(throws: AlbumError.self) { try YFCCIndexBuilder(dataFile: path).build() }
        #expect(!FileManager.default.fileExists(atPath: path + ".albumindex"))
        // Issue 22: a failed build leaves no work folder behind either.
        #expect(!FileManager.default.fileExists(atPath: path + ".albumindex.partial"))
    }

    /// Issue 22: `2012-13-45 99:99:99` was stored and shown as is. An impossible date is no
    /// date: the photo is indexed without one, and the field is counted and reported as malformed.
    @Test func anImpossibleDateIsNoDateAndReported() throws {
        var fixture = YFCCFixture.around(Self.place, count: 5, baseURL: "http://127.0.0.1:9")
        for (i, date) in ["2012-13-45 99:99:99.0", "2013-02-29 10:00:00.0", "2012-02-29 24:00:00.0", "2012-02-29 23:59:59.0"].enumerated() {
            fixture.rows[i].dateTaken = date
        }
        let path = try write(fixture.text(), name: "dates.tsv", compressed: false)
        let report = try YFCCIndexBuilder(dataFile: path).build()
        #expect(report.photos == 5 && report.malformed == 0)
        #expect(report.malformedFields == 3)
        #expect(report.problems.map(\.line) == [1, 2, 3])
        #expect(report.problems.first?.reason == "has date taken '2012-13-45 99:99:99.0', not a date that exists: indexed without a date")
        let found = try YFCCIndex(file: path + ".albumindex").search(center: Self.place, radiusKm: 5, page: 1, perPage: 10)
        let dates = Dictionary(uniqueKeysWithValues: found.photos.map { ($0.id, $0.takenAt) })
        #expect(dates[1001] == .some(nil) && dates[1002] == .some(nil) && dates[1003] == .some(nil))
        #expect(dates[1004] == "2012-02-29T23:59:59")
        #expect(YFCCText.isoDate(Array("2012-13-45 99:99:99".utf8)) == nil)
        #expect(YFCCText.isoDate(Array("2000-02-29 00:00:00".utf8)) == "2000-02-29T00:00:00")
        #expect(YFCCText.isoDate(Array("1900-02-29 00:00:00".utf8)) == nil)
    }

    @Test func aBuildStoppedAfterSomeRunsResumesToTheSameIndex() throws {
        let fixture = YFCCFixture.around(Self.place, count: 300, spreadKm: 20, baseURL: "http://127.0.0.1:9")
        for compressed in [false, true] {
            let path = try write(fixture.text(numbered: true), name: "resume\(compressed).tsv", compressed: compressed)
            var stopped = YFCCIndexBuilder(dataFile: path, indexFile: path + ".stopped", runBytes: 2000)
            stopped.interruptAfterRuns = 3
            #expect(throws: AlbumError.self) { try stopped.build() }
            #expect(!FileManager.default.fileExists(atPath: path + ".stopped"))
            let state = try JSONDecoder().decode(
                YFCCBuildState.self, from: Data(contentsOf: URL(fileURLWithPath: path + ".stopped.partial/state.json")))
            #expect(state.runs.count == 3 && state.lines > 0 && state.lines < 300)
            stopped.interruptAfterRuns = nil
            let resumed = try stopped.build()
            let fresh = try YFCCIndexBuilder(dataFile: path, indexFile: path + ".fresh", runBytes: 2000).build()
            #expect(resumed.photos == 300 && resumed.lines == 300)
            #expect(resumed.photos == fresh.photos)
            let a = try Data(contentsOf: URL(fileURLWithPath: path + ".stopped"))
            let b = try Data(contentsOf: URL(fileURLWithPath: path + ".fresh"))
            // Identical but for the index path recorded in the summary (and so its length).
            #expect(a.count - (path + ".stopped").utf8.count == b.count - (path + ".fresh").utf8.count)
            #expect(a.prefix(72) == b.prefix(72))
            #expect(a.count > 10_000 && a.dropFirst(4096).prefix(a.count - 6000) == b.dropFirst(4096).prefix(a.count - 6000))
            #expect(!FileManager.default.fileExists(atPath: path + ".stopped.partial"))
        }
    }

    @Test func concatenatedBzip2StreamsAreReadToTheEnd() throws {
        let fixture = YFCCFixture.around(Self.place, count: 20, baseURL: "http://127.0.0.1:9")
        let lines = fixture.text().split(separator: "\n", omittingEmptySubsequences: false)
        let first = lines.prefix(8).joined(separator: "\n") + "\n", second = lines.dropFirst(8).joined(separator: "\n")
        let data = try BZip2.compress(Data(first.utf8)) + BZip2.compress(Data(second.utf8))
        let path = folder.child("multi.tsv.bz2").path
        try data.write(to: URL(fileURLWithPath: path))
        let report = try YFCCIndexBuilder(dataFile: path).build()
        #expect(report.photos == 20 && report.compressed)
    }

    @Test func truncatedOrCorruptBzip2IsAnErrorNamingTheFile() throws {
        let fixture = YFCCFixture.around(Self.place, count: 50, baseURL: "http://127.0.0.1:9")
        let whole = try BZip2.compress(Data(fixture.text().utf8))
        let truncated = folder.child("cut.bz2").path
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))
        var corrupt = whole
        corrupt[whole.count / 2] ^= 0xFF
        let damaged = folder.child("corrupt.bz2").path
        try corrupt.write(to: URL(fileURLWithPath: damaged))
        for path in [truncated, damaged] {
            do {
                _ = try YFCCIndexBuilder(dataFile: path).build()
                Issue.record("\(path) was indexed")
            } catch {
                #expect(error.description.contains(path))
            }
            #expect(!FileManager.default.fileExists(atPath: path + ".albumindex"))
        }
    }

    @Test func aDamagedIndexIsRefused() throws {
        let fixture = YFCCFixture.around(Self.place, count: 10, baseURL: "http://127.0.0.1:9")
        let path = try write(fixture.text(), name: "d.tsv", compressed: false)
        _ = try YFCCIndexBuilder(dataFile: path).build()
        let index = try Data(contentsOf: URL(fileURLWithPath: path + ".albumindex"))
        try index.prefix(index.count - 10).write(to: URL(fileURLWithPath: path + ".cut"))
        #expect(throws: AlbumError.self) { try YFCCIndex(file: path + ".cut") }
        #expect(throws: AlbumError.self) { try YFCCIndex(file: path) }
    }

    @Test func decimalsParseExactly() {
        for text in ["2.2945", "-122.419416", "0", "-0.5", "180", "45.123456789012", "1e2"] {
            let bytes = Array(text.utf8)
            let parsed = bytes.withUnsafeBytes { YFCCRowParser.decimal($0) }
            #expect(parsed == Double(text), "\(text)")
        }
        for text in ["", "-", ".", "1.2.3", "abc", "nan", "inf"] {
            let parsed = Array(text.utf8).withUnsafeBytes { YFCCRowParser.decimal($0) }
            #expect(parsed == nil, "\(text)")
        }
    }
}

@Suite struct YFCCNearestTests {
    @Test(arguments: [0, 1, 5, 50, 400])
    func theHeapSelectionAgreesWithAFullSort(k: Int) {
        var state: UInt64 = 7
        let found = (0..<1000).map { point -> (distance: Double, point: Int) in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (Double(state >> 54), point)  // many equal distances: ties by point
        }
        let sorted = found.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.point < $1.point }
        let picked = YFCCIndex.nearest(k, of: found)
        #expect(picked.prefix(k).map(\.point) == sorted.prefix(k).map(\.point))
    }
}
