import AlbumModel
import AlbumStore
import Foundation
import Testing
import TestSupport

@testable import AlbumCore

/// `Library.importFolder` on generated folders and on the shared corpus of camera files.
@Suite struct ImportLibraryTests {
    let temporary = TemporaryFolder("import")
    var photos: URL { temporary.child("photos") }
    var libraryFolder: URL { temporary.child("library") }

    init() throws {
        try ImportFixture.write(to: temporary.child("photos"))
    }

    func importPhotos(_ options: ImportOptions = ImportOptions(), into library: Library? = nil) async throws -> ImportReport {
        if let library { return try await library.importFolder(photos, options: options) }
        return try await Library.openForWriting(at: libraryFolder).importFolder(photos, options: options)
    }

    @Test func mixedFolderIsImportedWithEveryFileAccountedFor() async throws {
        let report = try await importPhotos()
        #expect(report.seen == ImportFixture.seen)
        #expect(report.imported == ImportFixture.located + ImportFixture.unplaced)
        #expect(report.duplicates == ImportFixture.duplicates)
        #expect(report.unplaced.count == ImportFixture.unplaced)
        #expect(report.skipped.count == ImportFixture.skipped)
        #expect(report.seen == report.imported + report.skipped.count)
        #expect(report.pins.count == ImportFixture.places && report.pinsCreated == ImportFixture.places)

        let root = photos.standardizedFileURL.path
        let reasons = Dictionary(uniqueKeysWithValues: report.skipped.map { (String($0.file.dropFirst(root.count + 1)), $0.reason) })
        #expect(reasons["notes.txt"] == "not an image (text)")
        #expect(reasons["fake.jpg"]?.hasPrefix("unsupported image format (PNG)") == true)
        #expect(reasons["empty.jpg"] == "not an image (empty file)")
        #expect(reasons["corrupt.jpg"]?.hasPrefix("corrupt JPEG") == true, "\(reasons)")
        // The reader's error is about the file (its subject); the reason beside it leaves it out.
        #expect(reasons["corrupt.jpg"]?.contains(root) == false, "\(reasons)")
        #expect(reasons["broken.jpg"]?.hasPrefix("unreadable") == true)
        #expect(reasons["nested/deeper/loop"]?.hasPrefix("symbolic link loop") == true)
        #expect(reasons["paris/a.jpg"] == "duplicate of \(root)/nested/deeper/copy of a.JPEG")

        // Places: both hemispheres, across the antimeridian, at the pole.
        let centres = report.pins.map(\.coordinate)
        #expect(centres.contains { abs($0.longitude) > 179.999 && abs($0.latitude + 16.5) < 1e-6 })
        #expect(centres.contains { $0.latitude > 89.9999 })
        #expect(centres.contains { $0.latitude < -33 && $0.longitude > 151 })
        #expect(centres.contains { $0.latitude > 40 && $0.longitude < -73 })

        let paris = try #require(report.pins.first { $0.coordinate.distanceKm(to: try Coordinate(latitude: 48.8566, longitude: 2.3522)) < 0.3 })
        #expect(paris.imported == 3)
        #expect(paris.dates.from == ImportFixture.parisFrom && paris.dates.to == ImportFixture.parisTo)
        #expect(!paris.dates.isLocalTime)
        let sydney = try #require(report.pins.first { $0.coordinate.latitude < -33 })
        // Two photos without an offset: Sydney's in July (winter, +10:00) is inferred.
        #expect(!sydney.dates.isLocalTime && sydney.inferredOffsets == 2)
        #expect(sydney.dates.from == "2024-07-03T10:00:00+10:00")
        #expect(sydney.place?.name == "Sydney" && sydney.timeZone == "Australia/Sydney")

        let nearParis = try #require(report.unplaced.first { $0.file.hasSuffix("near-paris.jpg") })
        #expect(nearParis.suggestion?.pinId == paris.id)
        #expect(nearParis.suggestion?.basedOn.hasSuffix("copy of a.JPEG") == true)
        #expect(nearParis.suggestion?.secondsApart == Int64(20 * 60))
        #expect(report.unplaced.filter { $0.suggestion != nil }.count == 1)
    }

    @Test func storedPhotosAreDownloadedImportsWithThumbnailsAndTheirOriginalPath() async throws {
        let library = try await Library.openForWriting(at: libraryFolder)
        let report = try await importPhotos(into: library)
        let stored = try await Self.photos(of: report.pins.map { try #require($0.id) }, in: library)
        #expect(stored.count == ImportFixture.located)
        for photo in stored {
            #expect(photo.state == .downloaded && photo.source == "import")
            #expect(photo.sourceId == photo.contentHash && photo.sourceId.count == 64)
            let file = try #require(photo.file)
            #expect(file.hasPrefix(photos.standardizedFileURL.path + "/"), "the original stays where it is")
            #expect(FileManager.default.fileExists(atPath: file))
            #expect(FileManager.default.fileExists(atPath: library.url(forStoredPath: try #require(photo.thumbnail)).path))
            #expect(photo.coordinate != nil && photo.takenAt != nil && photo.width == 320 && photo.height == 240)
        }
        #expect(stored.contains { $0.file?.hasSuffix("IMG_0001.dat") == true }, "recognised by content, not by name")
        #expect(!FileManager.default.fileExists(atPath: libraryFolder.appendingPathComponent("originals").path))
    }

    @Test func importingTwiceChangesNothingAndSaysSo() async throws {
        let library = try await Library.openForWriting(at: libraryFolder)
        let first = try await importPhotos(into: library)
        let pinsBefore = try await library.pins()
        let photosBefore = try await Self.photos(of: pinsBefore.map(\.id), in: library)
        let again = try await importPhotos(into: library)
        #expect(again.imported == 0)
        #expect(again.alreadyImported == first.imported + first.duplicates)
        #expect(again.pinsCreated == 0 && again.pinsReused == first.pins.count)
        #expect(try await library.pins() == pinsBefore)
        #expect(try await Self.photos(of: pinsBefore.map(\.id), in: library) == photosBefore)
        #expect(again.skipped.contains { $0.reason.hasPrefix("already in the library as photo") })
    }

    @Test func dryRunReportsTheSameAndWritesNothing() async throws {
        let dry = try await importPhotos(ImportOptions(dryRun: true), into: Library.openForReading(at: libraryFolder))
        #expect(!FileManager.default.fileExists(atPath: libraryFolder.path))
        #expect(dry.pins.allSatisfy { $0.id == nil && $0.created })
        let real = try await importPhotos()
        #expect(dry.imported == real.imported && dry.seen == real.seen && dry.duplicates == real.duplicates)
        #expect(dry.skipped == real.skipped)
        #expect(Set(dry.pins.map(\.coordinate)) == Set(real.pins.map(\.coordinate)))
    }

    @Test func photosNearAnExistingPinJoinItsAlbum() async throws {
        let library = try await Library.openForWriting(at: libraryFolder)
        let pin = try await library.addPin(at: Coordinate(latitude: 48.8570, longitude: 2.3525), title: "Paris", note: nil)
        let report = try await importPhotos(into: library)
        let reused = try #require(report.pins.first { $0.id == pin.id })
        #expect(!reused.created && reused.imported == 3 && reused.photoCount == 3)
        #expect(report.pinsCreated == ImportFixture.places - 1)
        #expect(try await library.pin(id: pin.id).title == "Paris")
    }

    @Test func copyPutsOriginalsInTheLibraryByContent() async throws {
        let library = try await Library.openForWriting(at: libraryFolder)
        let report = try await importPhotos(ImportOptions(copy: true), into: library)
        let stored = try await Self.photos(of: report.pins.map { try #require($0.id) }, in: library)
        #expect(stored.count == ImportFixture.located)
        for photo in stored {
            let file = try #require(photo.file)
            #expect(file == "originals/\(photo.contentHash!.prefix(2))/\(photo.contentHash!).jpg")
            #expect(try Data(contentsOf: library.url(forStoredPath: file)) == Data(contentsOf: URL(fileURLWithPath: try #require(photo.url))))
        }
    }

    @Test func placesDoNotDependOnFileNamesOrOrder() async throws {
        // The same photos under other names in another order land in the same places.
        let renamed = temporary.child("renamed")
        for (index, (_, photo)) in ImportFixture.photos.reversed().enumerated() {
            try photo.write(to: renamed.appendingPathComponent("z\(99 - index)/\(index).jpg"))
        }
        let first = try await importPhotos(ImportOptions(dryRun: true), into: Library.openForReading(at: libraryFolder))
        let second = try await Library.openForReading(at: libraryFolder).importFolder(renamed, options: ImportOptions(dryRun: true))
        #expect(first.pins.map(\.coordinate) == second.pins.map(\.coordinate))
        #expect(first.pins.map(\.imported) == second.pins.map(\.imported))
    }

    @Test func photosTheUserRemovedAreNotImportedAgain() async throws {
        let library = try await Library.openForWriting(at: libraryFolder)
        let report = try await importPhotos(into: library)
        let pinId = try #require(report.pins.first?.id)
        let photo = try #require(try await library.photos(pinId: pinId).first)
        try await library.removePhoto(id: photo.id)
        let again = try await importPhotos(into: library)
        #expect(again.imported == 0)
        #expect(again.skipped.contains { $0.file == photo.url && $0.reason.hasPrefix("removed from the library by the user") && $0.duplicateOfPhoto == photo.id })
    }

    @Test(.enabled(if: Self.corpusPresent, "the exif-samples corpus is not beside the clone: skipped"))
    func realCameraFilesFromTheCorpus() async throws {
        let library = try await Library.openForWriting(at: libraryFolder)
        let report = try await library.importFolder(Self.corpus, options: ImportOptions())
        #expect(report.seen == report.imported + report.skipped.count)
        // The four Nikon COOLPIX photos taken near Arezzo within 200 m are one place.
        let arezzo = try #require(report.pins.first { abs($0.coordinate.latitude - 43.4675) < 0.01 })
        #expect(arezzo.imported == 4)
        // The camera wrote no offset: Europe/Rome's at that date (or the GPS clock's) is inferred.
        #expect(arezzo.dates.from == "2008-10-22T16:28:39+02:00" && !arezzo.dates.isLocalTime, "\(arezzo.dates)")
        #expect(arezzo.inferredOffsets == 4)
        #expect(arezzo.place?.countryCode == "IT")
        #expect(report.pins.contains { abs($0.coordinate.latitude + 0.3713) < 1e-4 }, "the Kodak photo in Kenya")
        #expect(report.skipped.filter { $0.file.hasSuffix("README") || $0.file.hasSuffix(".json") }.allSatisfy {
            $0.reason == "not an image (text)"
        })
        #expect(report.unplaced.contains { $0.file.hasSuffix("Canon_40D.jpg") && $0.make == "Canon" })
    }

    static let corpus = Fixtures.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/exif-samples")
    static let corpusPresent = FileManager.default.fileExists(atPath: corpus.appendingPathComponent("oracle.json").path)

    /// The photos of these pins' albums, in order.
    static func photos(of pins: [Int64], in library: Library) async throws -> [Photo] {
        var photos: [Photo] = []
        for pin in pins { photos += try await library.photos(pinId: pin) }
        return photos
    }
}
