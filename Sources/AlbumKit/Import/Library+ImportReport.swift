import AlbumModel
import AlbumStore

extension Library {
    /// The report of an import from its plan and, unless it was a dry run, what the commit did.
    func report(
        root: String, options: ImportOptions, scan: ScanResults, plan: ImportPlan, outcomes: [ImportGroupOutcome?]
    ) -> ImportReport {
        var pins: [ImportedPin] = []
        var placePins: [Int64?] = []
        var imported = 0
        for (index, place) in plan.places.enumerated() {
            let dates = DateRange.of((place.newPhotos + place.knownPhotos).map(\.takenAt))
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
        return ImportReport(
            folder: root, dryRun: options.dryRun, seen: scan.seen, imported: imported, duplicates: plan.duplicates.count,
            alreadyImported: plan.alreadyImported, unplaced: unplaced, skipped: (scan.skipped + plan.duplicates).sorted(by: byPath),
            warnings: scan.warnings.sorted(by: byPath), pins: pins)
    }
}
