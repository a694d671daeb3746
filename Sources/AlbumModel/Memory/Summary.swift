/// A month's or a year's photos in numbers: what `album summary` prints and the card draws.
/// Every count is by local date, the same as the timeline.
public struct Summary: Sendable, Hashable, Codable, NullEncodable {
    /// `month` or `year`.
    public var period: LocalPeriod.Kind
    /// `2024-06` or `2024`.
    public var key: String
    /// `June 2024` or `2024`.
    public var title: String
    public var from: LocalDate
    public var to: LocalDate
    public var photos: Int
    /// Pins with photos in the period.
    public var pins: Int
    /// Places with photos in the period: named places (GeoNames: the pins in one town are one
    /// place), and pins without a place name.
    public var places: Int
    /// Of `places`, those with no photo dated before the period (at any of their pins).
    public var newPlaces: Int
    /// Photos in the period without a place.
    public var unplaced: Int
    /// Days with at least one photo.
    public var activeDays: Int
    public var busiestDay: DayCount?
    /// `day` for a month, `month` for a year.
    public var seriesBy: TimelineGrouping
    /// Photos per day of the month, or per month of the year, every one listed (zeros too).
    public var series: [PeriodCount]
    /// Places by photos, at most five.
    public var topPlaces: [PlaceCount]
    /// Tags by photos (a pin's tag counts its photos), at most five.
    public var topTags: [TagCount]
    /// Cameras by photos.
    public var cameras: [CameraCount]
    public var first: PhotoEntry?
    public var last: PhotoEntry?
    /// Kilometres between consecutive places, in the order they were visited (by local day, then
    /// by the first photo's time at each place that day).
    public var distanceKm: Double
    public var previous: PeriodTotals
    public var change: SummaryChange
    /// The period's notes, songs, sounds and check-ins (issue 26).
    public var entries: EntrySummary = EntrySummary()

    public init(
        period: LocalPeriod.Kind, key: String, title: String, from: LocalDate, to: LocalDate, photos: Int, pins: Int,
        places: Int, newPlaces: Int, unplaced: Int, activeDays: Int, busiestDay: DayCount?, seriesBy: TimelineGrouping,
        series: [PeriodCount], topPlaces: [PlaceCount], topTags: [TagCount], cameras: [CameraCount], first: PhotoEntry?,
        last: PhotoEntry?, distanceKm: Double, previous: PeriodTotals, change: SummaryChange
    ) {
        self.period = period
        self.key = key
        self.title = title
        self.from = from
        self.to = to
        self.photos = photos
        self.pins = pins
        self.places = places
        self.newPlaces = newPlaces
        self.unplaced = unplaced
        self.activeDays = activeDays
        self.busiestDay = busiestDay
        self.seriesBy = seriesBy
        self.series = series
        self.topPlaces = topPlaces
        self.topTags = topTags
        self.cameras = cameras
        self.first = first
        self.last = last
        self.distanceKm = distanceKm
        self.previous = previous
        self.change = change
    }
}

public struct DayCount: Sendable, Hashable, Codable {
    public var date: LocalDate
    public var photos: Int
    public init(date: LocalDate, photos: Int) {
        self.date = date
        self.photos = photos
    }
}

/// One bar of a summary's chart: a day (`2024-06-14`) or a month (`2024-06`).
public struct PeriodCount: Sendable, Hashable, Codable {
    public var key: String
    public var photos: Int
    public init(key: String, photos: Int) {
        self.key = key
        self.photos = photos
    }
}

/// A place of a summary: a named place with the photos of all its pins, or a pin without a name.
public struct PlaceCount: Sendable, Hashable, Codable, NullEncodable {
    /// The place's pin with the most photos in the period.
    public var pinId: Int64
    /// The place name (`Paris`), else the pin's title; nil when it has neither.
    public var name: String?
    /// Of the pin `pinId`.
    public var latitude: Double
    public var longitude: Double
    /// The GeoNames place (of the pin `pinId`), nil for a pin without one.
    public var place: Place?
    /// Its pins with photos in the period.
    public var pins: Int
    public var photos: Int
    /// No photo dated before the period at any of its pins.
    public var isNew: Bool

    public init(
        pinId: Int64, name: String?, latitude: Double, longitude: Double, place: Place? = nil, pins: Int = 1, photos: Int,
        isNew: Bool
    ) {
        self.pinId = pinId
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.place = place
        self.pins = pins
        self.photos = photos
        self.isNew = isNew
    }
}

public struct TagCount: Sendable, Hashable, Codable {
    public var tag: TagName
    public var photos: Int
    public init(tag: TagName, photos: Int) {
        self.tag = tag
        self.photos = photos
    }
}

public struct CameraCount: Sendable, Hashable, Codable, NullEncodable {
    public var make: String?
    public var model: String?
    public var photos: Int
    public init(make: String?, model: String?, photos: Int) {
        self.make = make
        self.model = model
        self.photos = photos
    }

    /// `Canon EOS R6` (the make is left out when the model repeats it), or `unknown camera`.
    public var name: String {
        switch (make, model) {
        case (nil, nil): "unknown camera"
        case (let make?, nil): make
        case (nil, let model?): model
        case (let make?, let model?): model.lowercased().hasPrefix(make.lowercased()) ? model : "\(make) \(model)"
        }
    }
}

/// The headline numbers of a period, for comparisons.
public struct PeriodTotals: Sendable, Hashable, Codable {
    public var key: String
    public var photos: Int
    public var pins: Int
    public var activeDays: Int
    public var distanceKm: Double
    public init(key: String, photos: Int, pins: Int, activeDays: Int, distanceKm: Double) {
        self.key = key
        self.photos = photos
        self.pins = pins
        self.activeDays = activeDays
        self.distanceKm = distanceKm
    }
}

/// This period minus the previous one; `photosPercent` is nil when the previous had no photos.
public struct SummaryChange: Sendable, Hashable, Codable, NullEncodable {
    public var photos: Int
    public var pins: Int
    public var activeDays: Int
    public var distanceKm: Double
    public var photosPercent: Double?
    public init(photos: Int, pins: Int, activeDays: Int, distanceKm: Double, photosPercent: Double?) {
        self.photos = photos
        self.pins = pins
        self.activeDays = activeDays
        self.distanceKm = distanceKm
        self.photosPercent = photosPercent
    }
}
