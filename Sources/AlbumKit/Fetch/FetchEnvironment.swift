import AlbumDownload
import AlbumFiles
import AlbumModel
import AlbumSources

/// Everything a fetch needs besides the library: where photos come from and how they are
/// downloaded, checked and thumbnailed.
public struct FetchEnvironment: Sendable {
    /// The photo source.
    public var source: any PhotoSource
    /// What the album records as its source (`flickr`, `bundle:/abs/path`).
    public var sourceName: String
    /// The REST endpoint of a Flickr-compatible source, recorded with the album.
    public var endpoint: String?
    public var downloader: Downloader
    public var processor: any PhotoProcessing
    /// Where blocking work runs (SQLite writes, decodes, file writes).
    public var pool: BlockingPool
    /// Called as photos finish; for a progress bar.
    public var progress: @Sendable (FetchProgress) -> Void
    /// Shared by the pins of a batch fetched side by side; nil: each pin's workers alone.
    public var transferLimit: TransferLimit?
    /// When thumbnails are made: with the photo (eager) or on first use (lazy).
    public var thumbnails: ThumbnailMode = .eager

    public init(
        source: any PhotoSource, sourceName: String, endpoint: String?, downloader: Downloader,
        processor: any PhotoProcessing, pool: BlockingPool = .shared,
        progress: @escaping @Sendable (FetchProgress) -> Void = { _ in }, transferLimit: TransferLimit? = nil
    ) {
        self.transferLimit = transferLimit
        self.source = source
        self.sourceName = sourceName
        self.endpoint = endpoint
        self.downloader = downloader
        self.processor = processor
        self.pool = pool
        self.progress = progress
    }
}

/// How far a pin's download has got.
public struct FetchProgress: Sendable {
    public var pinId: Int64
    public var done: Int
    public var total: Int
    public var bytes: Int64
}

/// How a fetch is done.
public struct FetchOptions: Sendable {
    public var radiusKm: Double
    public var perPage: Int
    /// Photos downloaded at once.
    public var concurrency: Int
    /// Search again even when the pin already has an album (or had "No Images").
    public var refresh: Bool
    /// Put photos that failed in an earlier run back in the queue.
    public var retryFailed: Bool
    /// The title of a pin the fetch creates.
    public var title: String?
    /// Store the photos to download and leave them to `album worker` (or `album resume`).
    public var queueOnly = false

    public init(
        radiusKm: Double = 5, perPage: Int = 30, concurrency: Int = 8, refresh: Bool = false,
        retryFailed: Bool = false, title: String? = nil
    ) {
        self.retryFailed = retryFailed
        self.radiusKm = radiusKm
        self.perPage = perPage
        self.concurrency = concurrency
        self.refresh = refresh
        self.title = title
    }
}

/// What a fetch did to one pin's album.
public struct FetchReport: Sendable {
    public var pin: Pin
    /// Photos in the album now.
    public var total: Int
    public var downloaded: Int
    public var failed: Int
    /// The source had no photos for this place.
    public var noImages: Bool
    /// Whether this fetch created the pin.
    public var createdPin: Bool
}
