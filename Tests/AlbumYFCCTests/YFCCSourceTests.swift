import AlbumModel
import AlbumSources
import AlbumYFCC
import Foundation
import Testing
import TestSupport

/// `--source yfcc:FILE` as a `PhotoSource`.
@Suite struct YFCCSourceTests {
    let folder = TemporaryFolder("yfcc-source")
    static let place = try! Coordinate(latitude: 35.6586, longitude: 139.7454)

    func dataFile(count: Int = 30) throws -> String {
        let path = folder.child("data.tsv").path
        let text = YFCCFixture.around(Self.place, count: count, baseURL: "http://127.0.0.1:9").text()
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func parsesTheSpecAndRefusesEmptyOrEndpoint() throws {
        #expect(try SourceSpec.parse("yfcc:/data/yfcc.bz2") == .yfcc(path: "/data/yfcc.bz2"))
        #expect(try SourceSpec.parse("yfcc:rel.tsv").description == "yfcc:rel.tsv")
        #expect(throws: AlbumError.self) { try SourceSpec.parse("yfcc:") }
        #expect(throws: AlbumError.self) { try SourceSpec.parse("yfcc:/x", endpoint: "http://h/") }
    }

    @Test func answersFromTheIndexWithPagingAndNoCap() throws {
        let path = try dataFile()
        _ = try YFCCIndexBuilder(dataFile: path).build()
        let source = try YFCCSource(path: path)
        #expect(source.name == "yfcc:\(path)")
        #expect(source.maxReachableResults == nil)
        let page = try source.search(SearchQuery(center: Self.place, radiusKm: 2, page: 2, perPage: 7))
        #expect(page.total == 30 && page.pages == 5 && page.photos.count == 7)
        let photo = try #require(page.photos.first)
        #expect(photo.accuracy == 16 && photo.license == "Attribution-NonCommercial License")
        #expect(photo.url.hasPrefix("http://127.0.0.1:9/photos/"))
        // The index named directly works the same.
        let direct = try YFCCSource(path: path + ".albumindex")
        #expect(try direct.search(SearchQuery(center: Self.place, radiusKm: 2, page: 2, perPage: 7)).photos == page.photos)
    }

    @Test func aMissingOrStaleIndexSaysWhatToRun() throws {
        let path = try dataFile()
        do {
            _ = try YFCCSource(path: path)
            Issue.record("opened without an index")
        } catch {
            #expect(error.description.contains("album yfcc index"))
        }
        _ = try YFCCIndexBuilder(dataFile: path).build()
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(YFCCFixture.line(.init(id: 9, at: Self.place, url: "http://h/9.jpg")).utf8 + [10]))
        try handle.close()
        do {
            _ = try YFCCSource(path: path)
            Issue.record("opened a stale index")
        } catch {
            #expect(error.description.contains("changed since"))
        }
        #expect(throws: AlbumError.self) { try YFCCSource(path: folder.child("missing.tsv").path) }
    }
}
