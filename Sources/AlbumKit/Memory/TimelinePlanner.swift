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
        groups(items: photos.map(TimelineItem.photo), counts: counts, undatedTotal: undatedTotal)
    }

    /// Groups of photos and entries in timeline order (`items` is in it), each with its whole
    /// count from `counts` (items per local day) and this slice's items.
    public func groups(items: [TimelineItem], counts: [LocalDate: Int], undatedTotal: Int) -> [TimelineGroup] {
        var groups: [TimelineGroup] = []
        for item in items {
            let key: String
            var from: LocalDate?
            var to: LocalDate?
            if let day = item.localDate {
                (key, from, to) = grouping.group(of: day)
            } else {
                key = "undated"
            }
            if groups.last?.key != key {
                var count = undatedTotal
                if let from, let to {
                    count = counts.reduce(0) { $0 + (($1.key >= from && $1.key <= to) ? $1.value : 0) }
                }
                groups.append(TimelineGroup(key: key, from: from, to: to, count: count, photos: []))
            }
            switch item {
            case .photo(let photo): groups[groups.count - 1].photos.append(photo)
            case .entry(let entry): groups[groups.count - 1].entries.append(entry)
            }
        }
        return groups
    }

    /// Merges photos (the timeline slice's order: dated newest first, then undated) and entries
    /// (newest first) into timeline order (`TimelineItem.precedes`).
    public static func merged(photos: [PhotoEntry], entries: [Entry]) -> [TimelineItem] {
        var out: [TimelineItem] = []
        out.reserveCapacity(photos.count + entries.count)
        var p = 0, e = 0
        while p < photos.count || e < entries.count {
            if e == entries.count {
                out.append(.photo(photos[p])); p += 1
            } else if p == photos.count {
                out.append(.entry(entries[e])); e += 1
            } else if TimelineItem.precedes(.photo(photos[p]), .entry(entries[e])) {
                out.append(.photo(photos[p])); p += 1
            } else {
                out.append(.entry(entries[e])); e += 1
            }
        }
        return out
    }
}
