import AlbumModel
import AlbumStore

extension Library {
    /// Adds a pin.
    public func addPin(at coordinate: Coordinate, title: String?, note: String?) throws(AlbumError) -> Pin {
        let pin = try database.addPin(at: coordinate, title: title, note: note)
        try nameNewPlaces()
        return try database.requirePin(id: pin.id)
    }

    /// Every pin, oldest first.
    public func pins() throws(AlbumError) -> [Pin] { try database.pins() }

    /// The pin with this id. - Throws: `AlbumError.notFound` naming the id.
    public func pin(id: Int64) throws(AlbumError) -> Pin { try database.requirePin(id: id) }

    /// Moves a pin; its album, which belonged to the old place, is emptied.
    public func movePin(id: Int64, to coordinate: Coordinate) throws(AlbumError) -> Pin {
        let hashes = try database.contentHashes(pinId: id)
        let pin = try database.movePin(id: id, to: coordinate).pin
        try removeUnusedFiles(hashes)
        try nameNewPlaces()
        return try database.requirePin(id: pin.id)
    }

    /// Removes a pin and its album.
    @discardableResult
    public func removePin(id: Int64) throws(AlbumError) -> Pin {
        let hashes = try database.contentHashes(pinId: id)
        let pin = try database.removePin(id: id)
        try removeUnusedFiles(hashes)
        return pin
    }

    /// Stores the map region.
    public func setRegion(_ region: Region) throws(AlbumError) { try database.setRegion(region) }

    /// The stored map region, or nil.
    public func region() throws(AlbumError) -> Region? { try database.region() }
}

extension Library {
    /// Where the library's data stands: equal versions mean nothing was committed in between
    /// (here or by another `album` process). For caches of answers (`album serve`).
    public func version() throws(AlbumError) -> LibraryVersion { try database.version() }
}
