import AlbumImaging
import Foundation
import Testing
import TestSupport

/// `album exif` says which tag each value came from, and a file with only ModifyDate is not
/// shown as "taken".
@Suite struct ExifProvenanceTests {
    let folder = TemporaryFolder("provenance")

    func write(_ builder: ExifBuilder, _ name: String) throws -> String {
        let url = folder.child(name)
        try Fixtures.jpeg(exif: builder).write(to: url)
        return url.path
    }

    @Test func eachDateTagIsNamedAsExiftoolNamesIt() throws {
        var original = ExifBuilder.camera()
        var created = ExifBuilder.camera()
        created.setExif(0x9003, nil)
        created.setExif(0x9011, nil)
        created.setExif(0x9004, .ascii("2008:10:22 16:30:00"))
        created.setExif(0x9012, .ascii("+02:00"))
        var modified = ExifBuilder.camera()
        modified.setExif(0x9003, nil)
        modified.setExif(0x9011, nil)
        let cases: [(ExifBuilder, ExifInfo.DateSource, String?, Bool)] = [
            (original, .dateTimeOriginal, "OffsetTimeOriginal", true), (created, .dateTimeDigitized, "OffsetTimeDigitized", true),
            (modified, .dateTime, nil, false),
        ]
        for (builder, source, offsetTag, capture) in cases {
            let info = try ExifReader().read(data: Fixtures.jpeg(exif: builder))
            #expect(info.takenAtSource == source)
            #expect(info.offsetSource == offsetTag)
            #expect(info.coordinateSource == "GPS")
            #expect(info.takenAtSource?.isCaptureTime == capture)
        }
        #expect(ExifInfo.DateSource.dateTimeDigitized.tagName == "CreateDate")
        #expect(ExifInfo.DateSource.dateTime.tagName == "ModifyDate")
        original.setGPS(0x0002, nil)
        original.setGPS(0x0004, nil)
        #expect(try ExifReader().read(data: Fixtures.jpeg(exif: original)).coordinateSource == nil)
    }

    @Test func theCommandNamesTheTagsAndMarksModifyDate() throws {
        var modified = ExifBuilder.camera()
        modified.setExif(0x9003, nil)
        modified.setExif(0x9011, nil)
        let camera = try write(.camera(), "camera.jpg")
        let onlyModified = try write(modified, "modified.jpg")
        let run = try AlbumProcess.run(["exif", camera, onlyModified])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("\(camera)  taken 2008-10-22T16:29:49+02:00 (DateTimeOriginal, OffsetTimeOriginal)  at 43.467"), "\(lines[0])")
        #expect(lines[0].contains(" (GPS)  "))
        #expect(lines[1].hasPrefix("\(onlyModified)  modified 2008-10-23T10:00:00 (ModifyDate, no offset: no capture date in the file)  at "), "\(lines[1])")
        #expect(!lines[1].contains("taken"))

        let json = try #require(try AlbumProcess.run(["exif", "--json", camera, onlyModified]).json() as? [[String: Any]])
        #expect(json[0]["takenAtTag"] as? String == "DateTimeOriginal")
        #expect(json[0]["offsetTag"] as? String == "OffsetTimeOriginal")
        #expect(json[0]["positionTag"] as? String == "GPS")
        #expect(json[0]["takenAtIsCaptureTime"] as? Bool == true)
        #expect(json[1]["takenAtTag"] as? String == "ModifyDate")
        #expect(json[1]["takenAtIsCaptureTime"] as? Bool == false)
        #expect(json[1]["offsetTag"] is NSNull)
    }
}
