/// The one size cap and the one sniff a photo's body passes before it is kept, whether it came
/// over HTTP (`Downloader`) or from a file inside a bundle folder (AlbumKit's `PhotoFetcher`):
/// a photo is refused the same way whichever way it came.
public struct PhotoBodyCheck: Sendable, Equatable {
    /// A body larger than this is refused (an HTTP transfer is aborted when it gets there).
    public var maxBytes: Int

    public init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// Why a body of `size` bytes is refused, or nil within the cap.
    public func sizeRefusal(_ size: Int) -> String? {
        size > maxBytes ? "too large: \(size) bytes, over the \(maxBytes)-byte cap" : nil
    }

    /// What the body is by its first bytes, and why it is refused (nil for a JPEG: kept).
    public func contentRefusal(_ body: some Collection<UInt8>) -> (kind: ImageKind, refusal: String?) {
        let kind = ImageKind(sniffing: body)
        return (kind, kind.refusal)
    }
}

extension DownloadPolicy {
    /// The cap and sniff of this policy's bodies.
    public var bodyCheck: PhotoBodyCheck { PhotoBodyCheck(maxBytes: maxBytes) }
}
