/// Plain values of tags, search and placing, shared by the store, AlbumKit and the CLI.

/// What a tag is put on.
public enum TagTarget: Sendable, Hashable {
    case photo(Int64)
    case pin(Int64)
    /// Every photo of a local day (and, through `Library`, every entry of it).
    case day(LocalDate)
}

/// A tag and how much it is used.
public struct TagUsage: Sendable, Hashable, Codable {
    public var tag: TagName
    /// Photos carrying it, directly or through their pin.
    public var photos: Int
    /// Pins carrying it.
    public var pins: Int
    /// Entries (notes, songs, sounds, check-ins) carrying it (issue 26).
    public var entries: Int

    public init(tag: TagName, photos: Int, pins: Int, entries: Int = 0) {
        self.tag = tag
        self.photos = photos
        self.pins = pins
        self.entries = entries
    }

    /// Most used first: photos and entries, then pins, then by name.
    public static func mostUsedFirst(_ a: TagUsage, _ b: TagUsage) -> Bool {
        (b.photos + b.entries, b.pins, a.tag.value) < (a.photos + a.entries, a.pins, b.tag.value)
    }
}

/// What a tag change did.
public struct TagChange: Sendable, Hashable, Codable {
    /// Photos or pins the target named.
    public var targets: Int
    /// Rows added or removed (a tag already there, or absent, counts zero).
    public var changed: Int

    public init(targets: Int, changed: Int) {
        self.targets = targets
        self.changed = changed
    }
}


/// Photos that match a search, best first.
public struct SearchResults: Sendable, Hashable, Codable {
    public var query: String
    /// Matches in all (the listing stops at `limit`).
    public var total: Int
    public var photos: [PhotoEntry]

    public init(query: String, total: Int, photos: [PhotoEntry]) {
        self.query = query
        self.total = total
        self.photos = photos
    }
}


/// Where `album photo place` puts a photo.
public enum PhotoPlacement: Sendable, Hashable {
    case pin(Int64)
    /// The nearest pin within the radius, or a new pin there.
    case coordinate(Coordinate, radiusKm: Double)
    /// The pin the import suggested.
    case suggestion
}


extension TagTarget {
    public var isPin: Bool { if case .pin = self { true } else { false } }
}
