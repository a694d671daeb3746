import AlbumModel
import AlbumSeam

extension AlbumDatabase {
    /// Every column of `pins` (rows are read by name) and the pin's photo count.
    private static let pinColumns = "p.*, (SELECT count(*) FROM photos WHERE pin_id = p.id) AS photo_count"

    /// Stores a new pin and returns it with its id.
    public func addPin(at coordinate: Coordinate, title: String?, note: String?) throws(AlbumError) -> Pin {
        try write { db throws(AlbumError) in try Self.insertPin(db, coordinate, title, note) }
    }

    static func insertPin(_ db: SQL, _ coordinate: Coordinate, _ title: String?, _ note: String?) throws(AlbumError) -> Pin {
        let now = Timestamp.now()
        try db.run(
            "INSERT INTO pins (latitude, longitude, title, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            [coordinate.latitude, coordinate.longitude, title, note, now, now])
        let id = db.lastInsertRowID
        guard let pin = try fetchPin(db, id: id) else { throw .database("pin \(id) vanished after insert") }
        return pin
    }

    /// Every pin, oldest first, with its photo count.
    public func pins() throws(AlbumError) -> [Pin] {
        try read { db throws(AlbumError) in
            try db.query("SELECT \(Self.pinColumns) FROM pins p ORDER BY p.id").map(RowDecoder.pin)
        }
    }

    /// The pin with this id, or nil.
    public func pin(id: Int64) throws(AlbumError) -> Pin? {
        try read { db throws(AlbumError) in try Self.fetchPin(db, id: id) }
    }

    /// The pin with this id.
    /// - Throws: `AlbumError.notFound` naming the id.
    public func requirePin(id: Int64) throws(AlbumError) -> Pin {
        guard let pin = try pin(id: id) else { throw .noPin(id, in: name) }
        return pin
    }

    /// Pins within `radiusKm` of `center`, nearest first (an R*Tree box lookup, then exact distance).
    public func pins(near center: Coordinate, radiusKm: Double) throws(AlbumError) -> [Pin] {
        try read { db throws(AlbumError) in try Self.pinsNear(db, center, radiusKm) }
    }

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

    /// Moves a pin. Its fetched album belonged to the old place: those photos and the search are
    /// dropped so the next fetch searches the new place (photos the user removed stay removed;
    /// the user's own imported photos stay with the pin).
    /// - Returns: the moved pin and the number of photos dropped.
    /// - Throws: `AlbumError.notFound` naming the id.
    public func movePin(id: Int64, to coordinate: Coordinate) throws(AlbumError) -> (pin: Pin, droppedPhotos: Int) {
        try write { db throws(AlbumError) in
            let changed = try db.run(
                "UPDATE pins SET latitude = ?, longitude = ?, updated_at = ? WHERE id = ?",
                [coordinate.latitude, coordinate.longitude, Timestamp.now(), id])
            guard changed == 1 else { throw .noPin(id, in: name) }
            let dropped = try db.run("DELETE FROM photos WHERE pin_id = ? AND source <> ?", [id, PhotoOrigin.imported.stored])
            try db.run("DELETE FROM albums WHERE pin_id = ?", [id])
            guard let pin = try Self.fetchPin(db, id: id) else { throw .notFound("no pin with id \(id)", subject: .pin(id)) }
            return (pin, dropped)
        }
    }

    /// Changes a pin's title and/or note (`nil`: left as it is; `.some(nil)`: cleared).
    /// - Throws: `AlbumError.notFound` naming the id.
    public func editPin(id: Int64, title: String??, note: String??) throws(AlbumError) -> Pin {
        try write { db throws(AlbumError) in
            guard try Self.fetchPin(db, id: id) != nil else { throw .noPin(id, in: name) }
            if let title { try db.run("UPDATE pins SET title = ?, updated_at = ? WHERE id = ?", [title, Timestamp.now(), id]) }
            if let note { try db.run("UPDATE pins SET note = ?, updated_at = ? WHERE id = ?", [note, Timestamp.now(), id]) }
            guard let pin = try Self.fetchPin(db, id: id) else { throw .noPin(id, in: name) }
            return pin
        }
    }

    /// Deletes a pin with its album.
    /// - Throws: `AlbumError.notFound` naming the id.
    @discardableResult
    public func removePin(id: Int64) throws(AlbumError) -> Pin {
        try write { db throws(AlbumError) in
            guard let pin = try Self.fetchPin(db, id: id) else { throw .noPin(id, in: name) }
            try db.run("DELETE FROM pins WHERE id = ?", [id])
            return pin
        }
    }

    static func fetchPin(_ db: SQL, id: Int64) throws(AlbumError) -> Pin? {
        try db.queryOne("SELECT \(pinColumns) FROM pins p WHERE p.id = ?", [id]).map(RowDecoder.pin)
    }

}
