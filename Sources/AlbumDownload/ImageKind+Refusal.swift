import AlbumModel

extension ImageKind {
    /// Why the downloader refuses a body of this kind, or nil for JPEG. Only JPEG is kept: that
    /// is what photo sources serve; anything else is a permanent failure, never retried (an HTML
    /// page is `judge`'s one exception: retried a bounded number of times).
    public var refusal: String? {
        switch self {
        case .jpeg: nil
        case .png: "not a JPEG (png)"
        case .gif: "not a JPEG (gif)"
        case .webp: "not a JPEG (webp)"
        case .markup: "not an image (HTML page)"
        default: "not an image"
        }
    }
}
