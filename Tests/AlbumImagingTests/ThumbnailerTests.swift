import AlbumModel
import Foundation
import Testing
import TestSupport
@testable import AlbumImaging

@Suite struct ThumbnailerTests {
    /// Which corner a colour is in.
    enum Corner: String, CustomStringConvertible {
        case topLeft, topRight, bottomLeft, bottomRight
        var description: String { rawValue }
    }

    /// Where the source's red (top-left) and green (top-right) corners must be displayed for each
    /// EXIF orientation, from the EXIF 2.32 definition of tag 0x0112 (not from our code).
    static let expectedCorners: [Int: (red: Corner, green: Corner)] = [
        1: (.topLeft, .topRight), 2: (.topRight, .topLeft), 3: (.bottomRight, .bottomLeft),
        4: (.bottomLeft, .bottomRight), 5: (.topLeft, .bottomLeft), 6: (.topRight, .bottomRight),
        7: (.bottomRight, .topRight), 8: (.bottomLeft, .topLeft),
    ]

    static func corner(_ image: PixelImage, _ corner: Corner) -> [Int] {
        let inset = 2
        let x = corner == .topLeft || corner == .bottomLeft ? inset : image.width - 1 - inset
        let y = corner == .topLeft || corner == .topRight ? inset : image.height - 1 - inset
        return image.pixel(x: x, y: y).map(Int.init)
    }

    static func isRed(_ p: [Int]) -> Bool { p[0] > 170 && p[1] < 90 && p[2] < 90 }
    static func isGreen(_ p: [Int]) -> Bool { p[0] < 90 && p[1] > 150 && p[2] < 90 }

    @Test(arguments: 1...8)
    func orientationIsAppliedToThePixels(orientation: Int) throws {
        var exif = ExifBuilder(bigEndian: orientation % 2 == 0)
        exif.ifd0 = [(0x0112, .short([UInt16(orientation)]))]
        let source = try Fixtures.jpeg(Fixtures.markedImage(width: 128, height: 64), exif: exif.segment)
        let thumbnail = try Thumbnailer(longEdge: 64).thumbnail(of: source)  // orientation read from EXIF
        let image = try JPEGCodec.decode(thumbnail.data)
        let rotated = orientation >= 5
        #expect(thumbnail.width == (rotated ? 32 : 64) && thumbnail.height == (rotated ? 64 : 32))
        #expect(image.width == thumbnail.width && image.height == thumbnail.height)
        let expected = try #require(Self.expectedCorners[orientation])
        #expect(Self.isRed(Self.corner(image, expected.red)), "red should be \(expected.red): \(Self.corner(image, expected.red))")
        #expect(Self.isGreen(Self.corner(image, expected.green)), "green should be \(expected.green)")
        let others = [Corner.topLeft, .topRight, .bottomLeft, .bottomRight].filter { $0 != expected.red && $0 != expected.green }
        for other in others { #expect(!Self.isRed(Self.corner(image, other)) && !Self.isGreen(Self.corner(image, other))) }
    }

    @Test func anExplicitOrientationOverridesTheFile() throws {
        let source = try Fixtures.jpeg(Fixtures.markedImage(width: 128, height: 64))
        let image = try JPEGCodec.decode(Thumbnailer(longEdge: 64).thumbnail(of: source, orientation: 6).data)
        #expect(image.width == 32 && image.height == 64)
        #expect(Self.isRed(Self.corner(image, .topRight)))
    }

    @Test(arguments: [(1200, 800, 256, 171), (800, 1200, 171, 256), (4000, 3000, 256, 192), (300, 20, 256, 17), (100, 50, 100, 50)])
    func theLongEdgeIsTheTargetAndSmallImagesAreNotEnlarged(width: Int, height: Int, thumbWidth: Int, thumbHeight: Int) throws {
        let source = try Fixtures.jpeg(Fixtures.solid(width: width, height: height, [200, 100, 50]))
        let thumbnail = try Thumbnailer().thumbnail(of: source)
        #expect(thumbnail.width == thumbWidth && thumbnail.height == thumbHeight)
        let image = try JPEGCodec.decode(thumbnail.data)
        #expect(image.width == thumbWidth && image.height == thumbHeight)
        let center = image.pixel(x: image.width / 2, y: image.height / 2).map(Int.init)
        #expect(abs(center[0] - 200) < 6 && abs(center[1] - 100) < 6 && abs(center[2] - 50) < 6, "\(center)")
        #expect(thumbnail.warnings.isEmpty)
    }

    @Test(arguments: [(4000, 256, 1), (1200, 256, 2), (2048, 256, 1), (2047, 256, 1), (300, 256, 7), (256, 256, 8), (100, 256, 8)])
    func decodesAtTheSmallestDCTScaleStillAtLeastTheTarget(long: Int, target: Int, eighths: Int) {
        #expect(Thumbnailer.dctScale(longSide: long, target: target) == eighths)
        if eighths > 1 { #expect((long * (eighths - 1) + 7) / 8 < target) }
        #expect((long * eighths + 7) / 8 >= min(target, long))
    }

    @Test func resamplingKeepsEdgesAndAverages() throws {
        // Left half black, right half white: the thumbnail keeps a sharp, centred edge.
        var pixels = [UInt8](repeating: 0, count: 1024 * 512 * 3)
        for y in 0..<512 { for x in 512..<1024 { let i = (y * 1024 + x) * 3; pixels[i..<i + 3] = [255, 255, 255] } }
        let source = try Fixtures.jpeg(PixelImage(width: 1024, height: 512, channels: 3, pixels: pixels))
        let image = try JPEGCodec.decode(Thumbnailer(longEdge: 200).thumbnail(of: source).data)
        #expect(image.width == 200 && image.height == 100)
        let row = (0..<200).map { Int(image.pixel(x: $0, y: 50)[0]) }
        #expect(row[..<95].allSatisfy { $0 < 20 }, "\(row)")
        #expect(row[105...].allSatisfy { $0 > 235 }, "\(row)")
        #expect(abs(row[99] + row[100] - 255) < 60, "the edge sits between columns 99 and 100: \(row[95..<105])")
    }

    @Test func grayscaleProgressiveAndCMYKGetThumbnails() throws {
        let gray = try Fixtures.jpeg(Fixtures.noise(width: 900, height: 600, channels: 1))
        let progressive = try Fixtures.jpeg(Fixtures.noise(width: 900, height: 600), progressive: true)
        // Pure red in Adobe's inverted CMYK: no cyan ink (255), full magenta and yellow (0), no black (255).
        let cmyk = try Fixtures.jpeg(Fixtures.solid(width: 900, height: 600, [255, 0, 0, 255]))
        #expect(try JPEGCodec.info(of: gray).components == 1)
        #expect(try JPEGCodec.info(of: progressive).isProgressive)
        #expect(try JPEGCodec.info(of: cmyk).components == 4)
        for source in [gray, progressive, cmyk] {
            let thumbnail = try Thumbnailer().thumbnail(of: source)
            #expect(thumbnail.width == 256 && thumbnail.height == 171)
            #expect(thumbnail.warnings.isEmpty)
        }
        let red = try JPEGCodec.decode(Thumbnailer().thumbnail(of: cmyk).data)
        let center = red.pixel(x: 128, y: 85).map(Int.init)
        #expect(center[0] > 235 && center[1] < 25 && center[2] < 25, "CMYK red became \(center)")
    }

    @Test func aTruncatedFileGetsAThumbnailAndAWarning() throws {
        let full = try Fixtures.jpeg(Fixtures.noise(width: 1024, height: 768))
        let truncated = full.prefix(full.count * 6 / 10)
        let thumbnail = try Thumbnailer().thumbnail(of: truncated)
        #expect(thumbnail.width == 256 && thumbnail.height == 192)
        #expect(thumbnail.warnings.count == 1)
        #expect(thumbnail.warnings.first?.contains("Premature end of JPEG file") == true, "\(thumbnail.warnings)")
        #expect(try Thumbnailer().thumbnail(of: full).warnings.isEmpty)
    }

    @Test func anUndecodableFileIsANamedErrorNotACrash() throws {
        let garbage = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x03, 0x01] + Array(repeating: 0x5A, count: 64))
        #expect {
            try Thumbnailer().thumbnail(of: garbage)
        } throws: { error in
            guard case AlbumError.invalidInput(let detail) = error else { return false }
            return detail.description.hasPrefix("undecodable JPEG: ")
        }
        // A JPEG cut right after its start: no frame header at all.
        let full = try Fixtures.jpeg(Fixtures.solid(width: 64, height: 64, [1, 2, 3]))
        #expect(throws: AlbumError.self) { try Thumbnailer().thumbnail(of: full.prefix(20)) }
    }

    @Test func aHugeDeclaredSizeIsRefusedBeforeDecoding() throws {
        let small = try Fixtures.jpeg(Fixtures.solid(width: 64, height: 64, [1, 2, 3]))
        let bomb = Fixtures.declaringSize(small, width: 60000, height: 60000)
        let message = "image is 60000×60000 pixels, over the cap of 100000000 pixels"
        #expect(throws: AlbumError.invalidInput(message)) { try Thumbnailer().imageInfo(of: bomb) }
        #expect(throws: AlbumError.invalidInput(message)) { try Thumbnailer().thumbnail(of: bomb) }
        #expect(throws: AlbumError.invalidInput("image is 64×64 pixels, over the cap of 4000 pixels")) {
            try Thumbnailer(maxPixels: 4000).thumbnail(of: small)
        }
        #expect(try Thumbnailer(maxPixels: 4096).thumbnail(of: small).width == 64)
    }

    @Test func notAJPEGSaysWhatItIs() throws {
        let folder = TemporaryFolder()
        let png = folder.child("photo.jpg"), text = folder.child("page.jpg"), empty = folder.child("empty.jpg")
        try Fixtures.png.write(to: png)
        try Data("<html><body>Not found</body></html>".utf8).write(to: text)
        try Data().write(to: empty)
        let thumbnailer = Thumbnailer()
        #expect(throws: AlbumError.invalidInput("\(png.path): not a JPEG (starts with PNG signature)")) {
            try thumbnailer.thumbnail(fileAt: png)
        }
        #expect(throws: AlbumError.invalidInput("\(text.path): not a JPEG (starts with text that looks like HTML or XML)")) {
            try thumbnailer.thumbnail(fileAt: text)
        }
        #expect(throws: AlbumError.invalidInput("\(empty.path): not a JPEG (empty file)")) { try thumbnailer.thumbnail(fileAt: empty) }
        #expect(throws: AlbumError.invalidInput("not a JPEG (starts with PNG signature)")) { try thumbnailer.imageInfo(of: Fixtures.png) }
    }

    @Test func writesTheThumbnailFile() throws {
        let folder = TemporaryFolder()
        let source = folder.child("big.jpg"), target = folder.child("small.jpg")
        try Fixtures.jpeg(Fixtures.noise(width: 640, height: 480)).write(to: source)
        let thumbnail = try Thumbnailer(longEdge: 100, quality: 70).writeThumbnail(ofFileAt: source, to: target)
        #expect(try Data(contentsOf: target) == thumbnail.data)
        #expect(try JPEGCodec.info(of: thumbnail.data) == ImageInfo(width: 100, height: 75, components: 3, isProgressive: false))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(leftovers == ["big.jpg", "small.jpg"])
    }
}
