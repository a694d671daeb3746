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
    /// Photos of the whole group (also those on other pages).
    public var count: Int
    /// This page's photos of the group, newest first.
    public var photos: [PhotoEntry]

    public init(key: String, from: LocalDate?, to: LocalDate?, count: Int, photos: [PhotoEntry]) {
        self.key = key
        self.from = from
        self.to = to
        self.count = count
        self.photos = photos
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

    public init(by: TimelineGrouping, groups: [TimelineGroup], page: Int, pages: Int, pageSize: Int, total: Int, asOf: Int64) {
        self.by = by
        self.groups = groups
        self.page = page
        self.pages = pages
        self.pageSize = pageSize
        self.total = total
        self.asOf = asOf
    }
}
