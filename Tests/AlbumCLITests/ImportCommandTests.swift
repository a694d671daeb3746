import AlbumModel
import AlbumStore
import Foundation
import Testing
import TestSupport

/// `album import` through the built binary: the JSON contract, re-runs, dry runs, usage errors,
/// and a SIGKILL in the middle.
@Suite struct ImportCommandTests {
    let folder = TemporaryFolder("import-cli")
    var photos: URL { folder.child("photos") }
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String], library: String? = nil) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library ?? self.library])
    }

    @Test func jsonReportKeepsTheContract() throws {
        try ImportFixture.write(to: photos)
        let run = try album(["import", photos.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "no progress when stderr is not a terminal: \(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["seen"] as? Int == ImportFixture.seen)
        #expect(report["imported"] as? Int == ImportFixture.located + ImportFixture.unplaced)
        #expect(report["duplicates"] as? Int == ImportFixture.duplicates)
        #expect(report["unplaced"] as? Int == ImportFixture.unplaced)
        let skipped = try #require(report["skipped"] as? [[String: Any]])
        #expect(skipped.count == ImportFixture.skipped)
        #expect(skipped.allSatisfy { $0["file"] is String && $0["reason"] is String })
        let pins = try #require(report["pins"] as? [[String: Any]])
        #expect(pins.count == ImportFixture.places)
        for pin in pins {
            for key in ["id", "latitude", "longitude", "created", "photoCount", "from", "to"] {
                #expect(pin.keys.contains(key), "pin lacks \(key)")
            }
            #expect(pin["created"] as? Bool == true)
        }
        #expect(pins.contains { $0["from"] as? String == ImportFixture.parisFrom && $0["to"] as? String == ImportFixture.parisTo })
        let unplaced = try #require(report["unplacedPhotos"] as? [[String: Any]])
        #expect(unplaced.filter { $0["suggestion"] is [String: Any] }.count == 1)
        #expect(unplaced.filter { $0["suggestion"] is NSNull }.count == 2, "absent values are null")

        // The albums are there, as `downloaded` photos.
        let status = try #require(try album(["status", "--json"]).json() as? [String: Any])
        #expect(status["pins"] as? Int == ImportFixture.places)
        #expect((status["photos"] as? [String: Int])?["downloaded"] == ImportFixture.located + ImportFixture.unplaced)
    }

    @Test func secondImportOfTheSameFolderSaysNothingIsNew() throws {
        try ImportFixture.write(to: photos)
        #expect(try album(["import", photos.path]).status == 0)
        let again = try album(["import", photos.path])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("imported 0 of \(ImportFixture.seen) files"), "\(again.stdout)")
        #expect(again.stdout.contains("nothing new: \(ImportFixture.located + ImportFixture.unplaced + ImportFixture.duplicates) files are already in the library"))
        #expect((try album(["pin", "list", "--json"]).json() as? [Any])?.count == ImportFixture.places)
    }

    @Test func dryRunWritesNothingNotEvenTheLibraryFolder() throws {
        try ImportFixture.write(to: photos)
        let run = try album(["import", photos.path, "--dry-run", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library))
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["imported"] as? Int == ImportFixture.located + ImportFixture.unplaced)
        #expect((report["pins"] as? [[String: Any]])?.allSatisfy { $0["id"] is NSNull } == true)

        // On an existing library: no photo, pin or file appears.
        #expect(try album(["pin", "add", "--lat", "10", "--lon", "10"]).status == 0)
        #expect(try album(["import", photos.path, "--dry-run", "--copy"]).status == 0)
        #expect((try album(["pin", "list", "--json"]).json() as? [Any])?.count == 1)
        for sub in ["thumbs", "originals"] {
            #expect(!FileManager.default.fileExists(atPath: folder.child("lib/\(sub)").path))
        }
    }

    @Test(arguments: [["import", "/no/such/folder"], ["import", "PHOTOS", "--radius-km", "0"], ["import"]])
    func usageErrorsTouchNothing(arguments: [String]) throws {
        try ImportFixture.write(to: photos)
        let run = try album(arguments.map { $0 == "PHOTOS" ? photos.path : $0 })
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix("album: error:") || run.stderr.contains("Error:"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library))
    }

    @Test func killedImportEndsAsAnUninterruptedOne() async throws {
        // 240 photos in 8 places, some without GPS, some copied twice.
        for i in 0..<240 {
            let place = Double(i % 8)
            let photo = GeoPhoto(
                latitude: i % 23 == 0 ? nil : -60 + place * 17 + Double(i) * 1e-5, longitude: -179.9 + place * 45,
                takenAt: String(format: "2024:05:%02d 10:%02d:00", 1 + i % 8, i % 60), make: "Cam", model: "\(i % 3)", tag: "k\(i)")
            try photo.write(to: photos.appendingPathComponent("d\(i % 5)/p\(i).jpg"))
            if i % 31 == 0 { try photo.write(to: photos.appendingPathComponent("copies/p\(i).jpg")) }
        }
        let reference = folder.child("reference").path
        #expect(try album(["import", photos.path, "--json"], library: reference).status == 0)

        let thumbs = folder.child("lib/thumbs")
        let (process, _, _) = try AlbumProcess.start(["import", photos.path, "--library", library])
        let deadline = Date().addingTimeInterval(60)
        while Self.fileCount(thumbs) < 20 && Date() < deadline && process.isRunning { usleep(5_000) }
        #expect(process.isRunning, "the import ended before it could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let resumed = try album(["import", photos.path, "--json"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let killed = try AlbumDatabase(path: folder.child("lib/album.sqlite").path)
        let whole = try AlbumDatabase(path: folder.child("reference/album.sqlite").path)
        #expect(try killed.integrityCheck() == "ok")
        let (killedState, wholeState) = (try await Self.state(killed), try await Self.state(whole))
        #expect(killedState == wholeState)
        #expect(wholeState.count > 8)
        #expect(Self.fileCount(thumbs) == Self.fileCount(folder.child("reference/thumbs")))
    }

    /// Pins and their photos, everything but timestamps.
    static func state(_ db: AlbumDatabase) async throws -> [String] {
        var lines: [String] = []
        for pin in try await db.store.pins() {
            lines.append("pin \(pin.id) \(pin.coordinate) \(pin.note ?? "") \(pin.photoCount)")
            lines += try await db.store.photos(pinId: pin.id).map {
                "  \($0.id) \($0.sourceId) \($0.state.name) \($0.file ?? "") \($0.thumbnail ?? "") \($0.takenAt ?? "")"
                    + " \($0.coordinate.map { "\($0)" } ?? "") \($0.width ?? 0)x\($0.height ?? 0)"
            }
        }
        return lines
    }

    static func fileCount(_ folder: URL) -> Int {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String])?.filter { $0.hasSuffix(".jpg") }.count ?? 0
    }
}
