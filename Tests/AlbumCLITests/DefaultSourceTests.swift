import Foundation
import Testing
import TestSupport

/// The embedded default source is found from any folder (beside an installed program, or beside
/// the package for a build run from the repository), and the same fetch works over HTTP.
@Suite struct DefaultSourceTests {
    let folder = TemporaryFolder("default-source")
    var library: String { folder.child("lib").path }

    func photosJSON() throws -> [[String: Any]] {
        let run = try AlbumProcess.run(["photos", "1", "--json", "--library", library])
        return try #require(try run.json() as? [[String: Any]], "\(run.stderr)")
    }

    @Test func fetchFromAnotherFolderUsesTheBundleBesideThePackage() throws {
        let cwd = TemporaryFolder("cwd")
        let run = try AlbumProcess.run(
            ["fetch", "--lat", "-33.856784", "--lon", "151.215297", "--per-page", "3", "--library", library], currentDirectory: cwd.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("3 photos: 3 downloaded, 0 failed"), "\(run.stdout)")
        let photos = try photosJSON()
        let sources = Set(photos.compactMap { $0["source"] as? String })
        #expect(sources == ["bundle:\(Fixtures.bundle.standardizedFileURL.path)"])
        // A fetched photo stores what its own EXIF says, as an import does.
        for photo in photos {
            #expect(photo["make"] as? String == "SONY" && photo["model"] as? String == "ILCE-7M3", "\(photo)")
            #expect(photo["orientation"] as? Int == 1)
            #expect((photo["takenAt"] as? String)?.hasSuffix("+10:00") == true, "\(photo)")
        }
    }

    @Test func anInstalledProgramUsesTheBundleInstalledBesideIt() throws {
        // PREFIX/bin/album and PREFIX/share/geoalbum/bundle, as `make install` lays them out.
        let prefix = folder.child("prefix")
        let share = prefix.appendingPathComponent("share/geoalbum")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        let program = prefix.appendingPathComponent("bin/album")
        try FileManager.default.copyItem(at: AlbumProcess.binary, to: program)
        let cwd = TemporaryFolder("cwd")

        func run(_ arguments: [String]) throws -> (Int32, String, String) {
            let process = Process()
            process.executableURL = program
            process.arguments = arguments
            process.environment = AlbumProcess.environment()
            process.currentDirectoryURL = cwd.url
            let out = Pipe(), err = Pipe()
            (process.standardOutput, process.standardError) = (out, err)
            try process.run()
            let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, output, errors)
        }

        // Not installed yet: the error says where it looked and what to do.
        let missing = try run(["fetch", "--lat", "1", "--lon", "2", "--library", library])
        #expect(missing.0 == 1)
        #expect(missing.2.hasPrefix("album: error: no --source given and the default bundle is not installed (looked in \(share.path)/bundle"), "\(missing.2)")
        #expect(!FileManager.default.fileExists(atPath: library))

        try FileManager.default.copyItem(at: Fixtures.bundle, to: share.appendingPathComponent("bundle"))
        let help = try run(["fetch", "--help"])
        let helpText = help.1.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(helpText.contains("Default: bundle:\(share.path)/bundle"), "\(help.1)")
        let fetched = try run(["fetch", "--lat", "48.856613", "--lon", "2.352222", "--per-page", "2", "--library", library])
        #expect(fetched.0 == 0, "\(fetched.2)")
        #expect(Set(try photosJSON().compactMap { $0["source"] as? String }) == ["bundle:\(share.path)/bundle"])
    }

    @Test func fetchHelpNamesTheDefault() throws {
        let run = try AlbumProcess.run(["fetch", "--help"])
        let help = run.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(help.contains("Default: bundle:\(Fixtures.bundle.standardizedFileURL.path)"), "\(run.stdout)")
        #expect(try AlbumProcess.run(["help", "fetch"]).stdout.contains("--radius-km"))
    }

    @Test func theSameFetchWorksAgainstTheBundleServedOverHTTP() throws {
        let server = try LoopbackServer.serving(folder: Fixtures.bundle)
        let source = "bundle:\(server.baseURL)/photos"
        let run = try AlbumProcess.run(
            ["fetch", "--lat", "48.856613", "--lon", "2.352222", "--per-page", "4", "--source", source, "--library", library, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["downloaded"] as? Int == 4)
        let photos = try photosJSON()
        #expect(photos.count == 4)
        #expect(photos.allSatisfy { ($0["url"] as? String)?.hasPrefix(server.baseURL + "/photos/paris-") == true })
        #expect(photos.allSatisfy { $0["source"] as? String == source })
        #expect(server.requests.filter { $0.path.hasPrefix("/photos/") }.count == 4)

        // new-collection pages through the same web list (the album recorded its source).
        let again = try AlbumProcess.run(["new-collection", "1", "--library", library, "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        let fresh = try photosJSON()
        #expect(!fresh.isEmpty)
        #expect(Set(fresh.compactMap { $0["url"] as? String }).isDisjoint(with: photos.compactMap { $0["url"] as? String }))
        #expect(server.requestCount(path: "/photos") == 2)
    }
}
