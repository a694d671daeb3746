import AlbumImaging
import Foundation

/// Test images made in code with the project's own encoder, so every case is reproducible.
enum Fixtures {
    /// A `width` × `height` RGB image: mid grey, with the top-left corner red and the top-right
    /// corner green (each a quarter of the width and height), so any rotation or mirror is visible.
    static func markedImage(width: Int = 64, height: Int = 32) -> PixelImage {
        var pixels = [UInt8](repeating: 128, count: width * height * 3)
        for y in 0..<height / 4 {
            for x in 0..<width / 4 {
                let red = (y * width + x) * 3, green = (y * width + width - 1 - x) * 3
                pixels[red..<red + 3] = [230, 20, 20]
                pixels[green..<green + 3] = [20, 200, 20]
            }
        }
        return PixelImage(width: width, height: height, channels: 3, pixels: pixels)
    }

    /// A noisy image (so the JPEG is large and its entropy data is spread through the file).
    static func noise(width: Int, height: Int, channels: Int = 3, seed: UInt64 = 7) -> PixelImage {
        var state = seed
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        for i in pixels.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            pixels[i] = UInt8(truncatingIfNeeded: (state >> 33) & 0x7F) &+ UInt8((i / channels) % width * 100 / width)
        }
        return PixelImage(width: width, height: height, channels: channels, pixels: pixels)
    }

    /// A plain one-colour image.
    static func solid(width: Int, height: Int, _ color: [UInt8]) -> PixelImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * color.count)
        for _ in 0..<width * height { pixels += color }
        return PixelImage(width: width, height: height, channels: color.count, pixels: pixels)
    }

    /// Encodes `image` and puts `exif` (an APP1 segment) right after the SOI marker.
    static func jpeg(_ image: PixelImage, exif: [UInt8]? = nil, progressive: Bool = false) throws -> Data {
        let encoded = try JPEGCodec.encode(image, quality: 90, progressive: progressive)
        guard let exif else { return encoded }
        return encoded.prefix(2) + Data(exif) + encoded.dropFirst(2)
    }

    /// A small JPEG carrying `builder`'s EXIF block.
    static func jpeg(exif builder: ExifBuilder, width: Int = 40, height: Int = 30) throws -> Data {
        try jpeg(solid(width: width, height: height, [90, 120, 150]), exif: builder.segment)
    }

    /// The JPEG with the frame header's declared size replaced (a decompression bomb's header).
    static func declaringSize(_ jpeg: Data, width: Int, height: Int) -> Data {
        var bytes = [UInt8](jpeg)
        guard let sof = (0..<bytes.count - 9).first(where: { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        else { return jpeg }
        bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }

    /// The first bytes of a real PNG file.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
                           0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
}
