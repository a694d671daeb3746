import AlbumAudio
import AlbumFiles
import AlbumModel
import AlbumSeam
import AlbumStore
import Foundation

extension Library {
    /// Imports the photos under `folder`: walks it (streaming, in parallel on `pool`), reads each
    /// file's EXIF and thumbnails it, groups located photos into places (existing pins within
    /// `options.radiusKm` are reused), and stores them as `downloaded` photos with source
    /// `import` in one transaction. With `options.dryRun` nothing is written.
    ///
    /// Open the library with `openForReading` for a dry run (so that not even its folder is made).
    /// On a PostgreSQL library the originals are always copied into the shared files folder: a
    /// path on the importing machine is no use to the other workers (decision 0042-seam).
    /// - Throws: `AlbumError.invalidInput` when `folder` is not a folder, `.database` when the
    ///   store fails, `.io` when the library cannot be written. A bad file is never an error:
    ///   it is in the report's `skipped` with its reason.
    public func importFolder(
        _ folder: URL, options: ImportOptions, pool: BlockingPool = .shared,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws(AlbumError) -> ImportReport {
        var options = options
        if !isFolderLibrary { options.copy = true }
        let root = folder.standardizedFileURL.path
        if !options.dryRun { try await recoverFromCrash(pool: pool) }
        let walker = try FolderWalker(root: root, excluding: [self.folder.path])
        var scan = try await scanAll(
            walker, root: root, PhotoScanner(library: self, options: options), pool: pool, progress: progress)
        if let source = options.recordedSource {
            for i in scan.photos.indices { scan.photos[i].originalPath = source }
        }

        // Pictures the library has already, re-encoded, resized or cropped (issue 29).
        let lookalikes = try await findLookalikes(in: &scan, options: options)

        let store = self.store
        let radius = options.radiusKm
        // The planner asks the store through the seam, async on either store (SQLite: its readers).
        let planner = ImportPlanner(
            radiusKm: radius, suggestionWindowSeconds: options.suggestionWindowSeconds,
            nearestPin: { c throws(AlbumError) in try await store.pins(near: c, radiusKm: radius).first },
            pin: { id throws(AlbumError) in try await store.pin(id: id) })
        let plan = try await planner.plan(scan.photos)

        var outcomes: [ImportGroupOutcome?] = Array(repeating: nil, count: plan.places.count)
        // Photos without a place are stored too, in the unplaced tray, each with its suggestion.
        var unplacedStored = plan.unplaced.count
        if !options.dryRun {
            var groups = plan.places.map { place in
                ImportGroup(destination: destination(place, note: options.pinNote), photos: place.newPhotos)
            }
            if !plan.unplaced.isEmpty {
                groups.append(ImportGroup(destination: .unplaced, photos: plan.unplaced.map { item in
                    var photo = item.photo
                    photo.suggestedGroup = item.suggestion?.place
                    return photo
                }))
            }
            let committed = try await store.commitImport(groups)
            outcomes = committed.prefix(plan.places.count).map { $0 }
            unplacedStored = committed.count > plan.places.count ? committed[plan.places.count].inserted : 0
            try await nameNewPlaces()
        }
        var report = report(root: root, options: options, scan: scan, plan: plan, outcomes: outcomes)
        report.imported += unplacedStored
        report.lookalikes = lookalikes
        // Sound files are entries (issue 26): stored after the photos, each in its transaction.
        if options.dryRun {
            report.sounds = scan.sounds.sorted { $0.path < $1.path }.map { sound in
                ImportedSound(file: sound.path, kind: sound.facts.isSong ? .song : .audio, durationMs: sound.facts.durationMs,
                              codec: sound.facts.codec, entryId: nil)
            }
        } else if !scan.sounds.isEmpty {
            let (stored, duplicates) = try await commitSounds(scan.sounds, systemZone: options.systemZone)
            report.sounds = stored
            report.duplicates += duplicates.count
            report.alreadyImported += duplicates.count
            report.skipped = (report.skipped + duplicates).sorted { $0.file < $1.file }
        }
        if !options.dryRun { report.plansVisited = try await markPlansVisited(after: outcomes) }
        return report
    }

    /// Everything the walk found, read `options.concurrency` files at a time.
    private func scanAll(
        _ walker: FolderWalker, root: String, _ scanner: PhotoScanner, pool: BlockingPool,
        progress: @escaping @Sendable (ImportProgress) -> Void
    ) async throws(AlbumError) -> ScanResults {
        var results = ScanResults()
        let limit = scanner.options.concurrency
        do {
            try await withThrowingTaskGroup(of: ScanOutcome.self) { group in
                var queued: [WalkEntry] = []
                var walkDone = false
                var inFlight = 0
                while true {
                    while inFlight < limit && !(walkDone && queued.isEmpty) {
                        if queued.isEmpty {
                            queued = await pool.run { walker.next(64) }
                            walkDone = queued.isEmpty
                            continue
                        }
                        switch queued.removeFirst() {
                        case .skipped(let path, let reason):
                            results.add(.skipped(SkippedFile(file: path, reason: reason)))
                        case .file(let path) where AudioReader.isAudioName(URL(fileURLWithPath: path)):
                            let library = self, dryRun = scanner.options.dryRun
                            group.addTask {
                                try await pool.run { () throws(AlbumError) -> ScanOutcome in try library.scanSound(path, dryRun: dryRun) }
                            }
                            inFlight += 1
                        case .file(let path):
                            group.addTask { try await scanner.scan(path, pool: pool) }
                            inFlight += 1
                        }
                    }
                    guard inFlight > 0, let outcome = try await group.next() else { break }
                    inFlight -= 1
                    results.add(outcome)
                    progress(ImportProgress(files: results.seen, bytes: results.bytes))
                }
            }
        } catch let error as AlbumError {
            throw error
        } catch {
            throw .io("import stopped", subject: .file(root), cause: .of(error))
        }
        return results
    }

    private func destination(_ place: PlannedPlace, note: String?) -> ImportDestination {
        switch place.destination {
        case .existing(let pin): .pin(id: pin.id)
        case .new(let centre): .newPin(centre, note: note)
        }
    }
}

/// What the scan of a folder collected: small records only, never files' bytes.
struct ScanResults: Sendable {
    var photos: [ImportedPhotoRecord] = []
    var skipped: [SkippedFile] = []
    var warnings: [SkippedFile] = []
    var seen = 0
    var bytes: Int64 = 0

    var sounds: [ScannedSound] = []

    mutating func add(_ outcome: ScanOutcome) {
        seen += 1
        switch outcome {
        case .sound(let sound):
            sounds.append(sound)
            bytes += sound.bytes
        case .photo(let photo):
            photos.append(photo)
            bytes += photo.bytes
            warnings += photo.warnings.map { SkippedFile(file: photo.path, reason: $0) }
        case .skipped(let file):
            skipped.append(file)
        }
    }
}
