import Foundation
import Testing
import TestSupport

/// `album import` of HEIC files as phones write them: EXIF with GPS, the capture time with its
/// offset, the camera, and a small thumbnail image inside.
@Suite struct HEICImportTests {
    let folder = TemporaryFolder("heic-import")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library])
    }

    @Test func anIPhoneStyleHEICWithGPSImportsIntoTheRightPin() throws {
        #expect(try album(["pin", "add", "--lat", "-33.856784", "--lon", "151.215297", "--title", "Sydney"]).status == 0)
        #expect(try album(["pin", "add", "--lat", "48.856613", "--lon", "2.352222", "--title", "Paris"]).status == 0)
        let photos = folder.child("phone")
        let iphone = GeoPhoto(
            latitude: 48.857102, longitude: 2.353211, takenAt: "2024:06:14 09:43:19", offset: "+02:00",
            make: "Apple", model: "iPhone 15 Pro", tag: "IMG_0001")
        try HEICFile.make(fromJPEGData: iphone.jpeg, to: photos.appendingPathComponent("IMG_0001.HEIC"), thumbnail: 160)
        // An ISO-BMFF file that is not a HEIF image (an MP4's ftyp box) is skipped with its reason.
        try Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8)).write(to: photos.appendingPathComponent("clip.mp4"))

        let run = try album(["import", photos.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["imported"] as? Int == 1)
        let pins = try #require(report["pins"] as? [[String: Any]])
        #expect(pins.count == 1)
        #expect(pins.first?["id"] as? Int == 2)
        #expect(pins.first?["created"] as? Bool == false)
        #expect(pins.first?["from"] as? String == "2024-06-14T09:43:19+02:00")
        let skipped = try #require(report["skipped"] as? [[String: Any]])
        #expect(skipped.count == 1)
        #expect((skipped.first?["reason"] as? String)?.contains("not a HEIF image") == true, "\(skipped)")

        let album = try #require(try self.album(["photos", "2", "--json"]).json() as? [[String: Any]])
        #expect(album.count == 1)
        let photo = try #require(album.first)
        #expect(photo["make"] as? String == "Apple")
        #expect(photo["model"] as? String == "iPhone 15 Pro")
        #expect(photo["takenAt"] as? String == "2024-06-14T09:43:19+02:00")
        #expect(photo["width"] as? Int == 320 && photo["height"] as? Int == 240)
        #expect((photo["file"] as? String)?.hasSuffix("/IMG_0001.HEIC") == true)
        let thumbnail = try #require(photo["thumbnail"] as? String)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: thumbnail)).prefix(3))
        #expect(bytes == [0xFF, 0xD8, 0xFF], "the thumbnail of a HEIC is a JPEG")
        #expect((try self.album(["photos", "1", "--json"]).json() as? [Any])?.isEmpty == true, "Sydney got nothing")

        // Again: nothing new, nothing doubled.
        let again = try #require(try self.album(["import", photos.path, "--json"]).json() as? [String: Any])
        #expect(again["imported"] as? Int == 0 && again["alreadyImported"] as? Int == 1)
    }

    @Test func importCopyStoresTheHEICBytesThemselves() throws {
        let photos = folder.child("copy")
        try HEICFile.make(
            fromJPEGData: GeoPhoto(latitude: 35.0116, longitude: 135.7681, takenAt: "2024:04:02 10:00:00", tag: "k").jpeg,
            to: photos.appendingPathComponent("kyoto.heic"))
        let run = try album(["import", photos.path, "--copy"])
        #expect(run.status == 0, "\(run.stderr)")
        let photo = try #require((try album(["photos", "1", "--json"]).json() as? [[String: Any]])?.first)
        let file = try #require(photo["file"] as? String)
        #expect(file.hasPrefix(library + "/originals/"))
        let head = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)).prefix(12))
        #expect(Array(head[4..<8]) == Array("ftyp".utf8), "the copied original is the HEIC itself")
    }
}
