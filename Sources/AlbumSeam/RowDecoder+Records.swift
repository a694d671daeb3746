import AlbumModel

/// More rows by name, for both stores (`StoredRow`): an album and a share link, each decoded in
/// one place instead of once per store by position.
extension RowDecoder {
    /// An `albums` row (`albumColumns`), or a `pending_searches` row read with the same names (its
    /// page, total and pages are 0: nothing was fetched yet).
    public static func album(_ row: some StoredRow) -> AlbumInfo {
        AlbumInfo(
            pinId: row.int64("pin_id") ?? 0, source: row.string("source") ?? "", endpoint: row.string("endpoint"),
            radiusKm: row.double("radius_km") ?? 0, perPage: int(row, "per_page") ?? 0, page: int(row, "page") ?? 1,
            total: int(row, "total") ?? 0, pages: int(row, "pages") ?? 0)
    }

    /// The columns `album(_:)` reads from `albums`.
    public static let albumColumns = "pin_id, source, endpoint, radius_km, per_page, page, total, pages"
    /// The same from `pending_searches s`: a search has no page yet.
    public static let pendingSearchColumns = """
        s.pin_id AS pin_id, s.source AS source, s.endpoint AS endpoint, s.radius_km AS radius_km, s.per_page AS per_page,
        CAST(0 AS bigint) AS page, CAST(0 AS bigint) AS total, CAST(0 AS bigint) AS pages
        """

    /// A `share_links` row (`shareColumns`).
    public static func shareLink(_ row: some StoredRow) -> ShareLink {
        ShareLink(
            id: row.int64("id") ?? 0, userId: row.int64("user_id"), pinId: row.int64("pin_id") ?? 0,
            createdAt: row.int64("created_at") ?? 0, expiresAt: row.int64("expires_at") ?? 0, revokedAt: row.int64("revoked_at"))
    }

    /// The columns `shareLink(_:)` reads.
    public static let shareColumns = "id, user_id, pin_id, created_at, expires_at, revoked_at"
}

extension RowDecoder {
    /// A `photo_days` row (SQLite) or the same grouped from `photos` (PostgreSQL): `local_date`,
    /// `pin_id` (0: unplaced), `make` and `model` ('' when unknown), `photos`, `first_taken`.
    /// nil for a row without a day.
    public static func dayPlaceCount(_ row: some StoredRow) -> DayPlaceCount? {
        guard let date = row.string("local_date").flatMap({ LocalDate($0) }) else { return nil }
        let pin = row.int64("pin_id") ?? 0
        return DayPlaceCount(
            date: date, pinId: pin == 0 ? nil : pin, make: row.string("make").flatMap { $0.isEmpty ? nil : $0 },
            model: row.string("model").flatMap { $0.isEmpty ? nil : $0 }, photos: int(row, "photos") ?? 0,
            firstTaken: row.string("first_taken"))
    }
}
