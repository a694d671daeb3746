import AlbumModel
import AlbumPlaces
import AlbumSeam

extension Library {
    /// The report of an import from its plan and, unless it was a dry run, what the commit did.
    func report(
        root: String, options: ImportOptions, scan: ScanResults, plan: ImportPlan, outcomes: [ImportGroupOutcome?]
    ) -> ImportReport {
        var pins: [ImportedPin] = []
        var placePins: [Int64?] = []
        var imported = 0
        let places = try? Places.standard.get()
        for (index, place) in plan.places.enumerated() {
            let before = pins.count
            defer {
                if pins.count > before, let places {
                    let found = places.lookup(pins[before].coordinate)
                    (pins[before].place, pins[before].timeZone) = (found.place, found.timeZone)
                    pins[before].inferredOffsets = Self.localTimes(place.newPhotos + place.knownPhotos, places).inferred
                    pins[before].placedByTrack = (place.newPhotos + place.knownPhotos).filter { $0.positionSource == .gpx }.count
                }
            }
            let photos = place.newPhotos + place.knownPhotos
            let dates = DateRange.of(places.map { Self.localTimes(photos, $0).times } ?? photos.map(\.takenAt))
            let new = place.newPhotos.count
            switch (place.destination, outcomes[index]) {
            case (_, .some(let outcome)):
                imported += outcome.inserted
                placePins.append(outcome.pin?.id)
                guard let pin = outcome.pin else { continue }  // every photo was stored meanwhile elsewhere
                pins.append(ImportedPin(
                    id: pin.id, coordinate: pin.coordinate, created: outcome.created, photoCount: pin.photoCount,
                    imported: outcome.inserted, dates: dates))
            case (.existing(let pin), nil):
                imported += new
                placePins.append(pin.id)
                pins.append(ImportedPin(
                    id: pin.id, coordinate: pin.coordinate, created: false, photoCount: pin.photoCount + new,
                    imported: new, dates: dates))
            case (.new(let centre), nil):
                imported += new
                placePins.append(nil)
                pins.append(ImportedPin(id: nil, coordinate: centre, created: true, photoCount: new, imported: new, dates: dates))
            }
        }
        let unplaced = plan.unplaced.map { item in
            UnplacedPhoto(
                file: item.photo.path, takenAt: item.photo.takenAt, make: item.photo.make, model: item.photo.model,
                suggestion: item.suggestion.map { s in
                    PlaceSuggestion(
                        pinId: placePins[s.place], coordinate: plan.places[s.place].coordinate, basedOn: s.basedOn.path,
                        secondsApart: s.secondsApart)
                })
        }
        let byPath = { (a: SkippedFile, b: SkippedFile) in a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
        var report = ImportReport(
            folder: root, dryRun: options.dryRun, seen: scan.seen, imported: imported, duplicates: plan.duplicates.count,
            alreadyImported: plan.alreadyImported, unplaced: unplaced, skipped: (scan.skipped + plan.duplicates).sorted(by: byPath),
            warnings: scan.warnings.sorted(by: byPath), pins: pins)
        report.cameraClocks = CameraClock.of(scan.photos)
        return report
    }

    /// The photos' capture times, with the UTC offset appended where the camera wrote none and
    /// the GPS clock or the zone at the photo's position gives one.
    static func localTimes(_ photos: [ImportedPhotoRecord], _ places: PlaceIndex) -> (times: [String?], inferred: Int) {
        var inferred = 0
        let times = photos.map { photo -> String? in
            guard let takenAt = photo.takenAt, takenAt.count == 19, let coordinate = photo.coordinate else { return photo.takenAt }
            let zone = places.lookup(coordinate).timeZone
            let (offset, source) = OffsetInference.infer(
                takenAt: takenAt, gpsTime: photo.gpsTime, zone: zone, clockOffset: photo.clockOffset)
            guard let offset, source != .exif, source != .none else { return takenAt }
            inferred += 1
            return takenAt + offset
        }
        return (times, inferred)
    }
}
