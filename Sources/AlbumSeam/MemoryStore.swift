import AlbumModel

/// The memory features' part of the store seam (issue 13's timeline, tags, search, summaries and
/// card, and photo placing; issue 16 puts them on PostgreSQL too): what `Library+Memory`,
/// `SummaryPlanner`, `Library+Card` and `Library.placePhoto` ask of a store. `LibraryStore`
/// refines it. SQLite answers from its roll-up tables and FTS5 index (`AlbumDatabase+Timeline`,
/// `+Find`, `+Summary`, …); PostgreSQL from `GROUP BY` over `photos.local_date` and a `tsvector`
/// index (`PostgresStore+Memory`). Both give the same values for the same photos: a photo's
/// local day is the date part of its `taken_at` (the camera's clock, as stored).
///
/// Errors are `AlbumError`: `.notFound` naming the id for an unknown pin or photo (or a day
/// without photos), `.invalidInput` for a placement that cannot be made, `.database` when the
/// store fails.
public protocol MemoryStore: Sendable {
    // MARK: Timeline

    /// The highest photo id, 0 for an empty library (the timeline's `asOf`).
    func lastPhotoId() async throws(AlbumError) -> Int64
    /// `limit` photos of the timeline after skipping `offset`, in timeline order (newest local
    /// day first, then newest time, then highest id; undated photos last), with the counts.
    func timelineSlice(_ filter: PhotoFilter, offset: Int, limit: Int) async throws(AlbumError) -> TimelineSlice
    /// Photos per local day between two days (inclusive) that the filter selects.
    func photosPerDay(_ filter: PhotoFilter, from: LocalDate, to: LocalDate) async throws(AlbumError) -> [LocalDate: Int]

    // MARK: Tags

    /// Adds tags to a photo, a pin or every photo of a local day, in one transaction.
    func addTags(_ tags: [TagName], to target: TagTarget) async throws(AlbumError) -> TagChange
    /// Removes tags from a target, in one transaction (a pin's tag from the pin only).
    func removeTags(_ tags: [TagName], from target: TagTarget) async throws(AlbumError) -> TagChange
    /// Every tag with the photos and pins carrying it, most used first (then by name).
    func tagUsage() async throws(AlbumError) -> [TagUsage]

    // MARK: Search

    /// Photos whose title, pin title or note, tags, camera, file name or place match `text`
    /// (case and diacritics folded, prefixes and phrases), that the filter selects, best first.
    func find(_ text: SearchText, filter: PhotoFilter, limit: Int) async throws(AlbumError) -> SearchResults

    // MARK: Summaries and the card

    /// Everything a summary of `from…to` needs, rolled up by the store (no photo row per photo).
    func periodFacts(from: LocalDate, to: LocalDate) async throws(AlbumError) -> PeriodFacts
    /// Photos per local day, pin and camera in a period, in date order.
    func dayPlaceCounts(from: LocalDate, to: LocalDate) async throws(AlbumError) -> [DayPlaceCount]
    /// The pins with these ids as summaries name them.
    func places(_ ids: Set<Int64>) async throws(AlbumError) -> [Int64: PlaceInfo]
    /// About `perGroup` downloaded photos with a thumbnail per local day and pin of the period,
    /// evenly spaced by capture time, in time order (see `AlbumDatabase.collageCandidates`).
    func collageCandidates(from: LocalDate, to: LocalDate, perGroup: Int) async throws(AlbumError) -> [PhotoEntry]

    // MARK: Places and placing

    /// The named places of the library's pins and photos (a photo's own place, else its pin's),
    /// with their pins and photos, most photos first, then by name (`album places`).
    func placeCounts(countryCode: String?) async throws(AlbumError) -> [LibraryPlace]

    /// Gives a photo a place (moving it to the end of that pin's album), in one transaction.
    /// - Returns: the photo after the move, its pin, and whether the pin was created for it.
    func placePhoto(id: Int64, _ placement: PhotoPlacement) async throws(AlbumError) -> (photo: Photo, pin: Pin, created: Bool)
}

/// How both stores order `find`'s matches.
public enum SearchRanking {
    /// Searches matching more photos than this list the newest first, not the best ranked.
    public static let rankedMatches = 10_000
}
