/// What a JPEG's header declares, read without decoding pixels.
public struct ImageInfo: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// 1 grayscale, 3 colour (YCbCr or RGB), 4 CMYK or YCCK.
    public let components: Int
    public let isProgressive: Bool

    public init(width: Int, height: Int, components: Int, isProgressive: Bool) {
        self.width = width
        self.height = height
        self.components = components
        self.isProgressive = isProgressive
    }
}
