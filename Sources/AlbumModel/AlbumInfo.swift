/// What a pin's album was built from: the source, the query and what the source answered.
public struct AlbumInfo: Sendable, Hashable {
    public var pinId: Int64
    /// The `--source` it came from: `flickr` or `bundle:/abs/path`.
    public var source: String
    /// The REST endpoint for Flickr-compatible sources.
    public var endpoint: String?
    public var radiusKm: Double
    public var perPage: Int
    /// The page the current collection is.
    public var page: Int
    /// What the source said in all for the query.
    public var total: Int
    public var pages: Int

    public init(
        pinId: Int64, source: String, endpoint: String?, radiusKm: Double, perPage: Int,
        page: Int, total: Int, pages: Int
    ) {
        self.pinId = pinId
        self.source = source
        self.endpoint = endpoint
        self.radiusKm = radiusKm
        self.perPage = perPage
        self.page = page
        self.total = total
        self.pages = pages
    }
}

/// Counts of photos per state.
public struct StateCounts: Sendable, Hashable {
    public var placeholder = 0
    public var downloading = 0
    public var downloaded = 0
    public var failed = 0
    /// Of `downloaded`, the photos imported from the user's own files (not fetched).
    public var imported = 0

    public init() {}

    public var total: Int { placeholder + downloading + downloaded + failed }
    /// Photos not yet downloaded nor given up on.
    public var remaining: Int { placeholder + downloading }

    /// Adds `photos` in the state a store names `state` (`imported`: those of them imported
    /// from the user's own files, counted for `downloaded` only); another name adds nothing.
    public mutating func add(state: String?, photos: Int, imported: Int) {
        switch state {
        case "placeholder": placeholder += photos
        case "downloading": downloading += photos
        case "downloaded": (downloaded, self.imported) = (downloaded + photos, self.imported + imported)
        case "failed": failed += photos
        default: break
        }
    }
}
