import AlbumModel
import AlbumSeam

/// `MemoryStore` on SQLite: each method runs the synchronous `AlbumDatabase` method of the same
/// name (roll-up tables, FTS5) on the database's own thread.
extension SQLiteLibraryStore {
    public func lastPhotoId() async throws(AlbumError) -> Int64 {
        try await database.read { db throws(AlbumError) in try db.lastPhotoId() }
    }

    public func timelineSlice(_ filter: PhotoFilter, offset: Int, limit: Int) async throws(AlbumError) -> TimelineSlice {
        try await database.read { db throws(AlbumError) in try db.timelineSlice(filter, offset: offset, limit: limit) }
    }

    public func photosPerDay(_ filter: PhotoFilter, from: LocalDate, to: LocalDate) async throws(AlbumError) -> [LocalDate: Int] {
        try await database.read { db throws(AlbumError) in try db.photosPerDay(filter, from: from, to: to) }
    }

    public func addTags(_ tags: [TagName], to target: TagTarget) async throws(AlbumError) -> TagChange {
        try await database.write { db throws(AlbumError) in try db.addTags(tags, to: target) }
    }

    public func removeTags(_ tags: [TagName], from target: TagTarget) async throws(AlbumError) -> TagChange {
        try await database.write { db throws(AlbumError) in try db.removeTags(tags, from: target) }
    }

    public func tagUsage() async throws(AlbumError) -> [TagUsage] {
        try await database.read { db throws(AlbumError) in try db.tagUsage() }
    }

    public func find(_ text: SearchText, filter: PhotoFilter, limit: Int) async throws(AlbumError) -> SearchResults {
        try await database.read { db throws(AlbumError) in try db.find(text, filter: filter, limit: limit) }
    }

    public func periodFacts(from: LocalDate, to: LocalDate) async throws(AlbumError) -> PeriodFacts {
        try await database.read { db throws(AlbumError) in try db.periodFacts(from: from, to: to) }
    }

    public func dayPlaceCounts(from: LocalDate, to: LocalDate) async throws(AlbumError) -> [DayPlaceCount] {
        try await database.read { db throws(AlbumError) in try db.dayPlaceCounts(from: from, to: to) }
    }

    public func places(_ ids: Set<Int64>) async throws(AlbumError) -> [Int64: PlaceInfo] {
        try await database.read { db throws(AlbumError) in try db.places(ids) }
    }

    public func collageCandidates(from: LocalDate, to: LocalDate, perGroup: Int) async throws(AlbumError) -> [PhotoEntry] {
        try await database.read { db throws(AlbumError) in try db.collageCandidates(from: from, to: to, perGroup: perGroup) }
    }

    public func placeCounts(countryCode: String?) async throws(AlbumError) -> [LibraryPlace] {
        try await database.read { db throws(AlbumError) in try db.placeCounts(countryCode: countryCode) }
    }

    public func placePhoto(id: Int64, _ placement: PhotoPlacement) async throws(AlbumError) -> (photo: Photo, pin: Pin, created: Bool) {
        try await database.write { db throws(AlbumError) in try db.placePhoto(id: id, placement) }
    }
}
