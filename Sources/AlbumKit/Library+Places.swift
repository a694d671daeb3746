import AlbumModel
import AlbumPlaces
import AlbumSeam
import AlbumStore
import Foundation

extension Library {
    /// Gives every pin and photo that has none its place, zone and (photos) UTC offset, in
    /// batches of one transaction each, through the store (both stores, one body). Rows wait,
    /// unnamed, while the place data is missing or malformed; the next command names them. This
    /// is also how a library made before place names gets its pins named: on first open.
    ///
    /// When the place data, zone map or naming rules differ from those that named the library
    /// (`PlaceDataKey`: by their bytes, not where they are), every row is named again, once the
    /// new data has loaded; while it cannot load, the rows keep their names. Reads go to the readers and each batch is one
    /// write, so other pins' claims take turns with it instead of waiting for the whole naming.
    /// - Returns: the problem with the place data, when it kept rows unnamed.
    /// - Throws: `AlbumError.database` when the store fails.
    @discardableResult
    public func nameNewPlaces() async throws(AlbumError) -> AlbumError? {
        let key = PlaceDataKey.standard()
        let stored = try await store.placeDataKey()
        var stale = false, contents = ""
        let current = key.hasStamp(of: stored)
        if !current || PlaceDataKey.contents(of: stored) == nil {
            // The files moved, changed or were touched, or the key predates decision 0133:
            // their bytes decide. The same bytes, or a library with nothing named yet, only
            // bring the stored key up to date.
            let named = try await store.hasNamedPlaces()
            if !named, try await !store.hasUnnamedPlaces() {
                // Nothing to name yet: the stamp alone; the bytes are hashed once rows come.
                if !current { try await store.setPlaceDataKey(key.stamp, description: key.description, renaming: false) }
                return nil
            }
            contents = await BlockingPool.shared.run { key.contents() }
            if current || PlaceDataKey.contents(of: stored) == contents || !named {
                try await store.setPlaceDataKey(
                    key.value(contents: contents), description: key.description(contents: contents), renaming: false)
            } else {
                stale = true
            }
        }
        if !stale, try await !store.hasUnnamedPlaces() { return nil }
        let index: PlaceIndex
        switch await BlockingPool.shared.run({ Places.standard }) {
        case .failure(let problem):
            placeProblem.withLock { $0 = problem }
            return problem
        case .success(let loaded): index = loaded
        }
        if stale {
            try await store.setPlaceDataKey(key.value(contents: contents), description: key.description(contents: contents), renaming: true)
        }
        while true {
            let pins = try await store.unnamedPins(limit: 1000)
            if pins.isEmpty { break }
            try await store.setPinPlaces(zip(pins, index.lookup(pins.map(\.coordinate))).map { ($0.id, $1.place, $1.timeZone) })
        }
        var named = 0
        while true {
            let photos = try await store.unnamedPhotos(limit: 2000)
            if photos.isEmpty { break }
            try await store.setPhotoPlaces(Array(zip(photos.map(\.id), Self.locals(of: photos, index: index))))
            named += photos.count
        }
        // SQLite: each named photo was re-indexed for search; after many, merge the index's
        // segments (in short transactions) so `find` does not read through their delete markers.
        if named >= Self.searchMergeAfter, let sqlite {
            while try await sqlite.store.mergeSearchIndex(pages: 2000) {}
        }
        return nil
    }

    /// Photos named in one go past which the search index is merged (a library's first naming,
    /// an upgrade); fewer leave it to FTS5's own automatic merging.
    static let searchMergeAfter = 10_000

    /// Names new places, but a library that cannot be written to (a read-only copy) still reads.
    func nameNewPlacesIfPossible() async {
        _ = try? await nameNewPlaces()
    }

    /// What the place data says about each photo: the positions looked up together (the
    /// index's batch path, decision 0045-places).
    static func locals(of photos: [UnnamedPhoto], index: PlaceIndex) -> [PhotoPlace] {
        var found = index.lookup(photos.compactMap(\.coordinate)).makeIterator()
        return photos.map { photo in local(of: photo, found: photo.coordinate == nil ? nil : found.next()) }
    }

    /// What the place data says about one photo, given what the index found at its position.
    static func local(of photo: UnnamedPhoto, found: PlaceLookup?) -> PhotoPlace {
        var local = PhotoPlace()
        if let found {
            local.place = found.place
            local.timeZone = found.timeZone
            local.positionSource = photo.positionSource ?? (photo.origin == .imported ? .exif : .source)
        } else {
            local.timeZone = photo.pinTimeZone
        }
        (local.offset, local.offsetSource) = OffsetInference.infer(
            takenAt: photo.takenAt, gpsTime: photo.gpsTime, zone: local.timeZone, clockOffset: photo.clockOffset)
        return local
    }

    /// The problem with the place data, once a command needed it and it failed.
    public var placeDataProblem: AlbumError? { placeProblem.withLock { $0 } }

    /// The places of the library with their pin and photo counts, most photos first.
    public func places(countryCode: String?) async throws(AlbumError) -> [LibraryPlace] {
        // A library that cannot be written to (a read-only copy) still lists what is named.
        await nameNewPlacesIfPossible()
        return try await store.placeCounts(countryCode: countryCode)
    }

    /// Resolves a place name (`Kyoto`, `Paris, FR`, `Springfield, US-IL`) with the standard
    /// place data.
    /// - Throws: `AlbumError.notFound` with the closest spellings for an unknown name;
    ///   the place data's own error when it cannot be loaded.
    public static func resolvePlace(_ query: String) throws(AlbumError) -> PlaceMatches {
        try Places.standard.get().resolve(query)
    }
}
