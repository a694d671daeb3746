import AlbumImaging
import AlbumModel
import Foundation
import Testing
import TestSupport

/// HEIC files made here with `heif-enc` from JPEGs with EXIF, read by the same EXIF reader and
/// thumbnailed through libheif.
@Suite struct HEIFTests {
    let folder = TemporaryFolder("heif")

    /// A 1200×800 marked image with the camera EXIF (orientation 6), as JPEG and as HEIC with a
    /// 320-pixel thumbnail image inside.
    func pair(name: String = "camera", thumbnail: Int? = 320) throws -> (jpeg: URL, heic: URL) {
        var exif = ExifBuilder.camera()
        exif.setGPS(0x0001, .ascii("S"))
        let jpeg = folder.child("\(name).jpg"), heic = folder.child("\(name).heic")
        try Fixtures.jpeg(Fixtures.markedImage(width: 1200, height: 800), exif: exif.segment).write(to: jpeg)
        try HEICFile.make(from: jpeg, to: heic, thumbnail: thumbnail)
        return (jpeg, heic)
    }

    @Test func theEXIFOfAHEICIsReadLikeTheJPEGsItWasMadeFrom() throws {
        let (jpeg, heic) = try pair()
        let fromJPEG = try ExifReader().read(fileAt: jpeg)
        let fromHEIC = try ExifReader().read(fileAt: heic)
        #expect(fromHEIC.takenAt == "2008-10-22T16:29:49+02:00")
        #expect(fromHEIC.takenAt == fromJPEG.takenAt && fromHEIC.offset == fromJPEG.offset)
        #expect(fromHEIC.takenAtSource == fromJPEG.takenAtSource)
        #expect(fromHEIC.coordinate == fromJPEG.coordinate)
        #expect((fromHEIC.coordinate?.latitude ?? 0) < -43.46)
        #expect(fromHEIC.altitude == fromJPEG.altitude)
        #expect(fromHEIC.make == "NIKON" && fromHEIC.model == fromJPEG.model)
        #expect(fromHEIC.orientation == 6)
        #expect(fromHEIC.width == 1200 && fromHEIC.height == 800)
        #expect(fromHEIC.problems == fromJPEG.problems)
        // The same from memory.
        #expect(try ExifReader().read(data: Data(contentsOf: heic)) == fromHEIC)
    }

    @Test(arguments: [320, nil] as [Int?])
    func aHEICThumbnailIsAnUprightJPEGFromLibheif(embeddedThumbnail: Int?) throws {
        let (_, heic) = try pair(name: "t\(embeddedThumbnail ?? 0)", thumbnail: embeddedThumbnail)
        let thumbnail = try Thumbnailer(longEdge: 256).thumbnail(fileAt: heic)
        #expect(thumbnail.width == 256 && thumbnail.height == 171)
        // libheif applies the file's own rotation; EXIF Orientation 6 is not applied on top.
        let pixels = try JPEGCodec.decode(thumbnail.data)
        #expect(pixels.width == 256 && pixels.height == 171)
        let topLeft = pixels.pixel(x: 20, y: 15), topRight = pixels.pixel(x: 235, y: 15), middle = pixels.pixel(x: 128, y: 120)
        #expect(topLeft[0] > 180 && topLeft[1] < 80 && topLeft[2] < 80, "red corner: \(topLeft)")
        #expect(topRight[1] > 150 && topRight[0] < 80, "green corner: \(topRight)")
        #expect(abs(Int(middle[0]) - 128) < 20 && abs(Int(middle[2]) - 128) < 20, "grey middle: \(middle)")
        #expect(try Thumbnailer().imageInfo(of: Data(contentsOf: heic)).width == 1200)
    }

    @Test func theSameCapsAndErrorsAsJPEG() throws {
        let (_, heic) = try pair(name: "caps")
        let capped = #expect(throws: AlbumError.self) { try Thumbnailer(maxPixels: 500_000).thumbnail(fileAt: heic) }
        #expect(capped?.description == "\(heic.relativePath): image is 1200×800 pixels, over the cap of 500000 pixels")

        let truncated = folder.child("truncated.heic")
        try Data(contentsOf: heic).prefix(600).write(to: truncated)
        let exifError = #expect(throws: AlbumError.self) { try ExifReader().read(fileAt: truncated) }
        #expect(exifError?.description.hasPrefix("\(truncated.relativePath): ") == true, "\(String(describing: exifError))")
        let thumbError = #expect(throws: AlbumError.self) { try Thumbnailer().thumbnail(fileAt: truncated) }
        #expect(thumbError?.description.hasPrefix("\(truncated.relativePath): ") == true, "\(String(describing: thumbError))")
        #expect(thumbError?.description.contains("HEIF") == true, "\(String(describing: thumbError))")
    }

    @Test func heifIsRecognisedByItsBrandsNotByAnyFtypBox() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let brands = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
            let size = 8 + brands.count
            return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + brands + [0, 0, 0, 8] + Array("meta".utf8)
        }
        #expect(ImageKind.isHEIF(ftyp("heic", ["mif1", "heic"])))
        #expect(ImageKind.isHEIF(ftyp("mif1", ["heic"])))
        #expect(ImageKind.isHEIF(ftyp("XXXX", ["msf1"])))
        #expect(!ImageKind.isHEIF(ftyp("isom", ["isom", "iso2", "avc1", "mp41"])))
        #expect(!ImageKind.isHEIF([0xFF, 0xD8, 0xFF, 0xE0]))
    }

    @Test func exifAndThumbCommandsReadHEIC() throws {
        let (_, heic) = try pair(name: "cli")
        let exif = try AlbumProcess.run(["exif", heic.path])
        #expect(exif.status == 0, "\(exif.stderr)")
        #expect(exif.stdout.hasPrefix("\(heic.path)  taken 2008-10-22T16:29:49+02:00 (DateTimeOriginal, OffsetTimeOriginal)  at -43.46"), "\(exif.stdout)")
        #expect(exif.stdout.contains("NIKON COOLPIX P6000  1200×800"))
        let out = folder.child("thumbs")
        let thumb = try AlbumProcess.run(["thumb", folder.path, "--out", out.path])
        #expect(thumb.status == 0, "\(thumb.stderr)")
        #expect(thumb.stdout.contains("\(heic.path) → \(out.path)/cli.jpg  256×171"), "\(thumb.stdout)")
        #expect(ImageKind.isJPEG(try Data(contentsOf: out.appendingPathComponent("cli.jpg"))))
    }
}
