import Foundation
import Testing
import TestSupport

/// One vocabulary across commands: options, bounds, words and error lines agree.
@Suite struct VocabularyTests {
    let folder = TemporaryFolder("vocabulary")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library])
    }

    @Test func everyCommandTakesLibraryAndJSON() throws {
        let photo = Fixtures.bundle.appendingPathComponent("photos/paris-01.jpg").path
        let runs = [
            try album(["search", "--lat", "48.85", "--lon", "2.35", "--json"]),
            try album(["exif", photo, "--json"]),
            try album(["thumb", photo, "--out", folder.child("thumbs").path, "--json"]),
            try album(["status", "--json"]), try album(["pin", "list", "--json"]), try album(["region", "show", "--json"]),
        ]
        for run in runs {
            #expect(run.status == 0, "\(run.stderr)")
            #expect((try? run.json()) != nil, "\(run.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: library), "commands that only read create no library")
    }

    @Test(arguments: [
        (["fetch", "--lat", "1", "--lon", "2", "--radius-km", "-1"], "album: error: --radius-km -1.0 must be > 0\n"),
        (["search", "--lat", "1", "--lon", "2", "--radius-km", "-1"], "album: error: --radius-km -1.0 must be > 0\n"),
        (["import", "/tmp", "--radius-km", "-1"], "album: error: --radius-km -1.0 must be > 0\n"),
        (["fetch", "--lat", "1", "--lon", "2", "--radius-km", "40", "--source", "flickr"],
         "album: error: --radius-km 40.0 is over Flickr's limit of 32 km\n"),
        (["search", "--lat", "1", "--lon", "2", "--radius-km", "40", "--source", "flickr"],
         "album: error: --radius-km 40.0 is over Flickr's limit of 32 km\n"),
        (["fetch", "--lat", "1", "--lon", "2", "--per-page", "-3"], "album: error: --per-page -3 must be 1-250\n"),
        (["photos"], "album: error: missing expected argument '<pin>'\n"),
        (["pin", "show", "7"], nil),
    ] as [([String], String?)])
    func boundsAndErrorLinesAgree(arguments: [String], stderr: String?) throws {
        let run = try album(arguments)
        #expect(run.status != 0)
        if let stderr { #expect(run.stderr == stderr) }
        #expect(run.stderr.hasPrefix("album: error: "))
        #expect(!run.stderr.contains(":memory:"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library))
    }

    @Test func aBundleHasNoRadiusBound() throws {
        let run = try album(["search", "--lat", "48.85", "--lon", "2.35", "--radius-km", "500", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect((try run.json() as? [String: Any])?["total"] as? Int == 8)
    }

    @Test func anUnknownPinInAMissingLibraryIsNamedByItsPath() throws {
        let run = try album(["pin", "show", "7"])
        #expect(run.stderr == "album: error: no pin with id 7 in \(library)/album.sqlite (no library there yet)\n")
    }

    @Test func aBatchReportsInFileOrder() throws {
        let csv = folder.child("pins.csv")
        try Data("10,10,Nowhere\nnot,a,number\n48.856613,2.352222,Paris\n95,0\n-33.856784,151.215297,Sydney\n".utf8).write(to: csv)
        let process = Process()
        process.executableURL = AlbumProcess.binary
        process.arguments = ["fetch", "--pins-file", csv.path, "--per-page", "1", "--library", library]
        process.environment = AlbumProcess.environment()
        let pipe = Pipe()
        (process.standardOutput, process.standardError) = (pipe, pipe)
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let heads = output.split(separator: "\n").filter { !$0.hasPrefix("  ") }.map(String.init)
        #expect(heads.count == 5, "\(output)")
        #expect(heads[0].hasPrefix("pin ") && output.contains("Nowhere"))
        #expect(heads[1].hasPrefix("album: error: \(csv.path):2"))
        #expect(heads[3].hasPrefix("album: error: \(csv.path):4"))
        let order = ["Nowhere", "Paris", "Sydney"].compactMap { output.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "\(output)")
    }

    @Test func importSaysOneFileAndPrintsCleanCoordinates() throws {
        let photos = folder.child("photos")
        try GeoPhoto(latitude: 51.4934, longitude: -0.3713, takenAt: "2024:05:01 10:00:00", tag: "one").write(to: photos.appendingPathComponent("a.jpg"))
        let run = try album(["import", photos.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("imported 1 of 1 file from \(photos.path) into 1 pin (1 new, 0 reused); 0 duplicates"), "\(run.stdout)")
        #expect(run.stdout.contains("  pin 1  51.493400, -0.371300  Southall, GB  new  1 photo (1 imported)"), "\(run.stdout)")
        let pins = try album(["pin", "list", "--json"]).stdout
        #expect(pins.contains("\"longitude\" : -0.3713,"), "\(pins)")
        #expect(pins.contains("\"latitude\" : 51.4934,"), "\(pins)")

        // Again: a short summary, the already-imported file only with --verbose.
        let again = try album(["import", photos.path])
        #expect(again.stdout == """
            imported 0 of 1 file from \(photos.path); 1 duplicate, 0 unplaced, 0 other skipped
            nothing new: 1 file is already in the library

            """)
        let verbose = try album(["import", photos.path, "--verbose"])
        #expect(verbose.stdout.contains("  skipped  \(photos.path)/a.jpg: already in the library as photo 1"), "\(verbose.stdout)")
    }

    @Test func statusAndPhotosSayImportedAndListEveryPin() throws {
        let photos = folder.child("photos")
        try GeoPhoto(latitude: 48.85, longitude: 2.35, takenAt: "2024:05:01 10:00:00", tag: "p").write(to: photos.appendingPathComponent("p.jpg"))
        #expect(try album(["pin", "add", "--lat", "10", "--lon", "10", "--title", "Empty"]).status == 0)
        #expect(try album(["import", photos.path]).status == 0)
        #expect(try album(["status"]).stdout == """
            2 pins, 1 photo: 0 downloaded, 1 imported, 0 failed, 0 placeholder, 0 downloading
              pin 1  no photos
              pin 2  1 photo: 1 imported

            """)
        let status = try #require(try album(["status", "--json"]).json() as? [String: Any])
        #expect((status["photos"] as? [String: Int])?["imported"] == 1)
        #expect((status["perPin"] as? [Any])?.count == 2)
        let listing = try album(["photos", "2"]).stdout.split(separator: "\n")
        #expect(listing.first == "pin 2  48.850000, 2.350000  (1 photo)")
        #expect(listing.last?.hasPrefix("  photo 1  imported  \"p.jpg\"  ") == true, "\(listing)")
        #expect(try album(["photos", "1"]).stdout == "pin 1  10.000000, 10.000000  Empty  (0 photos)\n  no album yet: run `album fetch --pin 1`\n")
    }
}
