import AlbumModel
import Foundation

/// A slice of the timeline in its order (newest local day first, then newest time, then
/// highest id; photos without a date after every dated one), with counts per local day.
public struct TimelineSlice: Sendable {
    /// Photos the filter selects in all.
    public var total: Int
    /// Of `total`, photos with a local date.
    public var dated: Int
    public var photos: [PhotoEntry]

    public init(total: Int, dated: Int, photos: [PhotoEntry]) {
        self.total = total
        self.dated = dated
        self.photos = photos
    }
}

/// Photos of one local day at one pin with one camera, from the `photo_days` roll-up.
public struct DayPlaceCount: Sendable, Hashable {
    public var date: LocalDate
    /// nil for unplaced photos.
    public var pinId: Int64?
    public var make: String?
    public var model: String?
    public var photos: Int
    /// The earliest `takenAt` among them.
    public var firstTaken: String?

    public init(date: LocalDate, pinId: Int64?, make: String?, model: String?, photos: Int, firstTaken: String?) {
        self.date = date
        self.pinId = pinId
        self.make = make
        self.model = model
        self.photos = photos
        self.firstTaken = firstTaken
    }
}

/// A pin as summaries name it.
public struct PlaceInfo: Sendable, Hashable {
    public var pinId: Int64
    /// The pin's title.
    public var title: String?
    public var coordinate: Coordinate
    /// The pin's GeoNames place, when it has one.
    public var place: Place?

    public init(pinId: Int64, title: String?, coordinate: Coordinate, place: Place?) {
        self.pinId = pinId
        self.title = title
        self.coordinate = coordinate
        self.place = place
    }

    /// The place summaries count it as: its named place (pins in one town are one place), or
    /// the pin itself when it has no place name.
    public var key: PlaceKey { place.map { PlaceKey.named($0) } ?? .pin(pinId) }

    /// What summaries call it: the place name, else the pin's title.
    public var name: String? { place?.name ?? title }
}

/// One place of a summary: a named place (`Paris`, its region and country) or a pin without a name.
public enum PlaceKey: Sendable, Hashable {
    case named(name: String, region: String?, countryCode: String)
    case pin(Int64)

    public static func named(_ place: Place) -> PlaceKey {
        .named(name: place.name, region: place.region, countryCode: place.countryCode)
    }
}

/// What the database knows of a period, for `SummaryPlanner`.
public struct PeriodFacts: Sendable {
    public var from: LocalDate
    public var to: LocalDate
    public var days: [DayPlaceCount]
    /// Every pin in `days`.
    public var places: [Int64: PlaceInfo]
    /// Places with a photo dated before `from` (at any of their pins, also pins with no photo
    /// in the period).
    public var placesSeenBefore: Set<PlaceKey>
    /// Photos per tag (a pin's tag counts its photos once; a photo with the tag on itself and
    /// on its pin once).
    public var tags: [TagName: Int]
    public var first: PhotoEntry?
    public var last: PhotoEntry?

    public init(
        from: LocalDate, to: LocalDate, days: [DayPlaceCount], places: [Int64: PlaceInfo], placesSeenBefore: Set<PlaceKey>,
        tags: [TagName: Int], first: PhotoEntry?, last: PhotoEntry?
    ) {
        self.from = from
        self.to = to
        self.days = days
        self.places = places
        self.placesSeenBefore = placesSeenBefore
        self.tags = tags
        self.first = first
        self.last = last
    }
}
