import AlbumCards
import CGeoAlbumShim
import Foundation
import Testing

/// The card's PNG writer (the shim's `ga_png_encode_rgb24`, decision 0130-lead) read back by
/// libpng through cairo: the same pixels, whatever the size, content and level.
@Suite struct PNGWriterTests {
    /// cairo RGB24 pixels (0xXXRRGGBB, the unused byte set to show it is ignored) with `pad`
    /// bytes past each row: flat bands, gradients and noise, so Paeth's predictor picks each of
    /// its three neighbours somewhere.
    static func pixels(width: Int, height: Int, pad: Int, seed: UInt64) -> (words: [UInt8], stride: Int, rgb: [UInt8]) {
        let stride = width * 4 + pad
        var words = [UInt8](repeating: 0xEE, count: stride * height), rgb: [UInt8] = []
        var state = seed
        func random() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b): (UInt8, UInt8, UInt8) =
                    switch (y / 5) % 4 {
                    case 0: (0xF6, 0xF3, 0xEC)
                    case 1: (UInt8(truncatingIfNeeded: x * 3), UInt8(truncatingIfNeeded: y * 7), UInt8(truncatingIfNeeded: x + y))
                    case 2: (random(), random(), random())
                    default: (UInt8(truncatingIfNeeded: x * y), 0x40, UInt8(truncatingIfNeeded: 255 - x))
                    }
                let at = y * stride + x * 4  // little-endian 0xXXRRGGBB: B, G, R, X
                words[at] = b
                words[at + 1] = g
                words[at + 2] = r
                words[at + 3] = random()
                rgb += [r, g, b]
            }
        }
        return (words, stride, rgb)
    }

    static func encode(_ words: [UInt8], width: Int, height: Int, stride: Int, level: Int32) -> (Int32, Data?) {
        // zlib is loaded before the writer's first call, as `CairoCanvas.png` does.
        guard ga_zlib_load(nil) == nil else { return (-100, nil) }
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = words.withUnsafeBufferPointer {
            ga_png_encode_rgb24($0.baseAddress, Int32(width), Int32(height), Int32(stride), level, &bytes, &length)
        }
        return (status, bytes.map { Data(bytesNoCopy: $0, count: length, deallocator: .free) })
    }

    @Test(arguments: [(1, 1, 0, Int32(1)), (3, 2, 4, 2), (64, 40, 0, 2), (257, 31, 12, 6), (1080, 20, 0, 9)])
    func libpngReadsBackTheSamePixels(width: Int, height: Int, pad: Int, level: Int32) throws {
        let (words, stride, rgb) = Self.pixels(width: width, height: height, pad: pad, seed: UInt64(width * 31 + height))
        let (status, png) = Self.encode(words, width: width, height: height, stride: stride, level: level)
        #expect(status == 0)
        let data = try #require(png)
        // 8-bit RGB, not interlaced, in the IHDR that follows the signature.
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(data[24..<29]) == [8, 2, 0, 0, 0])
        let image = try CairoPNG.decode(data)
        #expect(image.width == width && image.height == height)
        #expect(image.pixels == rgb)
    }

    @Test func aLowerLevelIsNotMuchLarger() throws {
        let (words, stride, _) = Self.pixels(width: 600, height: 200, pad: 0, seed: 7)
        let fast = try #require(Self.encode(words, width: 600, height: 200, stride: stride, level: 2).1)
        let small = try #require(Self.encode(words, width: 600, height: 200, stride: stride, level: 9).1)
        #expect(fast.count >= small.count && Double(fast.count) < Double(small.count) * 1.3, "\(fast.count) against \(small.count)")
    }

    @Test func argumentsOutOfRangeAreRefused() {
        let words = [UInt8](repeating: 0, count: 64)
        #expect(Self.encode(words, width: 0, height: 1, stride: 4, level: 2).0 == -2)
        #expect(Self.encode(words, width: 4, height: 1, stride: 15, level: 2).0 == -2)
        #expect(Self.encode(words, width: 4, height: 1, stride: 16, level: 0).0 == -2)
        #expect(Self.encode(words, width: 4, height: 1, stride: 16, level: 10).0 == -2)
        #expect(Self.encode(words, width: 65536, height: 65536, stride: 65536 * 4, level: 2).0 == -2, "more than zlib counts")
    }
}
