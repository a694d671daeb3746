/// Plain values of trips and homes (issue 29): what the store reads and `TripPlanner` makes.

/// Where the photos and entries of one local day were, one row per place of the day: the items
/// within one cell of 0.1° (about 11 km) of that day, with their mean position, their counts and
/// the first and last local time there. Items without a position are one row with none.
public struct DayPlace: Sendable, Hashable, Codable {
    public var date: LocalDate
    /// The mean position of the cell's items; nil for the day's items without a position.
    public var coordinate: Coordinate?
    public var photos: Int
    public var entries: Int
    /// The first and last local wall-clock time there (`YYYY-MM-DDTHH:MM:SS`).
    public var first: String
    public var last: String

    public init(date: LocalDate, coordinate: Coordinate?, photos: Int, entries: Int, first: String, last: String) {
        self.date = date
        self.coordinate = coordinate
        self.photos = photos
        self.entries = entries
        self.first = first
        self.last = last
    }
}

/// A home the user set (`album home set`): where they live from `since` (nil: always, until a
/// later home).
public struct Home: Sendable, Hashable, Codable {
    public var id: Int64
    public var coordinate: Coordinate
    public var placeName: String?
    public var since: LocalDate?

    public init(id: Int64, coordinate: Coordinate, placeName: String?, since: LocalDate?) {
        self.id = id
        self.coordinate = coordinate
        self.placeName = placeName
        self.since = since
    }
}
