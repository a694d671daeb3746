#if PostgreSQL
import AlbumModel
import AlbumSeam

extension PostgresStore {
    static let pinColumns = """
        p.id, p.latitude, p.longitude, p.title, p.note, p.created_at, p.updated_at,
        (SELECT count(*) FROM photos WHERE pin_id = p.id) AS photo_count,
        p.place_name, p.place_region, p.place_country, p.place_country_code, p.place_distance_km, p.time_zone
        """

    /// Stores a new pin and returns it with its id.
    public func addPin(at coordinate: Coordinate, title: String?, note: String?) async throws(AlbumError) -> Pin {
        try await write { db throws(AlbumError) in try await Self.insertPin(db, coordinate, title, note) }
    }

    static func insertPin(_ db: Session, _ coordinate: Coordinate, _ title: String?, _ note: String?) async throws(AlbumError) -> Pin {
        let now = Timestamp.now()
        guard let id = try await db.queryOne(
            "INSERT INTO pins (latitude, longitude, title, note, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            [coordinate.latitude, coordinate.longitude, title, note, now, now])?.int64(0),
            let pin = try await fetchPin(db, id: id)
        else { throw .database("\(db.store.name): a new pin vanished after insert") }
        return pin
    }

    /// Every pin, oldest first, with its photo count.
    public func pins() async throws(AlbumError) -> [Pin] {
        try await read { db throws(AlbumError) in
            var pins: [Pin] = []
            for row in try await db.query("SELECT \(Self.pinColumns) FROM pins p ORDER BY p.id") { pins.append(try RowDecoder.pin(row)) }
            return pins
        }
    }

    /// The pin with this id, or nil.
    public func pin(id: Int64) async throws(AlbumError) -> Pin? {
        try await read { db throws(AlbumError) in try await Self.fetchPin(db, id: id) }
    }

    /// The pin with this id. - Throws: `AlbumError.notFound` naming the id.
    public func requirePin(id: Int64) async throws(AlbumError) -> Pin {
        guard let pin = try await pin(id: id) else { throw .noPin(id) }
        return pin
    }

    /// Pins within `radiusKm` of `center`, nearest first.
    public func pins(near center: Coordinate, radiusKm: Double) async throws(AlbumError) -> [Pin] {
        try await read { db throws(AlbumError) in try await Self.pinsNear(db, center, radiusKm) }
    }

    static func pinsNear(_ db: Session, _ center: Coordinate, _ radiusKm: Double) async throws(AlbumError) -> [Pin] {
        let box = center.boundingBox(radiusKm: radiusKm)
        var found: [Pin] = []
        for range in box.longitudeRanges {
            for row in try await db.query("""
                SELECT \(pinColumns) FROM pins p
                WHERE p.latitude BETWEEN $1 AND $2 AND p.longitude BETWEEN $3 AND $4
                """, [box.minLatitude - 1e-9, box.maxLatitude + 1e-9, range.lowerBound - 1e-9, range.upperBound + 1e-9])
            {
                found.append(try RowDecoder.pin(row))
            }
        }
        var seen = Set<Int64>()
        return found
            .filter { seen.insert($0.id).inserted && $0.coordinate.distanceKm(to: center) <= radiusKm }
            .sorted { $0.coordinate.distanceKm(to: center) < $1.coordinate.distanceKm(to: center) }
    }

    /// Finds the pin within `toleranceKm` of `coordinate` (the nearest) or creates it, atomically
    /// across every worker: two processes fetching the same place end up with one pin.
    /// With `pendingSearch`, a pin without an album is marked as waiting for its first collection
    /// in the same transaction.
    public func findOrCreatePin(
        at coordinate: Coordinate, toleranceKm: Double, title: String?, pendingSearch: AlbumInfo? = nil
    ) async throws(AlbumError) -> (pin: Pin, created: Bool) {
        try await write { db throws(AlbumError) in
            // Pins are found then created: one at a time across the library (released at commit).
            try await db.run("SELECT pg_advisory_xact_lock(7226216002)")
            let found = try await Self.pinsNear(db, coordinate, toleranceKm).first
            let pin: Pin
            if let found { pin = found } else { pin = try await Self.insertPin(db, coordinate, title, nil) }
            if var search = pendingSearch, try await Self.fetchAlbum(db, pinId: pin.id) == nil {
                search.pinId = pin.id
                try await Self.insertPendingSearch(db, search)
            }
            return (pin, found == nil)
        }
    }

    /// Changes a pin's title and/or note (`nil`: left as it is; `.some(nil)`: cleared).
    public func editPin(id: Int64, title: String??, note: String??) async throws(AlbumError) -> Pin {
        try await write { db throws(AlbumError) in
            guard try await Self.fetchPin(db, id: id) != nil else { throw .notFound("no pin with id \(id) in \(name)") }
            if let title { try await db.run("UPDATE pins SET title = $1, updated_at = $2 WHERE id = $3", [title, Timestamp.now(), id]) }
            if let note { try await db.run("UPDATE pins SET note = $1, updated_at = $2 WHERE id = $3", [note, Timestamp.now(), id]) }
            guard let pin = try await Self.fetchPin(db, id: id) else { throw .notFound("no pin with id \(id) in \(name)") }
            return pin
        }
    }

    /// Deletes a pin with its album. - Throws: `AlbumError.notFound` naming the id.
    @discardableResult
    public func removePin(id: Int64) async throws(AlbumError) -> Pin {
        try await write { db throws(AlbumError) in
            guard let pin = try await Self.fetchPin(db, id: id) else { throw .noPin(id) }
            try await db.run("DELETE FROM pins WHERE id = $1", [id])
            return pin
        }
    }

    static func fetchPin(_ db: Session, id: Int64) async throws(AlbumError) -> Pin? {
        guard let row = try await db.queryOne("SELECT \(pinColumns) FROM pins p WHERE p.id = $1", [id]) else { return nil }
        return try RowDecoder.pin(row)
    }
}
#endif
