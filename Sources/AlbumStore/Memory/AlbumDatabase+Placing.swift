import AlbumModel
import AlbumSeam

/// Placing a photo (`MemoryStore` on SQLite): each method is the one body of its query (decision 0075-store).
extension SQLiteLibraryStore {
    /// Gives a photo a place (moving it to the end of that pin's album), in one transaction.
    /// - Returns: the photo after the move and whether a pin was created for it.
    /// - Throws: `AlbumError.notFound` for an unknown photo or pin, `.invalidInput` when there is
    ///   no suggestion or the pin's album already holds the same source photo.
    public func placePhoto(id: Int64, _ placement: PhotoPlacement) async throws(AlbumError) -> (photo: Photo, pin: Pin, created: Bool) {
        try await write { db throws(AlbumError) in
            guard let row = try db.queryOne("SELECT pin_id, suggested_pin_id, source, source_id FROM photos WHERE id = ?", [id])
            else { throw .noPhoto(id, in: path) }
            var created = false
            let pin: Pin
            switch placement {
            case .pin(let pinId):
                guard let found = try AlbumDatabase.fetchPin(db, id: pinId) else { throw .noPin(pinId, in: path) }
                pin = found
            case .coordinate(let coordinate, let radiusKm):
                if let near = try AlbumDatabase.pinsNear(db, coordinate, radiusKm).first {
                    pin = near
                } else {
                    pin = try AlbumDatabase.insertPin(db, coordinate, nil, nil)
                    created = true
                }
            case .suggestion:
                guard let suggested = row.int64("suggested_pin_id"), let found = try AlbumDatabase.fetchPin(db, id: suggested) else {
                    throw .invalidInput("photo \(id) has no suggested place; give --pin ID or --lat and --lon")
                }
                pin = found
            }
            if row.int64("pin_id") != pin.id {
                if let other = try db.queryOne(
                    "SELECT id FROM photos WHERE pin_id = ? AND source = ? AND source_id = ?",
                    [pin.id, row.string("source"), row.string("source_id")])
                {
                    throw .invalidInput("pin \(pin.id) already holds this photo as photo \(other.int64("id") ?? 0)")
                }
                try db.run("""
                    UPDATE photos SET pin_id = ?1, suggested_pin_id = NULL, updated_at = ?2,
                        position = (SELECT coalesce(max(position) + 1, 0) FROM photos WHERE pin_id = ?1)
                    WHERE id = ?3
                    """, [pin.id, Timestamp.now(), id])
            }
            guard let photo = try db.queryOne("SELECT \(AlbumDatabase.photoColumns) FROM photos WHERE id = ?", [id]).map(RowDecoder.photo),
                  let after = try AlbumDatabase.fetchPin(db, id: pin.id)
            else { throw .database("photo \(id) vanished while it was placed") }
            return (photo, after, created)
        }
    }
}
