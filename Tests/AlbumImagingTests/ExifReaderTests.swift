import AlbumModel
import Foundation
import Testing
import TestSupport
@testable import AlbumImaging

@Suite struct ExifReaderTests {
    let reader = ExifReader()

    func read(_ builder: ExifBuilder) throws -> ExifInfo {
        try reader.read(data: Fixtures.jpeg(exif: builder))
    }

    @Test(arguments: [false, true])
    func readsACameraFileInEitherByteOrder(bigEndian: Bool) throws {
        let info = try read(.camera(bigEndian: bigEndian))
        #expect(info.takenAt == "2008-10-22T16:29:49+02:00")
        #expect(info.offset == "+02:00")
        #expect(info.takenAtSource == .dateTimeOriginal)
        let c = try #require(info.coordinate)
        #expect(abs(c.latitude - (43 + 28 / 60.0 + 2.81 / 3600)) < 1e-9)
        #expect(abs(c.longitude - (11 + 53 / 60.0 + 6.45 / 3600)) < 1e-9)
        #expect(info.altitude == 234.5)
        #expect(info.gpsTimestamp == "2008-10-22T14:29:49Z")
        #expect(info.orientation == 6)
        #expect(info.make == "NIKON")
        #expect(info.model == "COOLPIX P6000")
        #expect(info.width == 40 && info.height == 30)
        #expect(info.problems.isEmpty)
    }

    @Test func southAndWestAreNegative() throws {
        var b = ExifBuilder.camera(bigEndian: true)
        b.setGPS(0x0001, .ascii("S"))
        b.setGPS(0x0003, .ascii("W"))
        b.setGPS(0x0005, .byte([1]))
        let info = try read(b)
        let c = try #require(info.coordinate)
        #expect(c.latitude < -43.46 && c.latitude > -43.47)
        #expect(c.longitude < -11.88 && c.longitude > -11.89)
        #expect(info.altitude == -234.5)
    }

    @Test(arguments: [(UInt16(0x0001), "GPSLatitudeRef is missing"), (0x0003, "GPSLongitudeRef is missing")])
    func aMissingRefLeavesThePlaceAbsent(tag: UInt16, problem: String) throws {
        var b = ExifBuilder.camera()
        b.setGPS(tag, nil)
        let info = try read(b)
        #expect(info.coordinate == nil)
        #expect(info.problems.contains(problem))
        #expect(info.takenAt != nil)
    }

    @Test func aZeroDenominatorLeavesThePlaceAbsent() throws {
        var b = ExifBuilder.camera()
        b.setGPS(0x0004, .rational([(11, 1), (53, 0), (645, 100)]))
        let info = try read(b)
        #expect(info.coordinate == nil)
        #expect(info.problems.contains("GPSLongitude has a zero denominator"))
    }

    @Test func aZeroAltitudeDenominatorLeavesOnlyTheAltitudeAbsent() throws {
        var b = ExifBuilder.camera()
        b.setGPS(0x0006, .rational([(100, 0)]))
        let info = try read(b)
        #expect(info.altitude == nil)
        #expect(info.coordinate != nil)
        #expect(info.problems.contains("GPSAltitude has a zero denominator"))
    }

    @Test func anOutOfRangeLatitudeIsAbsent() throws {
        var b = ExifBuilder.camera()
        b.setGPS(0x0002, .rational([(91, 1), (0, 1), (0, 1)]))
        let info = try read(b)
        #expect(info.coordinate == nil)
        #expect(info.problems.contains { $0.hasPrefix("GPSLatitude 91.0 is out of range") })
    }

    @Test func negativeOffsetsAndTheDigitizedFallback() throws {
        var b = ExifBuilder.camera()
        b.exif = [(0x9004, .ascii("2019:12:31 23:59:59")), (0x9012, .ascii("-05:30"))]
        let info = try read(b)
        #expect(info.takenAt == "2019-12-31T23:59:59-05:30")
        #expect(info.offset == "-05:30")
        #expect(info.takenAtSource == .dateTimeDigitized)
    }

    @Test func dateTimeIsTheLastFallbackWithItsOwnOffset() throws {
        var b = ExifBuilder.camera()
        b.exif = [(0x9011, .ascii("+09:00"))]  // an offset for a date that is not there
        b.setIFD0(0x9010, .ascii("+01:00"))
        let info = try read(b)
        #expect(info.takenAt == "2008-10-23T10:00:00+01:00")
        #expect(info.takenAtSource == .dateTime)
    }

    @Test(arguments: ["0000:00:00 00:00:00", "    :  :     :  :  ", "2008:13:01 10:00:00", "2008:02:30 10:00:00", "yesterday"])
    func aDateThatIsNoDateIsAbsent(text: String) throws {
        var b = ExifBuilder.camera()
        b.ifd0.removeAll { $0.0 == 0x0132 }
        b.exif = [(0x9003, .ascii(text))]
        let info = try read(b)
        #expect(info.takenAt == nil)
        #expect(info.offset == nil)
        #expect(info.problems.contains { $0.hasPrefix("DateTimeOriginal '") && $0.hasSuffix("' is not a date") })
    }

    @Test func aMalformedOffsetIsDroppedButTheDateKept() throws {
        var b = ExifBuilder.camera()
        b.setExif(0x9011, .ascii("+2:00"))
        let info = try read(b)
        #expect(info.takenAt == "2008-10-22T16:29:49")
        #expect(info.offset == nil)
        #expect(info.problems.contains("DateTimeOriginal offset '+2:00' is not an offset"))
    }

    @Test(arguments: [0, 9, 300])
    func anOrientationOutside1To8IsAbsent(value: UInt16) throws {
        var b = ExifBuilder.camera()
        b.setIFD0(0x0112, .short([value]))
        let info = try read(b)
        #expect(info.orientation == nil)
        #expect(info.problems.contains("Orientation \(value) is not 1...8"))
    }

    @Test func aFileWithoutExifHasOnlyItsSize() throws {
        let info = try reader.read(data: Fixtures.jpeg(Fixtures.solid(width: 33, height: 17, [1, 2, 3])))
        #expect(info == ExifInfo(width: 33, height: 17, problems: ["no EXIF block"]))
    }

    @Test(arguments: [
        Array("Exif".utf8) + [0, 0] + Array(repeating: 0xAB, count: 64),  // no TIFF header
        Array("Exif".utf8) + [0, 0, 0x49, 0x49, 42, 0, 0xF0, 0xFF, 0, 0],  // IFD0 offset past the end
        Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0xFF, 0xFF],  // 65535 entries, no room
    ])
    func aCorruptExifBlockIsReportedNotFatal(payload: [UInt8]) throws {
        let data = try Fixtures.jpeg(Fixtures.solid(width: 8, height: 8, [9, 9, 9]), exif: ExifBuilder.app1(payload))
        let info = try reader.read(data: data)
        #expect(info.takenAt == nil && info.coordinate == nil && info.orientation == nil && info.make == nil)
        #expect(info.problems.contains("EXIF block is corrupt (no readable entries)"))
        #expect(info.width == 8)
    }

    @Test func aTruncatedExifBlockKeepsWhatItCanAndSaysSo() throws {
        let full = [UInt8](try Fixtures.jpeg(exif: .camera()))
        // Cut inside the value area: the last values (GPS date and time stamps) are lost,
        // everything before them is still read correctly.
        let payload = ExifBuilder.camera().segment
        let cut = Data(full.prefix(2 + payload.count - 30))
        let info = try reader.read(data: cut)
        #expect(info.problems.contains("EXIF block is truncated (\(payload.count - 34) of \(payload.count - 4) bytes)"))
        #expect(info.make == "NIKON")
        #expect(info.gpsTimestamp == nil)
        #expect(info.coordinate == (try read(.camera())).coordinate)
    }

    @Test func aWronglyTypedExifPointerIsNotFollowed() throws {
        var b = ExifBuilder.camera()
        b.gps = []
        let good = b.payload
        // Retype IFD0's ExifOffset entry (LONG) as ASCII, as in exif-samples 30-type_error.jpg.
        var bad = good
        let entry = try #require((6..<bad.count - 2).first { bad[$0] == 0x69 && bad[$0 + 1] == 0x87 })
        bad[entry + 2] = 2
        let info = try reader.read(data: Fixtures.jpeg(Fixtures.solid(width: 8, height: 8, [0, 0, 0]), exif: ExifBuilder.app1(bad)))
        #expect(info.takenAtSource == .dateTime)
        #expect(info.problems.contains { $0.hasPrefix("ExifOffset pointer has type 2") })
        #expect(try reader.read(data: Fixtures.jpeg(Fixtures.solid(width: 8, height: 8, [0, 0, 0]), exif: ExifBuilder.app1(good))).takenAtSource == .dateTimeOriginal)
    }

    @Test func xmpDateTimeOriginalIsUsedWhenExifHasNone() throws {
        let xmp = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
            + Array(#"<x:xmpmeta><rdf:Description exif:DateTimeOriginal="2013-07-05T03:18:27Z"/></x:xmpmeta>"#.utf8)
        let segment = ExifBuilder.app1(xmp)
        let info = try reader.read(data: Fixtures.jpeg(Fixtures.solid(width: 8, height: 8, [0, 0, 0]), exif: segment))
        #expect(info.takenAt == "2013-07-05T03:18:27+00:00")
        #expect(info.takenAtSource == .xmpDateTimeOriginal)
    }

    @Test func xmpOrientationIsUsedWhenExifHasNone() throws {
        let xmp = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
            + Array("<x:xmpmeta><rdf:Description><tiff:Orientation>8</tiff:Orientation></rdf:Description></x:xmpmeta>".utf8)
        let image = Fixtures.solid(width: 8, height: 8, [0, 0, 0])
        #expect(try reader.read(data: Fixtures.jpeg(image, exif: ExifBuilder.app1(xmp))).orientation == 8)
        // EXIF's own orientation wins over XMP's.
        var exif = ExifBuilder()
        exif.ifd0 = [(0x0112, .short([3]))]
        let both = try Fixtures.jpeg(image, exif: exif.segment + ExifBuilder.app1(xmp))
        #expect(try reader.read(data: both).orientation == 3)
    }

    @Test func notAJPEGSaysWhatItIs() throws {
        #expect(throws: AlbumError.invalidInput("not a JPEG (starts with PNG signature)")) { try reader.read(data: Fixtures.png) }
        #expect(throws: AlbumError.invalidInput("not a JPEG (empty file)")) { try reader.read(data: Data()) }
        #expect(throws: AlbumError.invalidInput("not a JPEG (starts with text that looks like HTML or XML)")) {
            try reader.read(data: Data("<!DOCTYPE html><html>".utf8))
        }
    }

    @Test func fileErrorsNameTheFile() throws {
        let folder = TemporaryFolder()
        let text = folder.child("notes.jpg"), empty = folder.child("empty.jpg"), missing = folder.child("missing.jpg")
        try Data("just some words".utf8).write(to: text)
        try Data().write(to: empty)
        #expect(throws: AlbumError.invalidInput("\(text.path): not a JPEG (starts with text)")) { try reader.read(fileAt: text) }
        #expect(throws: AlbumError.invalidInput("\(empty.path): not a JPEG (empty file)")) { try reader.read(fileAt: empty) }
        #expect(throws: AlbumError.io("\(missing.path): cannot open: No such file or directory")) { try reader.read(fileAt: missing) }
    }

    @Test func readsAFileTheSameAsItsData() throws {
        let folder = TemporaryFolder()
        let url = folder.child("camera.jpg")
        let data = try Fixtures.jpeg(exif: .camera(bigEndian: true))
        try data.write(to: url)
        #expect(try reader.read(fileAt: url) == reader.read(data: data))
    }

    @Test func readsOnlyTheHeaderNotTheImageData() throws {
        let image = try Fixtures.jpeg(Fixtures.noise(width: 600, height: 400), exif: ExifBuilder.camera().segment)
        let source = CountingSource(MemoryBytes(data: image))
        let info = try reader.read(source)
        #expect(info.coordinate != nil)
        let headerEnd = try #require(image.indices.first { image[$0] == 0xFF && image[$0 + 1] == 0xDA })
        #expect(source.highest <= headerEnd + 4, "read up to byte \(source.highest) of \(image.count); image data starts at \(headerEnd)")
        #expect(image.count > 10 * headerEnd)
    }
}

/// Records how far into the data a reader asked.
final class CountingSource: ByteSource {
    let base: MemoryBytes
    var highest = 0
    init(_ base: MemoryBytes) { self.base = base }
    func bytes(at offset: Int, count: Int) -> ArraySlice<UInt8> {
        let slice = base.bytes(at: offset, count: count)
        highest = max(highest, offset + slice.count)
        return slice
    }
}
