import AlbumModel
import AlbumSeam

extension Library {
    /// Adds a pin (named with its place, on a folder library).
    public func addPin(at coordinate: Coordinate, title: String?, note: String?) async throws(AlbumError) -> Pin {
        let pin = try await store.addPin(at: coordinate, title: title, note: note)
        try await nameNewPlaces()
        return try await store.requirePin(id: pin.id)
    }

    /// Every pin, oldest first.
    public func pins() async throws(AlbumError) -> [Pin] { try await store.pins() }

    /// The pin with this id. - Throws: `AlbumError.notFound` naming the id.
    public func pin(id: Int64) async throws(AlbumError) -> Pin { try await store.requirePin(id: id) }

    /// Moves a pin; its album, which belonged to the old place, is emptied.
    public func movePin(id: Int64, to coordinate: Coordinate) async throws(AlbumError) -> Pin {
        let hashes = try await store.contentHashes(pinId: id)
        let pin = try await store.movePin(id: id, to: coordinate).pin
        try await removeUnusedFiles(hashes, on: .shared)
        try await nameNewPlaces()
        return try await store.requirePin(id: pin.id)
    }

    /// Changes a pin's title and/or note; `nil` leaves one as it is, `.some(nil)` or an empty
    /// text clears it (a pin without a title is shown by its place).
    public func editPin(id: Int64, title: String??, note: String??) async throws(AlbumError) -> Pin {
        func cleared(_ value: String??) -> String?? { value.map { $0.flatMap { $0.isEmpty ? nil : $0 } } }
        return try await store.editPin(id: id, title: cleared(title), note: cleared(note))
    }

    /// Removes a pin and its album.
    @discardableResult
    public func removePin(id: Int64) async throws(AlbumError) -> Pin {
        let hashes = try await store.contentHashes(pinId: id)
        let pin = try await store.removePin(id: id)
        try await removeUnusedFiles(hashes, on: .shared)
        return pin
    }

    /// Stores the map region.
    public func setRegion(_ region: Region) async throws(AlbumError) { try await store.setRegion(region) }

    /// The stored map region, or nil.
    public func region() async throws(AlbumError) -> Region? { try await store.region() }
}

extension Library {
    /// Where the library's data stands: equal versions mean nothing was committed in between
    /// (here or by another `album` process). For caches of answers (`album serve`).
    public func version() async throws(AlbumError) -> LibraryVersion { try await store.version() }
}
