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
    /// With entry kinds in `kinds` (issue 26), photos and entries together in local time
    /// (`mixedTimeline`); `count` and `total` count both.
    public func timeline(
        by grouping: TimelineGrouping, filter: PhotoFilter, kinds: TimelineKinds = .photosOnly, page: Int = 1, pageSize: Int = 100
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
        if !kinds.isPhotosOnly || !kinds.photos {
            return try await mixedTimeline(by: grouping, filter: filter, kinds: kinds, page: page, pageSize: pageSize)
        }
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

    /// How far into a timeline with entries a page may reach (`mixedTimeline`).
    public static let maxMixedTimelineReach = 100_000

    /// One page of photos and entries together. Photos and entries are in two tables, each read
    /// in timeline order by its own index (`photos_by_local_date`, `entries_by_day`); the page is
    /// cut from the first `page × pageSize` of each, merged in `TimelineItem` order, so a page
    /// costs what its depth does — pages reach the first `maxMixedTimelineReach` items (narrow
    /// with from/to beyond that). `asOf` holds photos only: an entry added meanwhile moves the
    /// later items of its day by one. Entries have no source: `source` lists photos only; `pin`
    /// and `tag` select entries as photos.
    func mixedTimeline(
        by grouping: TimelineGrouping, filter: PhotoFilter, kinds: TimelineKinds, page: Int, pageSize: Int
    ) async throws(AlbumError) -> TimelinePage {
        let offset = (page - 1) * pageSize
        let reach = offset + pageSize
        let entryFilter: EntryFilter? = filter.source == nil
            ? EntryFilter(from: filter.from, to: filter.to, tag: filter.tag, pinId: filter.pinId).withKinds(kinds.entries) : nil
        // The totals first (from the roll-ups when only dates narrow): a page past the end is empty
        // whatever its depth; one within it is cut from the first `reach` of each kind.
        var slice = TimelineSlice(total: 0, dated: 0, photos: [])
        var entries = EntryList(total: 0, entries: [])
        if kinds.photos { slice = try await store.timelineSlice(filter, offset: 0, limit: 0) }
        if let entryFilter { entries = try await store.entries(entryFilter, offset: 0, limit: 0) }
        let total = slice.total + entries.total
        let pages = max(1, (total + pageSize - 1) / pageSize)
        guard offset < total else {
            return TimelinePage(by: grouping, groups: [], page: page, pages: pages, pageSize: pageSize, total: total,
                                asOf: filter.asOf ?? 0, entryTotal: entries.total)
        }
        guard reach <= Self.maxMixedTimelineReach else {
            throw .invalidInput("--page \(page) reaches past the first \(Self.maxMixedTimelineReach) items of a timeline with entries: narrow it with --from and --to")
        }
        if kinds.photos { slice = try await store.timelineSlice(filter, offset: 0, limit: reach) }
        if let entryFilter { entries = try await store.entries(entryFilter, offset: 0, limit: reach) }
        let all = TimelinePlanner.merged(photos: slice.photos, entries: entries.entries)
        let items = offset < all.count ? Array(all[offset..<min(all.count, reach)]) : []
        let planner = TimelinePlanner(grouping: grouping)
        var counts: [LocalDate: Int] = [:]
        let days = items.compactMap(\.localDate)
        if let low = days.min(), let high = days.max() {
            let range = grouping.group(of: low).from...grouping.group(of: high).to
            if kinds.photos { counts = try await store.photosPerDay(filter, from: range.lowerBound, to: range.upperBound) }
            if let entryFilter {
                // The groups' entries per day, counted in the store (a group reaches past this
                // page): from the day_cells roll-up when only dates narrow them.
                let perDay = try await store.entriesPerDay(entryFilter, from: range.lowerBound, to: range.upperBound)
                counts.merge(perDay, uniquingKeysWith: +)
            }
        }
        let groups = planner.groups(items: items, counts: counts, undatedTotal: slice.total - slice.dated)
        return TimelinePage(
            by: grouping, groups: groups, page: page, pages: pages, pageSize: pageSize, total: total, asOf: filter.asOf ?? 0,
            entryTotal: entries.total)
    }

    /// Adds tags to a photo, a pin, or every photo and entry of a day.
    /// - Throws: `AlbumError.invalidInput` without tags, `.notFound` for an unknown photo or pin,
    ///   or a day with no photo and no entry.
    @discardableResult
    public func addTags(_ tags: [TagName], to target: TagTarget) async throws(AlbumError) -> TagChange {
        guard !tags.isEmpty else { throw .invalidInput("no tag given") }
        if case .day(let day) = target { return try await changeTags(tags, ofDay: day, adding: true) }
        return try await store.addTags(tags, to: target)
    }

    /// Removes tags from a photo, a pin, or every photo and entry of a day.
    @discardableResult
    public func removeTags(_ tags: [TagName], from target: TagTarget) async throws(AlbumError) -> TagChange {
        guard !tags.isEmpty else { throw .invalidInput("no tag given") }
        if case .day(let day) = target { return try await changeTags(tags, ofDay: day, adding: false) }
        return try await store.removeTags(tags, from: target)
    }

    /// `tag --day` (issue 26): the day's entries (one transaction), then its photos (another);
    /// the targets are both. Each step is whole and doing it again changes nothing.
    private func changeTags(_ tags: [TagName], ofDay day: LocalDate, adding: Bool) async throws(AlbumError) -> TagChange {
        let entries = try await store.changeTags(tags, ofEntriesOn: day, adding: adding)
        var photos = TagChange(targets: 0, changed: 0)
        do {
            photos = adding ? try await store.addTags(tags, to: .day(day)) : try await store.removeTags(tags, from: .day(day))
        } catch {
            // A day of entries only has no photo to tag; a day of neither is named as such.
            guard case .notFound = error else { throw error }
            guard entries.targets > 0 else { throw .notFound("no photo or entry is dated \(day) (local date)") }
        }
        return TagChange(targets: photos.targets + entries.targets, changed: photos.changed + entries.changed)
    }

    /// Adds tags to an entry (a note, song, sound or check-in), as `entry edit --add-tag` does.
    /// - Throws: `AlbumError.invalidInput` without tags, `.notFound` for an unknown entry.
    @discardableResult
    public func addTags(_ tags: [TagName], toEntry id: Int64) async throws(AlbumError) -> TagChange {
        guard !tags.isEmpty else { throw .invalidInput("no tag given") }
        let before = Set(try await entry(id: id).tags)
        let after = Set(try await store.editEntry(id: id, EntryEdit(addTags: tags)).tags)
        return TagChange(targets: 1, changed: after.subtracting(before).count)
    }

    /// Removes tags from an entry.
    @discardableResult
    public func removeTags(_ tags: [TagName], fromEntry id: Int64) async throws(AlbumError) -> TagChange {
        guard !tags.isEmpty else { throw .invalidInput("no tag given") }
        let before = Set(try await entry(id: id).tags)
        let after = Set(try await store.editEntry(id: id, EntryEdit(removeTags: tags)).tags)
        return TagChange(targets: 1, changed: before.subtracting(after).count)
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
