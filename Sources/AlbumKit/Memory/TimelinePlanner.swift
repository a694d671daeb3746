import AlbumModel

/// Turns a slice of photos in timeline order into groups: every decision about which group a
/// photo belongs to is here, as plain values (the database only selects, orders and counts by
/// local day). A photo's local day is its camera-clock date (`PhotoEntry.localDate`); photos
/// without one form the `undated` group after every dated one.
public struct TimelinePlanner: Sendable {
    public let grouping: TimelineGrouping

    public init(grouping: TimelineGrouping) { self.grouping = grouping }

    /// The range of local days whose counts `groups(_:counts:)` needs for these photos.
    public func countRange(_ photos: [PhotoEntry]) -> ClosedRange<LocalDate>? {
        let days = photos.compactMap(\.localDate)
        guard let low = days.min(), let high = days.max() else { return nil }
        return grouping.group(of: low).from...grouping.group(of: high).to
    }

    /// Groups in order, each with its whole count from `counts` (photos per local day) and this
    /// slice's photos; `undatedTotal` counts the undated group.
    public func groups(_ photos: [PhotoEntry], counts: [LocalDate: Int], undatedTotal: Int) -> [TimelineGroup] {
        var groups: [TimelineGroup] = []
        for photo in photos {
            let key: String
            var from: LocalDate?
            var to: LocalDate?
            if let day = photo.localDate {
                (key, from, to) = grouping.group(of: day)
            } else {
                key = "undated"
            }
            if groups.last?.key == key {
                groups[groups.count - 1].photos.append(photo)
            } else {
                var count = undatedTotal
                if let from, let to {
                    count = counts.reduce(0) { $0 + (($1.key >= from && $1.key <= to) ? $1.value : 0) }
                }
                groups.append(TimelineGroup(key: key, from: from, to: to, count: count, photos: [photo]))
            }
        }
        return groups
    }
}
