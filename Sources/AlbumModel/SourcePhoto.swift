/// A photo as a source offers it, before it is stored in an album.
public struct SourcePhoto: Sendable, Hashable {
    /// Stable id within its source (Flickr's photo id, the bundle record's id).
    public var sourceId: String
    public var title: String?
    /// The URL of the size to download: `http(s)://…`, or for a local bundle an absolute
    /// `file://` URL checked to be inside the bundle folder.
    public var url: String
    public var coordinate: Coordinate?
    /// ISO 8601 capture date, with its offset when the source knows it.
    public var takenAt: String?
    public var owner: String?
    public var license: String?
    /// How precise `coordinate` is, as Flickr and YFCC100M grade it: 1 (world) … 16 (street).
    public var accuracy: Int?
    /// Owner id, licence id and URL, page, upload date (issue 30); `owner` is the owner's name.
    public var provenance = Provenance()
    /// The source's tags and description, for `SearchFilter` (not stored).
    public var tags: [String] = []
    public var description: String?

    public init(
        sourceId: String, title: String? = nil, url: String, coordinate: Coordinate? = nil,
        takenAt: String? = nil, owner: String? = nil, license: String? = nil, accuracy: Int? = nil
    ) {
        self.sourceId = sourceId
        self.title = title
        self.url = url
        self.coordinate = coordinate
        self.takenAt = takenAt
        self.owner = owner
        self.license = license
        self.accuracy = accuracy
    }
}

/// One page of a source's answer to "photos near this place".
public struct SearchPage: Sendable, Hashable {
    /// How many photos the source has for the query in all.
    public var total: Int
    /// How many pages of `perPage` there are.
    public var pages: Int
    public var page: Int
    public var perPage: Int
    public var photos: [SourcePhoto]

    public init(total: Int, pages: Int, page: Int, perPage: Int, photos: [SourcePhoto]) {
        self.total = total
        self.pages = pages
        self.page = page
        self.perPage = perPage
        self.photos = photos
    }
}

/// What to search for: a place, a radius and a page.
public struct SearchQuery: Sendable, Hashable {
    public var center: Coordinate
    public var radiusKm: Double
    public var page: Int
    public var perPage: Int
    /// What to keep; a source that can filter is asked to, and every photo is checked again.
    public var filter = SearchFilter()

    public init(center: Coordinate, radiusKm: Double = 5, page: Int = 1, perPage: Int = 30, filter: SearchFilter = SearchFilter()) {
        self.filter = filter
        self.center = center
        self.radiusKm = radiusKm
        self.page = page
        self.perPage = perPage
    }
}
