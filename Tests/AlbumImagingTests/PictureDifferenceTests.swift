import AlbumImaging
import Foundation
import Testing

/// Issue 29 part 3's second check (decision 0104): a copy of a picture — re-encoded, resized,
/// cropped by a few per cent — aligns with it and differs by little; a burst (the same frame,
/// people moved) does not.
@Suite struct PictureDifferenceTests {
    /// A fixture photo's pixels (320 × 240).
    static func photo(_ name: String) throws -> PixelImage {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try JPEGCodec.decode(Data(contentsOf: root.appendingPathComponent("fixtures/bundle/photos/\(name)")))
    }

    /// `image`'s region from `x0, y0` (fractions) of `fraction` of its size, resampled
    /// (bilinear) to `width` × `height`.
    static func crop(_ image: PixelImage, x0: Double, y0: Double, fraction: Double, width: Int, height: Int) -> PixelImage {
        let c = image.channels
        var pixels = [UInt8](repeating: 0, count: width * height * c)
        func at(_ x: Int, _ y: Int, _ k: Int) -> Double { Double(image.pixels[(y * image.width + x) * c + k]) }
        for y in 0..<height {
            let fy = max(0, min(Double(image.height) - 1.001, (y0 + fraction * (Double(y) + 0.5) / Double(height)) * Double(image.height) - 0.5))
            let y1 = Int(fy), wy = fy - Double(y1)
            for x in 0..<width {
                let fx = max(0, min(Double(image.width) - 1.001, (x0 + fraction * (Double(x) + 0.5) / Double(width)) * Double(image.width) - 0.5))
                let x1 = Int(fx), wx = fx - Double(x1)
                for k in 0..<c {
                    let top = at(x1, y1, k) * (1 - wx) + at(x1 + 1, y1, k) * wx
                    let bottom = at(x1, y1 + 1, k) * (1 - wx) + at(x1 + 1, y1 + 1, k) * wx
                    pixels[(y * width + x) * c + k] = UInt8(max(0, min(255, (top * (1 - wy) + bottom * wy).rounded())))
                }
            }
        }
        return PixelImage(width: width, height: height, channels: c, pixels: pixels)
    }

    /// `image` with two people — filled rectangles — at `x` and `x2` (fractions of the width).
    static func withPeople(_ image: PixelImage, at x: Double, _ x2: Double) -> PixelImage {
        var out = image
        for (left, colour) in [(x, [200, 30, 40]), (x2, [30, 40, 200])] {
            let x0 = Int(left * Double(image.width)), y0 = image.height / 2
            for y in y0..<min(image.height, y0 + image.height / 4) {
                for px in x0..<min(image.width, x0 + image.width / 20) {
                    for c in 0..<3 { out.pixels[(y * image.width + px) * image.channels + c] = UInt8(colour[c]) }
                }
            }
        }
        return out
    }

    @Test func copiesAreTheSamePicture() throws {
        let original = try Self.photo("paris-01.jpg")
        let reencoded = try JPEGCodec.decode(JPEGCodec.encode(original, quality: 60))
        #expect(PictureDifference.of(original, original) < 0.05)
        #expect(PictureDifference.of(original, reencoded) <= PictureDifference.limit)
        // Resized to 60 %, and cropped by 4 % (2 % a side) then brought back to 256 wide.
        let resized = Self.crop(original, x0: 0, y0: 0, fraction: 1, width: 192, height: 144)
        #expect(PictureDifference.of(original, resized) <= PictureDifference.limit)
        let cropped = Self.crop(original, x0: 0.02, y0: 0.02, fraction: 0.96, width: 256, height: 192)
        #expect(PictureDifference.of(original, cropped) <= PictureDifference.limit)
        #expect(PictureDifference.of(cropped, original) <= PictureDifference.limit)
        let offCentre = Self.crop(original, x0: 0.01, y0: 0.03, fraction: 0.96, width: 256, height: 192)
        #expect(PictureDifference.of(original, offCentre) <= PictureDifference.limit)
    }

    @Test func aBurstIsNot() throws {
        let scene = try Self.photo("paris-01.jpg")
        // The same frame a moment later: the two people walked 6 % of the width.
        let first = Self.withPeople(scene, at: 0.30, 0.60)
        let later = Self.withPeople(scene, at: 0.36, 0.54)
        #expect(PictureDifference.of(first, later) > PictureDifference.limit)
        // Another picture altogether is far more different.
        #expect(PictureDifference.of(scene, try Self.photo("sydney-04.jpg")) > PictureDifference.limit)
    }
}
