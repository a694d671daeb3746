import AlbumModel
import AlbumSeam

/// Pins (`PinStore` on SQLite): each method is the one body of its query (decision 0075-store).
extension SQLiteLibraryStore {
    public func addPin(at coordinate: Coordinate, title: String?, note: String?) async throws(AlbumError) -> Pin {
        try await write { db throws(AlbumError) in try AlbumDatabase.insertPin(db, coordinate, title, note) }
    }

    public func pins() async throws(AlbumError) -> [Pin] {
        try await read { db throws(AlbumError) in
            try db.query("SELECT \(AlbumDatabase.pinColumns) FROM pins p ORDER BY p.id").map(RowDecoder.pin)
        }
    }

    public func pin(id: Int64) async throws(AlbumError) -> Pin? {
        try await read { db throws(AlbumError) in try AlbumDatabase.fetchPin(db, id: id) }
    }

    public func pins(near center: Coordinate, radiusKm: Double) async throws(AlbumError) -> [Pin] {
        try await read { db throws(AlbumError) in try AlbumDatabase.pinsNear(db, center, radiusKm) }
    }

    /// Moves a pin. Its fetched album belonged to the old place: those photos and the search are
    /// dropped so the next fetch searches the new place (photos the user removed stay removed;
    /// the user's own imported photos stay with the pin).
    public func movePin(id: Int64, to coordinate: Coordinate) async throws(AlbumError) -> (pin: Pin, droppedPhotos: Int) {
        try await write { [name] db throws(AlbumError) in
            let changed = try db.run(
                "UPDATE pins SET latitude = ?, longitude = ?, updated_at = ? WHERE id = ?",
                [coordinate.latitude, coordinate.longitude, Timestamp.now(), id])
            guard changed == 1 else { throw .noPin(id, in: name) }
            let dropped = try db.run("DELETE FROM photos WHERE pin_id = ? AND source <> ?", [id, PhotoOrigin.imported.stored])
            try db.run("DELETE FROM albums WHERE pin_id = ?", [id])
            guard let pin = try AlbumDatabase.fetchPin(db, id: id) else { throw .noPin(id, in: name) }
            return (pin, dropped)
        }
    }

    public func editPin(id: Int64, title: String??, note: String??) async throws(AlbumError) -> Pin {
        try await write { [name] db throws(AlbumError) in
            guard try AlbumDatabase.fetchPin(db, id: id) != nil else { throw .noPin(id, in: name) }
            if let title { try db.run("UPDATE pins SET title = ?, updated_at = ? WHERE id = ?", [title, Timestamp.now(), id]) }
            if let note { try db.run("UPDATE pins SET note = ?, updated_at = ? WHERE id = ?", [note, Timestamp.now(), id]) }
            guard let pin = try AlbumDatabase.fetchPin(db, id: id) else { throw .noPin(id, in: name) }
            return pin
        }
    }

    /// Deletes a pin with its album.
    @discardableResult
    public func removePin(id: Int64) async throws(AlbumError) -> Pin {
        try await write { [name] db throws(AlbumError) in
            guard let pin = try AlbumDatabase.fetchPin(db, id: id) else { throw .noPin(id, in: name) }
            try db.run("DELETE FROM pins WHERE id = ?", [id])
            return pin
        }
    }
}

/// The connection-level pin helpers several store bodies share (import, placing, plans).
extension AlbumDatabase {
    /// Every column of `pins` (rows are read by name) and the pin's photo count.
    static let pinColumns = "p.*, (SELECT count(*) FROM photos WHERE pin_id = p.id) AS photo_count"

    static func insertPin(_ db: SQL, _ coordinate: Coordinate, _ title: String?, _ note: String?) throws(AlbumError) -> Pin {
        let now = Timestamp.now()
        try db.run(
            "INSERT INTO pins (latitude, longitude, title, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            [coordinate.latitude, coordinate.longitude, title, note, now, now])
        let id = db.lastInsertRowID
        guard let pin = try fetchPin(db, id: id) else { throw .database("pin \(id) vanished after insert") }
        return pin
    }

    /// Pins within `radiusKm` of `center`, nearest first (an R*Tree box lookup, then exact distance).
    static func pinsNear(_ db: SQL, _ center: Coordinate, _ radiusKm: Double) throws(AlbumError) -> [Pin] {
        let box = center.boundingBox(radiusKm: radiusKm)
        var found: [Pin] = []
        for range in box.longitudeRanges {
            // R*Tree stores 32-bit floats rounded outwards; widen by a hair so edge pins match,
            // the exact distance test below decides.
            found += try db.query("""
                SELECT \(pinColumns) FROM pins_box b JOIN pins p ON p.id = b.id
                WHERE b.max_lat >= ? AND b.min_lat <= ? AND b.max_lon >= ? AND b.min_lon <= ?
                """,
                [box.minLatitude - 1e-5, box.maxLatitude + 1e-5, range.lowerBound - 1e-5, range.upperBound + 1e-5]
            ).map(RowDecoder.pin)
        }
        var seen = Set<Int64>()
        return found
            .filter { seen.insert($0.id).inserted && $0.coordinate.distanceKm(to: center) <= radiusKm }
            .sorted { $0.coordinate.distanceKm(to: center) < $1.coordinate.distanceKm(to: center) }
    }

    static func fetchPin(_ db: SQL, id: Int64) throws(AlbumError) -> Pin? {
        try db.queryOne("SELECT \(pinColumns) FROM pins p WHERE p.id = ?", [id]).map(RowDecoder.pin)
    }
}
