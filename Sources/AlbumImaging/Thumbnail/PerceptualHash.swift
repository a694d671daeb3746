import AlbumModel

extension PerceptualHash {
    /// The hash of an upright image (grey, RGB or RGBA pixels).
    public init(of image: PixelImage) {
        self = image.pixels.withUnsafeBufferPointer { buffer in
            PerceptualHash(pixels: buffer.baseAddress!, width: image.width, height: image.height, channels: image.channels)
        }
    }
}
