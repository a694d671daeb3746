import AlbumModel
import Foundation
import Testing
import TestSupport
@testable import AlbumImaging

/// Issue 10, item 12: EXIF as cameras and phones really write it: types other than the
/// standard's, counts larger than needed, tags out of order, read as exiftool reads them
/// (each case's expected values are exiftool 12.57's `-n` answers for the same bytes).
@Suite struct ExifTypeToleranceTests {
    let reader = ExifReader()

    /// The cases, by name; `ALBUM_DUMP_EXIF_CASES=DIR` writes each as DIR/<name>.jpg to check with exiftool.
    static func cases(bigEndian: Bool) -> [(String, ExifBuilder)] {
        var list: [(String, ExifBuilder)] = []
        var b = ExifBuilder.camera(bigEndian: bigEndian)
        b.setGPS(0x0002, .srational([(43, 1), (28, 1), (281, 100)]))
        b.setGPS(0x0004, .srational([(11, 1), (53, 1), (645, 100)]))
        b.setGPS(0x0006, .srational([(-125, 10)]))
        list.append(("signed-rationals", b))

        b = ExifBuilder.camera(bigEndian: bigEndian)
        b.setIFD0(0x0112, .long([6]))
        b.setExif(0xA002, .short([4000]))
        b.setExif(0xA003, .long([3000]))
        list.append(("long-orientation-short-width", b))

        b = ExifBuilder.camera(bigEndian: bigEndian)
        b.setIFD0(0x010F, .raw(type: 7, count: 6, bytes: Array("NIKON".utf8) + [0]))
        b.setIFD0(0x0110, .raw(type: 7, count: 16, bytes: Array("COOLPIX P6000".utf8) + [0, 0x20, 0x20]))
        b.setExif(0x9003, .raw(type: 7, count: 20, bytes: Array("2008:10:22 16:29:49".utf8) + [0]))
        b.setGPS(0x0001, .raw(type: 7, count: 2, bytes: Array("N".utf8) + [0]))
        list.append(("undefined-text", b))

        b = ExifBuilder.camera(bigEndian: bigEndian)
        b.setGPS(0x0001, .raw(type: 2, count: 4, bytes: Array("N".utf8) + [0, 0, 0]))
        b.setGPS(0x0002, .rational([(43, 1), (28, 1), (281, 100), (0, 1)]))
        b.setGPS(0x0007, .rational([(14, 1), (29, 1), (49, 1), (0, 1)]))
        b.setExif(0x9003, .raw(type: 2, count: 32, bytes: Array("2008:10:22 16:29:49".utf8) + Array(repeating: 0, count: 13)))
        list.append(("long-counts", b))

        b = ExifBuilder.camera(bigEndian: bigEndian)
        b.sortedTags = false
        b.ifd0.reverse()
        b.gps.reverse()
        list.append(("out-of-order", b))

        b = ExifBuilder.camera(bigEndian: bigEndian)
        b.setGPS(0x0002, .rational([(43, 1), (28, 1)]))
        b.setGPS(0x0004, .short([11, 53, 6]))
        list.append(("short-counts-and-integers", b))
        return list
    }

    @Test(arguments: [false, true])
    func everyVariantReadsLikeTheStandardOne(bigEndian: Bool) throws {
        let standard = try reader.read(data: Fixtures.jpeg(exif: .camera(bigEndian: bigEndian)))
        let dump = ProcessInfo.processInfo.environment["ALBUM_DUMP_EXIF_CASES"]
        for (name, builder) in Self.cases(bigEndian: bigEndian) {
            let data = try Fixtures.jpeg(exif: builder)
            if let dump {
                try data.write(to: URL(fileURLWithPath: "\(dump)/\(name)-\(bigEndian ? "mm" : "ii").jpg"))
            }
            let info = try reader.read(data: data)
            let c = try #require(info.coordinate, "\(name): \(info.problems)")
            #expect(info.takenAt == standard.takenAt, "\(name)")
            #expect(info.make == "NIKON" && info.model == "COOLPIX P6000", "\(name): \(info)")
            #expect(info.orientation == 6, "\(name)")
            switch name {
            case "signed-rationals":
                #expect(abs(c.latitude - standard.coordinate!.latitude) < 1e-9 && abs(c.longitude - standard.coordinate!.longitude) < 1e-9)
                #expect(info.altitude == -12.5)
            case "long-orientation-short-width":
                #expect(info.width == 40 && info.height == 30, "the frame's size wins over the tags")
            case "short-counts-and-integers":
                #expect(abs(c.latitude - (43 + 28 / 60.0)) < 1e-9)
                #expect(abs(c.longitude - (11 + 53 / 60.0 + 6 / 3600.0)) < 1e-9)
            default:
                #expect(c == standard.coordinate, "\(name)")
                #expect(info.altitude == standard.altitude && info.gpsTimestamp == standard.gpsTimestamp, "\(name)")
            }
        }
    }

    @Test func aNegativeSignedLatitudeWithASouthRefIsReadAsExiftoolReadsIt() throws {
        var b = ExifBuilder.camera()
        b.setGPS(0x0001, .ascii("N"))
        b.setGPS(0x0002, .srational([(-33, 1), (51, 1), (0, 1)]))
        let info = try reader.read(data: Fixtures.jpeg(exif: b))
        // exiftool: -33 + 51/60 = -32.15, the ref N keeps it.
        #expect(abs((info.coordinate?.latitude ?? 0) - (-33 + 51 / 60.0)) < 1e-9, "\(info.problems)")
    }

    @Test func nullIslandIsNoFix() throws {
        var b = ExifBuilder.camera()
        b.setGPS(0x0002, .rational([(0, 1), (0, 1), (0, 1)]))
        b.setGPS(0x0004, .rational([(0, 1), (0, 1), (0, 1)]))
        let info = try reader.read(data: Fixtures.jpeg(exif: b))
        #expect(info.coordinate == nil)
        #expect(info.problems.contains("GPS position is 0, 0 (no fix)"), "\(info.problems)")
        #expect(info.takenAt != nil, "the rest of the file is still read")
    }
}
