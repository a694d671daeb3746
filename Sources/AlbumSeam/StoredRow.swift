import AlbumModel
import Foundation

/// A result row of either store, read by column name: SQLite's `Row` and PostgreSQL's. Both
/// schemas name the columns of `pins` and `photos` alike, so a row becomes a value in one place
/// (`RowDecoder`) for both. A name the query does not return is a bug in the query and stops the
/// program with the name.
public protocol StoredRow {
    /// The column's text; nil for NULL.
    func string(_ name: String) -> String?
    /// The column's integer; nil for NULL.
    func int64(_ name: String) -> Int64?
    /// The column's number; nil for NULL.
    func double(_ name: String) -> Double?
}

/// The one mapping from `pins` and `photos` rows to values, for both stores. Adding a column to
/// `photos`: a migration in each schema (`Schema.swift`, `PostgresSchema.swift`), the field on
/// `Photo`, its line in `photo(_:)` here, and where it is written (`PhotoRecord`, the PostgreSQL
/// insert) — see docs/architecture.md, "Adding a photo column".
public enum RowDecoder {
    /// A place from the `place_name`, `place_region`, `place_country`, `place_country_code` and
    /// `place_distance_km` columns (a pin's or a photo's); nil when it has none.
    @inlinable
    public static func place(_ row: some StoredRow) -> Place? {
        guard let name = row.string("place_name"), let code = row.string("place_country_code") else { return nil }
        return Place(
            name: name, region: row.string("place_region"), country: row.string("place_country"), countryCode: code,
            distanceKm: row.double("place_distance_km") ?? 0)
    }

    /// A `pins` row with its `photo_count`.
    @inlinable
    public static func pin(_ row: some StoredRow) throws(AlbumError) -> Pin {
        var pin = Pin(
            id: row.int64("id") ?? 0,
            coordinate: try Coordinate(latitude: row.double("latitude") ?? .nan, longitude: row.double("longitude") ?? .nan),
            title: row.string("title"), note: row.string("note"), photoCount: row.int64("photo_count").map { Int($0) } ?? 0,
            createdAt: Timestamp.parse(row.string("created_at")), updatedAt: Timestamp.parse(row.string("updated_at")))
        pin.place = place(row)
        pin.timeZone = row.string("time_zone")
        return pin
    }

    /// A `photos` row (every column the stores read) as a `Photo`.
    @inlinable
    public static func photo(_ row: some StoredRow) throws(AlbumError) -> Photo {
        var coordinate: Coordinate?
        if let lat = row.double("latitude"), let lon = row.double("longitude") {
            coordinate = try? Coordinate(latitude: lat, longitude: lon)
        }
        var photo = Photo(
            id: row.int64("id") ?? 0, pinId: row.int64("pin_id") ?? Photo.unplacedPinId,
            source: row.string("source") ?? "", sourceId: row.string("source_id") ?? "",
            title: row.string("title"), url: row.string("url"),
            state: try PhotoState(name: row.string("state") ?? "", failure: row.string("failure")),
            attempts: int(row, "attempts") ?? 0, file: row.string("file"), thumbnail: row.string("thumbnail"),
            contentHash: row.string("content_hash"), bytes: row.int64("bytes"), width: int(row, "width"),
            height: int(row, "height"), takenAt: row.string("taken_at"), coordinate: coordinate,
            camera: Camera(
                make: row.string("camera_make"), model: row.string("camera_model"),
                orientation: int(row, "orientation"), altitude: row.double("altitude")
            ).nonEmpty)
        photo.local = photoPlace(row)
        photo.accuracy = int(row, "accuracy")
        photo.license = row.string("license")
        photo.provenance = Provenance(
            ownerId: row.string("owner_id"), ownerName: row.string("owner_name"), licenseId: row.string("license_id"),
            licenseURL: row.string("license_url"), pageURL: row.string("page_url"), uploadedAt: row.string("uploaded_at"),
            sourceTakenAt: row.string("source_taken_at"), copyright: row.string("copyright"))
        return photo
    }

    /// The place, zone and offset columns of a `photos` row.
    @inlinable
    public static func photoPlace(_ row: some StoredRow) -> PhotoPlace {
        PhotoPlace(
            place: place(row), timeZone: row.string("time_zone"), offset: row.string("utc_offset"),
            // `user` is stored as NULL beside an offset (SQLite's migration addPhotoClockOffset).
            offsetSource: row.string("offset_source").flatMap(OffsetSource.init(rawValue:))
                ?? (row.string("utc_offset") == nil ? nil : .user),
            positionSource: row.string("position_source").flatMap(PositionSource.init(rawValue:)))
    }

    /// A timeline entry: the columns `id, pin_id, title, state, taken_at, local_date, place,
    /// latitude, longitude, thumbnail, source` (both stores' `entryColumns`: the place and position
    /// are the photo's own, else its pin's).
    @inlinable
    public static func entry(_ row: some StoredRow) -> PhotoEntry {
        PhotoEntry(
            id: row.int64("id") ?? 0, pinId: row.int64("pin_id"), title: row.string("title"), state: row.string("state") ?? "",
            takenAt: row.string("taken_at"), localDate: row.string("local_date").flatMap { LocalDate($0) },
            place: row.string("place"), latitude: row.double("latitude"), longitude: row.double("longitude"),
            thumbnail: row.string("thumbnail"), source: row.string("source") ?? "")
    }

    /// A reminder: the columns `id, pin_id, pin_title, text, kind, rule, zone, zone_source,
    /// scheduled_at, snoozed_until, done (0 or 1), deliveries, last_delivered_at, last_error,
    /// created_at, delivered_by` (both stores' `reminderColumns`).
    /// - Throws: `AlbumError.invalidInput` for a rule the store should not hold.
    @inlinable
    public static func reminder(_ row: some StoredRow) throws(AlbumError) -> Reminder {
        try ReminderRecord.reminder(
            id: row.int64("id"), pinId: row.int64("pin_id"), pinTitle: row.string("pin_title"), text: row.string("text"),
            kind: row.string("kind"), rule: row.string("rule"), zone: row.string("zone"), zoneSource: row.string("zone_source"),
            scheduledAt: row.int64("scheduled_at"), snoozedUntil: row.int64("snoozed_until"), isDone: row.int64("done") == 1,
            deliveries: int(row, "deliveries"), lastDeliveredAt: row.int64("last_delivered_at"), lastError: row.string("last_error"),
            createdAt: row.string("created_at"), deliveredBy: row.string("delivered_by"))
    }

    @inlinable
    static func int(_ row: some StoredRow, _ name: String) -> Int? { row.int64(name).map { Int($0) } }
}
