import Foundation
import Testing
import TestSupport

@Suite struct PhotosJSONTests {
    @Test func importedPhotosShowTheirCameraFields() throws {
        let folder = TemporaryFolder("photos-json")
        let library = folder.child("lib").path
        let photosFolder = Fixtures.bundle.appendingPathComponent("photos").path
        #expect(try AlbumProcess.run(["import", photosFolder, "--radius-km", "3", "--library", library]).status == 0)
        let pins = try #require(try AlbumProcess.run(["pin", "list", "--json", "--library", library]).json() as? [[String: Any]])
        #expect(pins.count == 4, "four places 3 km wide")
        let nairobi = try #require(pins.first { ($0["latitude"] as? Double ?? 0) < 0 && ($0["longitude"] as? Double ?? 0) > 30 })
        let photos = try #require(
            try AlbumProcess.run(["photos", "\(nairobi["id"] as? Int ?? 0)", "--json", "--library", library]).json() as? [[String: Any]])
        #expect(photos.count == 7)
        for photo in photos {
            #expect(photo["source"] as? String == "import")
            #expect(photo["make"] as? String == "FUJIFILM")
            #expect(photo["model"] as? String == "X-T4")
            #expect(photo["orientation"] as? Int == 1)
            #expect((photo["altitude"] as? Double ?? 0) > 500, "Nairobi is high")
            #expect((photo["takenAt"] as? String)?.hasSuffix("+03:00") == true)
        }
    }
}
