import AlbumModel
import AlbumSeam

/// A place an import puts photos in: an existing pin, or a new one at its photos' centre.
struct PlannedPlace: Sendable {
    enum Destination: Sendable, Hashable {
        case existing(Pin)
        case new(Coordinate)
    }

    var destination: Destination
    /// Photos to store, in album order (capture time, then content hash).
    var newPhotos: [ImportedPhotoRecord]
    /// This folder's photos the pin holds already.
    var knownPhotos: [ImportedPhotoRecord]

    var coordinate: Coordinate {
        switch destination {
        case .existing(let pin): pin.coordinate
        case .new(let centre): centre
        }
    }
}

/// A photo without a position, and the located photo from the same camera nearest in time.
struct PlannedUnplaced: Sendable {
    var photo: ImportedPhotoRecord
    var suggestion: (place: Int, basedOn: ImportedPhotoRecord, secondsApart: Int64)?
}

/// Everything an import will do, decided before anything is stored.
struct ImportPlan: Sendable {
    var places: [PlannedPlace] = []
    var unplaced: [PlannedUnplaced] = []
    var duplicates: [SkippedFile] = []
    var alreadyImported = 0
}

/// Decides where each scanned photo goes. Nothing depends on the order files were found in:
/// duplicates keep the first path in byte order, located photos join the nearest existing pin
/// within the radius or are clustered (`PlaceClustering`) in capture-time-then-hash order.
struct ImportPlanner: Sendable {
    let radiusKm: Double
    let suggestionWindowSeconds: Int64
    /// The nearest existing pin within `radiusKm` (the store, through the seam: on SQLite a read
    /// on the readers).
    let nearestPin: @Sendable (Coordinate) async throws(AlbumError) -> Pin?
    /// The pin with an id, if it still exists.
    let pin: @Sendable (Int64) async throws(AlbumError) -> Pin?

    func plan(_ scanned: [ImportedPhotoRecord]) async throws(AlbumError) -> ImportPlan {
        var plan = ImportPlan()
        // One photo per content hash: the first path in byte order.
        var representatives: [ImportedPhotoRecord] = []
        var firstPath: [String: String] = [:]
        for photo in scanned.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) {
            if case .removed(let id, let pinId) = photo.known {
                let which = [id.map { "photo \($0)" }, pinId.map { "pin \($0)" }].compactMap { $0 }.joined(separator: " in ")
                plan.duplicates.append(SkippedFile(
                    file: photo.path,
                    reason: "removed from the library by the user (\(which.isEmpty ? "same content" : which)): not imported again",
                    duplicateOfPhoto: id))
                continue
            } else if case .stored(let id, let pinId, let original) = photo.known {
                plan.alreadyImported += 1
                plan.duplicates.append(SkippedFile(
                    file: photo.path,
                    reason: "already in the library as photo \(id) \(pinId == Photo.unplacedPinId ? "in the unplaced tray" : "in pin \(pinId)") (from \(original ?? "?"))",
                    duplicateOf: original, duplicateOfPhoto: id))
                if firstPath[photo.contentHash] != nil { continue }
            } else if let first = firstPath[photo.contentHash] {
                plan.duplicates.append(SkippedFile(file: photo.path, reason: "duplicate of \(first)", duplicateOf: first))
                continue
            }
            firstPath[photo.contentHash] = photo.path
            representatives.append(photo)
        }

        var existing: [Int64: PlannedPlace] = [:]
        var loose: [ImportedPhotoRecord] = []
        for photo in representatives {
            if case .stored(_, let pinId, _) = photo.known {
                guard let pin = try await pin(pinId) else { continue }
                existing[pinId, default: PlannedPlace(destination: .existing(pin), newPhotos: [], knownPhotos: [])]
                    .knownPhotos.append(photo)
            } else if let coordinate = photo.coordinate {
                if let pin = try await nearestPin(coordinate) {
                    existing[pin.id, default: PlannedPlace(destination: .existing(pin), newPhotos: [], knownPhotos: [])]
                        .newPhotos.append(photo)
                } else {
                    loose.append(photo)
                }
            } else {
                plan.unplaced.append(PlannedUnplaced(photo: photo))
            }
        }
        plan.places = existing.keys.sorted().compactMap { existing[$0] }
        loose = Self.inTimeOrder(loose)
        for members in PlaceClustering.clusters(loose.compactMap(\.coordinate), radiusKm: radiusKm) {
            let photos = members.map { loose[$0] }
            guard let centre = PlaceClustering.centre(of: photos.compactMap(\.coordinate)) else { continue }
            plan.places.append(PlannedPlace(destination: .new(centre), newPhotos: photos, knownPhotos: []))
        }
        for index in plan.places.indices {
            plan.places[index].newPhotos = Self.inTimeOrder(plan.places[index].newPhotos)
        }
        suggestPlaces(&plan)
        return plan
    }

    /// Gives each unplaced photo the place of the located photo from the same camera (make and
    /// model) taken nearest in time, when that is within the window.
    private func suggestPlaces(_ plan: inout ImportPlan) {
        var located: [String: [(PhotoTime, ImportedPhotoRecord, Int)]] = [:]
        for (index, place) in plan.places.enumerated() {
            for photo in place.newPhotos + place.knownPhotos {
                guard let camera = Self.camera(photo), let time = photo.captureTime else { continue }
                located[camera, default: []].append((time, photo, index))
            }
        }
        for (index, unplaced) in plan.unplaced.enumerated() {
            guard let camera = Self.camera(unplaced.photo), let time = unplaced.photo.captureTime
            else { continue }
            let best = (located[camera] ?? [])
                .map { (seconds: $0.0.secondsApart(from: time), photo: $0.1, place: $0.2) }
                .filter { $0.seconds <= suggestionWindowSeconds }
                .min { ($0.seconds, $0.photo.path) < ($1.seconds, $1.photo.path) }
            if let best { plan.unplaced[index].suggestion = (best.place, best.photo, best.seconds) }
        }
        plan.unplaced.sort { $0.photo.path.utf8.lexicographicallyPrecedes($1.photo.path.utf8) }
    }

    /// Ordered by `sortKey` (capture time, then content), each key made once: made in the
    /// comparison, it parsed and formatted the time twice a comparison (15 % of a lazy import's
    /// CPU at 1,000 files; issue 28).
    static func inTimeOrder(_ photos: [ImportedPhotoRecord]) -> [ImportedPhotoRecord] {
        photos.map { (key: $0.sortKey, photo: $0) }.sorted { $0.key < $1.key }.map(\.photo)
    }

    /// "Same camera": same make and model, at least one of them known.
    private static func camera(_ photo: ImportedPhotoRecord) -> String? {
        guard photo.make != nil || photo.model != nil else { return nil }
        return "\(photo.make ?? "")\u{0}\(photo.model ?? "")"
    }
}
