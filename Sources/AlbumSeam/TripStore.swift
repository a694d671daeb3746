import AlbumModel

/// What trips and homes read and keep (issue 29, decision 0095-entries). SQLite answers it in
/// `Records/AlbumDatabase+Trips.swift`, PostgreSQL in `PostgresStore+Trips.swift`, one body per
/// method (decision 0075-store).
public protocol TripStore: Sendable {
    /// Every dated photo and entry folded to its day and place (`DayPlace`), in date order then
    /// by first time: one read.
    func dayPlaces() async throws(AlbumError) -> [DayPlace]
    /// The homes the user set, oldest `since` first (nil first).
    func homes() async throws(AlbumError) -> [Home]
    /// Sets a home from `since` (a home with the same `since` is replaced), in one transaction.
    func setHome(_ coordinate: Coordinate, placeName: String?, since: LocalDate?) async throws(AlbumError) -> Home
    /// Removes a home. - Throws: `AlbumError.notFound` for an unknown id.
    func removeHome(id: Int64) async throws(AlbumError)
}
