import AlbumModel
import AlbumSeam

extension Library {
    /// The largest page the timeline gives.
    public static let maxPageSize = 1000

    /// One page of the timeline: photos the filter selects, newest local day first, grouped by
    /// day, ISO week or month. Pages are cut from the photos up to `filter.asOf` (the newest
    /// photo when nil), so that the same query gives the same pages while photos are added.
    /// - Throws: `AlbumError.invalidInput` for a page below 1, a page size out of 1…1000, or
    ///   `from` after `to`; `.notFound` for an unknown pin.
    public func timeline(
        by grouping: TimelineGrouping, filter: PhotoFilter, page: Int = 1, pageSize: Int = 100
    ) async throws(AlbumError) -> TimelinePage {
        guard page >= 1 else { throw .invalidInput("--page \(page) must be 1 or more") }
        guard (1...Self.maxPageSize).contains(pageSize) else {
            throw .invalidInput("--page-size \(pageSize) must be between 1 and \(Self.maxPageSize)")
        }
        var filter = try filter.validated()
        if let pin = filter.pinId { _ = try await store.requirePin(id: pin) }
        let asOf: Int64
        if let given = filter.asOf { asOf = given } else { asOf = try await store.lastPhotoId() }
        filter.asOf = asOf
        let slice = try await store.timelineSlice(filter, offset: (page - 1) * pageSize, limit: pageSize)
        let planner = TimelinePlanner(grouping: grouping)
        var counts: [LocalDate: Int] = [:]
        if let range = planner.countRange(slice.photos) {
            counts = try await store.photosPerDay(filter, from: range.lowerBound, to: range.upperBound)
        }
        let groups = planner.groups(slice.photos, counts: counts, undatedTotal: slice.total - slice.dated)
        let pages = max(1, (slice.total + pageSize - 1) / pageSize)
        return TimelinePage(
            by: grouping, groups: groups, page: page, pages: pages, pageSize: pageSize, total: slice.total, asOf: asOf)
    }

    /// Adds tags to a photo, a pin, or every photo of a day.
    /// - Throws: `AlbumError.invalidInput` without tags, `.notFound` for an unknown photo or pin.
    @discardableResult
    public func addTags(_ tags: [TagName], to target: TagTarget) async throws(AlbumError) -> TagChange {
        guard !tags.isEmpty else { throw .invalidInput("no tag given") }
        return try await store.addTags(tags, to: target)
    }

    /// Removes tags from a photo, a pin, or every photo of a day.
    @discardableResult
    public func removeTags(_ tags: [TagName], from target: TagTarget) async throws(AlbumError) -> TagChange {
        guard !tags.isEmpty else { throw .invalidInput("no tag given") }
        return try await store.removeTags(tags, from: target)
    }

    /// Every tag with its use, most used first.
    public func tags() async throws(AlbumError) -> [TagUsage] { try await store.tagUsage() }

    /// Photos matching the search text and the filter, best first, at most `limit`.
    public func find(_ text: SearchText, filter: PhotoFilter = PhotoFilter(), limit: Int = 50) async throws(AlbumError) -> SearchResults {
        guard (1...Self.maxPageSize).contains(limit) else {
            throw .invalidInput("--limit \(limit) must be between 1 and \(Self.maxPageSize)")
        }
        let filter = try filter.validated()
        if let pin = filter.pinId { _ = try await store.requirePin(id: pin) }
        return try await store.find(text, filter: filter, limit: limit)
    }
}

extension Library {
    /// Gives a photo (usually one in the unplaced tray) a place; see `MemoryStore.placePhoto`.
    /// The photo comes back named (its place, zone and offset for its new pin).
    public func placePhoto(id: Int64, _ placement: PhotoPlacement) async throws(AlbumError) -> (photo: Photo, pin: Pin, created: Bool) {
        var placed = try await store.placePhoto(id: id, placement)
        try await nameNewPlaces()
        placed.photo = try await store.requirePhoto(id: id)
        return placed
    }
}
