import AlbumModel
import Foundation
import Testing
import TestSupport
@testable import AlbumImaging

/// Keywords from IPTC-IIM (APP13) beside XMP `dc:subject`, decoded by the record's character set.
@Suite struct KeywordTests {
    let reader = XMPKeywordReader()

    func photo(_ keywords: [String], utf8: Bool) -> Data {
        var photo = GeoPhoto(takenAt: "2024:06:14 10:00:00", tag: "keywords \(keywords)")
        photo.iptcKeywords = keywords
        photo.iptcUTF8 = utf8
        return photo.jpeg
    }

    @Test func iptcKeywordsInUTF8AreRead() throws {
        #expect(try reader.keywords(data: photo(["Zürich", "café au lait", "東京"], utf8: true)) == ["Zürich", "café au lait", "東京"])
    }

    @Test func iptcKeywordsWithoutACharacterSetAreLatin1() throws {
        // The same words, one byte per letter: "Z\u{FC}rich" as ISO 8859-1 writes it.
        #expect(try reader.keywords(data: photo(["Zürich", "crème brûlée"], utf8: false)) == ["Zürich", "crème brûlée"])
    }

    @Test func aPhotoWithoutKeywordsHasNone() throws {
        #expect(try reader.keywords(data: photo([], utf8: true)) == [])
    }

    @Test func truncatedResourcesKeepWhatWasReadBefore() {
        let good: [UInt8] = [0x1C, 2, 25, 0, 3] + Array("sea".utf8)
        let cut: [UInt8] = [0x1C, 2, 25, 0, 40] + Array("sky".utf8)
        var block = Array("8BIM".utf8) + [0x04, 0x04, 0, 0] + [0, 0, 0, UInt8(good.count + cut.count)] + good + cut
        #expect(IPTCKeywords.keywords(inResources: block) == ["sea"])
        block.removeLast(6)  // the block's size now runs past the end: nothing is trusted
        #expect(IPTCKeywords.keywords(inResources: block) == [])
    }

    /// BlueSquare.jpg (Photoshop CS2) holds the same keywords in XMP and IPTC-IIM: exiftool
    /// reads `XMP, Blue Square, test file, Photoshop, .jpg` from each; they are listed once.
    @Test(.enabled(if: CorpusTests.present)) func theCorpusFileWithIPTCAgreesWithExiftool() throws {
        let file = CorpusTests.corpus.appendingPathComponent("jpg/xmp/BlueSquare.jpg")
        let expected = ["XMP", "Blue Square", "test file", "Photoshop", ".jpg"]
        #expect(try reader.keywords(filePath: file.path) == expected)
        let data = try Data(contentsOf: file)
        let header = try JPEGHeader.scan(MemoryBytes(data: data))
        let resources = header.photoshop.flatMap { Array(data[$0.offset..<$0.offset + $0.length]) }
        #expect(IPTCKeywords.keywords(inResources: resources) == expected)
    }
}
