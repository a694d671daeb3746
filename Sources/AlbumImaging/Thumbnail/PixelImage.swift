/// Decoded pixels: rows top to bottom, `channels` interleaved bytes per pixel (1 gray, 3 RGB).
public struct PixelImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let channels: Int
    public var pixels: [UInt8]

    /// Wraps `pixels`; their count must be `width × height × channels`.
    public init(width: Int, height: Int, channels: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && (1...4).contains(channels), "invalid image shape")
        precondition(pixels.count == width * height * channels, "pixel count does not match the shape")
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }

    /// The channel values of the pixel at column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> [UInt8] {
        let start = (y * width + x) * channels
        return Array(pixels[start..<start + channels])
    }
}
