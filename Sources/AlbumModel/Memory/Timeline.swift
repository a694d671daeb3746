/// How the timeline groups photos: by local day, ISO week, or month.
public enum TimelineGrouping: String, Sendable, Codable, CaseIterable {
    case day, week, month

    /// The group a local day belongs to: its key (`2024-06-14`, `2024-W24`, `2024-06`) and the
    /// first and last day of the group.
    public func group(of date: LocalDate) -> (key: String, from: LocalDate, to: LocalDate) {
        switch self {
        case .day:
            return (date.description, date, date)
        case .week:
            let (year, week) = date.isoWeek
            let monday = date.adding(days: 1 - date.isoWeekday)
            return ("\(LocalDate.pad(year, 4))-W\(LocalDate.pad(week, 2))", monday, monday.adding(days: 6))
        case .month:
            return ("\(LocalDate.pad(date.year, 4))-\(LocalDate.pad(date.month, 2))", date.firstOfMonth, date.lastOfMonth)
        }
    }
}

/// Which photos a timeline, a search or a summary looks at. Every field narrows; nil is "any".
public struct PhotoFilter: Sendable, Hashable, Codable {
    /// Local days, inclusive.
    public var from: LocalDate?
    public var to: LocalDate?
    public var pinId: Int64?
    /// A photo has a tag when it or its pin carries it.
    public var tag: TagName?
    public var source: String?
    /// Only photos with an id up to this one: the snapshot a paged listing keeps, so that a
    /// photo stored meanwhile never moves another one to the next page.
    public var asOf: Int64?

    public init(
        from: LocalDate? = nil, to: LocalDate? = nil, pinId: Int64? = nil, tag: TagName? = nil, source: String? = nil,
        asOf: Int64? = nil
    ) {
        self.from = from
        self.to = to
        self.pinId = pinId
        self.tag = tag
        self.source = source
        self.asOf = asOf
    }

    /// - Throws: `AlbumError.invalidInput` when `from` is after `to`.
    public func validated() throws(AlbumError) -> PhotoFilter {
        if let from, let to, from > to {
            throw .invalidInput("--from \(from) is after --to \(to)")
        }
        return self
    }
}

/// A photo as the timeline, search and summaries list it.
public struct PhotoEntry: Sendable, Hashable, Codable, NullEncodable {
    public var id: Int64
    /// nil for a photo in the unplaced tray.
    public var pinId: Int64?
    public var title: String?
    public var state: String
    /// ISO 8601 local camera time, with the offset when known.
    public var takenAt: String?
    /// The local calendar day (`takenAt`'s date), nil when the photo has no date.
    public var localDate: LocalDate?
    /// The pin's title, or the place name when the library knows one.
    public var place: String?
    public var latitude: Double?
    public var longitude: Double?
    /// Relative to the library folder.
    public var thumbnail: String?
    public var source: String

    public init(
        id: Int64, pinId: Int64?, title: String?, state: String, takenAt: String?, localDate: LocalDate?,
        place: String?, latitude: Double?, longitude: Double?, thumbnail: String?, source: String
    ) {
        self.id = id
        self.pinId = pinId
        self.title = title
        self.state = state
        self.takenAt = takenAt
        self.localDate = localDate
        self.place = place
        self.latitude = latitude
        self.longitude = longitude
        self.thumbnail = thumbnail
        self.source = source
    }
}

/// One group of the timeline: a day, an ISO week or a month, or the photos without a date.
public struct TimelineGroup: Sendable, Hashable, Codable, NullEncodable {
    /// `2024-06-14`, `2024-W24`, `2024-06`, or `undated`.
    public var key: String
    public var from: LocalDate?
    public var to: LocalDate?
    /// Photos (and entries, on a timeline with entries) of the whole group (also those on
    /// other pages).
    public var count: Int
    /// This page's photos of the group, newest first.
    public var photos: [PhotoEntry]
    /// This page's entries of the group, newest first (issue 26; empty on a photos' timeline).
    /// Not in this type's JSON: an entry's is AlbumKit's `EntryJSON` (`TimelineJSON` writes both).
    public var entries: [Entry] = []

    public init(key: String, from: LocalDate?, to: LocalDate?, count: Int, photos: [PhotoEntry], entries: [Entry] = []) {
        self.key = key
        self.from = from
        self.to = to
        self.count = count
        self.photos = photos
        self.entries = entries
    }

    enum CodingKeys: String, CodingKey { case key, from, to, count, photos }

    /// This page's photos and entries of the group in timeline order.
    public var items: [TimelineItem] {
        (photos.map(TimelineItem.photo) + entries.map(TimelineItem.entry)).sorted(by: TimelineItem.precedes)
    }
}

/// What a timeline lists: photos, and entries of some kinds (issue 26).
public struct TimelineKinds: Sendable, Hashable {
    public var photos: Bool
    public var entries: Set<EntryKind>

    public init(photos: Bool, entries: Set<EntryKind>) {
        self.photos = photos
        self.entries = entries
    }

    /// Photos only: the timeline as it was before entries (and the API's without `kind`).
    public static let photosOnly = TimelineKinds(photos: true, entries: [])
    /// Photos and every kind of entry: `album timeline` without `--kind`.
    public static let all = TimelineKinds(photos: true, entries: Set(EntryKind.allCases))

    /// The names `--kind` and the API's `kind` take; a check-in is `checkin` (or `place`, the
    /// entry's own kind name).
    public static let names = ["photo", "note", "song", "audio", "checkin"]

    /// Parses a comma-separated list: `photo,note,song,audio,checkin` (`place` for `checkin`).
    /// - Throws: `AlbumError.invalidInput` naming the kinds for an unknown or empty one.
    public init(naming text: String, option: String = "--kind") throws(AlbumError) {
        var photos = false
        var entries: Set<EntryKind> = []
        // Exactly the names (the API's document gives them as a pattern).
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            switch part {
            case "photo": photos = true
            case "checkin", "place": entries.insert(.place)
            case "note", "song", "audio": entries.insert(EntryKind(rawValue: String(part)) ?? .note)
            default:
                throw .invalidInput("\(option) '\(part)' is no kind (kinds: \(Self.names.joined(separator: ", ")), comma-separated)")
            }
        }
        self.init(photos: photos, entries: entries)
    }

    /// Whether it lists only photos.
    public var isPhotosOnly: Bool { entries.isEmpty }

    /// Its names in the order of `names`, as the JSON gives them.
    public var listed: [String] {
        var out: [String] = photos ? ["photo"] : []
        for kind in EntryKind.allCases where entries.contains(kind) { out.append(kind == .place ? "checkin" : kind.rawValue) }
        return out
    }

    /// `photos`, `photos or notes`, `photos, notes, songs, sounds or check-ins`: what it looked for.
    public var described: String {
        let plural = ["photo": "photos", "note": "notes", "song": "songs", "audio": "sounds", "checkin": "check-ins"]
        let words = listed.compactMap { plural[$0] }
        guard words.count > 1 else { return words.first ?? "nothing" }
        return words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }
}

/// One thing on the timeline: a photo or an entry.
public enum TimelineItem: Sendable, Hashable {
    case photo(PhotoEntry)
    case entry(Entry)

    public var localDate: LocalDate? {
        switch self {
        case .photo(let photo): photo.localDate
        case .entry(let entry): entry.at.date
        }
    }

    /// The local wall-clock time as stored (`2024-06-14T09:43:00`), without its offset.
    var localTime: String {
        switch self {
        case .photo(let photo): String((photo.takenAt ?? "").prefix(19))
        case .entry(let entry): entry.at.localText
        }
    }

    var id: Int64 {
        switch self {
        case .photo(let photo): photo.id
        case .entry(let entry): entry.id
        }
    }

    var isPhoto: Bool { if case .photo = self { true } else { false } }

    /// Timeline order: newest local day, then local time, first (both stores sort photos by
    /// `local_date DESC, taken_at DESC, id DESC` and entries the same way); at the same time a
    /// photo before an entry, then the higher id; undated photos after every dated item.
    public static func precedes(_ a: TimelineItem, _ b: TimelineItem) -> Bool {
        switch (a.localDate, b.localDate) {
        case (nil, nil): return a.id > b.id
        case (nil, _): return false
        case (_, nil): return true
        case (let x?, let y?):
            if x != y { return x > y }
            if a.localTime != b.localTime { return a.localTime > b.localTime }
            if a.isPhoto != b.isPhoto { return a.isPhoto }
            return a.id > b.id
        }
    }
}

/// One page of the timeline.
public struct TimelinePage: Sendable, Hashable, Codable {
    public var by: TimelineGrouping
    public var groups: [TimelineGroup]
    public var page: Int
    public var pages: Int
    public var pageSize: Int
    /// Photos the filter selects, on every page.
    public var total: Int
    /// The highest photo id the pages cover: pass it back (`--as-of`) to page through the
    /// same photos while others are added.
    public var asOf: Int64
    /// Of `total`, the entries (0 on a photos' timeline).
    public var entryTotal: Int = 0

    public init(by: TimelineGrouping, groups: [TimelineGroup], page: Int, pages: Int, pageSize: Int, total: Int, asOf: Int64, entryTotal: Int = 0) {
        self.entryTotal = entryTotal
        self.by = by
        self.groups = groups
        self.page = page
        self.pages = pages
        self.pageSize = pageSize
        self.total = total
        self.asOf = asOf
    }
}
