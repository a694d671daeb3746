import AlbumModel
import Foundation
import Testing
import TestSupport

/// libheif and cairo are loaded on first use (decision 0043-i13): a command that decodes no HEIC
/// and draws no card starts without them, one that does loads them, and a library that cannot be
/// loaded is a one-line error naming it and the Debian package, with nothing written.
@Suite struct LazyLibraryTests {
    let folder = TemporaryFolder("lazy-libraries")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String], environment: [String: String] = [:]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library], environment: environment)
    }

    /// The shared objects the dynamic loader opened for a run (`LD_DEBUG=files` on stderr).
    func loaded(_ arguments: [String]) throws -> (run: AlbumRun, files: String) {
        let run = try album(arguments, environment: ["LD_DEBUG": "files"])
        let files = run.stderr.split(separator: "\n").filter { $0.contains("file=") }.joined(separator: "\n")
        return (run, files)
    }

    func heic() throws -> URL {
        let photo = GeoPhoto(latitude: 48.8571, longitude: 2.3532, takenAt: "2024:06:14 09:43:19", make: "Apple", model: "iPhone 15", tag: "IMG_1")
        let file = folder.child("photos/IMG_1.HEIC")
        try HEICFile.make(fromJPEGData: photo.jpeg, to: file, thumbnail: 160)
        return file
    }

    @Test func commandsWithoutHEICOrCardsStartWithoutLibheifAndCairo() throws {
        #expect(try album(["pin", "add", "--lat", "48.8566", "--lon", "2.3522", "--title", "Paris"]).status == 0)
        for arguments in [["pin", "list"], ["timeline", "--by", "month"], ["find", "paris"], ["summary", "--year", "2024"]] {
            let (run, files) = try loaded(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr.suffix(300))")
            #expect(files.contains("libsqlite3.so"), "LD_DEBUG shows what was loaded: \(files.prefix(300))")
            #expect(!files.contains("libheif") && !files.contains("libde265"), "\(arguments) loaded libheif")
            #expect(!files.contains("libcairo") && !files.contains("libX11"), "\(arguments) loaded cairo")
            #expect(!files.contains("libavformat") && !files.contains("libtag_c"), "\(arguments) loaded FFmpeg or TagLib")
            #expect(!files.contains("libcurl") && !files.contains("libgnutls") && !files.contains("libldap"), "\(arguments) loaded libcurl")
        }
        // Nor does anything that downloads nothing load libcurl (decision 0057-speed).
        for arguments in [["--version"], ["status"], ["exif", try heic().path]] {
            let (run, files) = try loaded(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr.suffix(300))")
            #expect(!files.contains("libcurl") && !files.contains("libgnutls") && !files.contains("libkrb5"), "\(arguments) loaded libcurl")
        }
        // The same check sees libheif when a HEIC is read, and cairo when a card is drawn.
        let (exif, heifFiles) = try loaded(["exif", try heic().path])
        #expect(exif.status == 0, "\(exif.stderr.suffix(300))")
        #expect(heifFiles.contains("libheif.so.1") && !heifFiles.contains("libcairo"))
        let (card, cairoFiles) = try loaded(["summary", "--month", "2024-06", "--card", folder.child("june.png").path])
        #expect(card.status == 0, "\(card.stderr.suffix(300))")
        #expect(cairoFiles.contains("libcairo.so.2"))
    }

    @Test func aMissingLibheifIsOneLineNamingThePackage() throws {
        let file = try heic()
        let run = try album(["exif", file.path], environment: ["ALBUM_LIBHEIF": "/nonexistent/libheif.so.1"])
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix("album: error: "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("/nonexistent/libheif.so.1 cannot be loaded"), "\(run.stderr)")
        #expect(run.stderr.contains("apt-get install libheif1"), "\(run.stderr)")
        // A file that is some other library: the first function it lacks is named.
        let wrong = try album(["exif", file.path], environment: ["ALBUM_LIBHEIF": "libsqlite3.so.0"])
        #expect(wrong.status != 0 && wrong.stderr.contains("libsqlite3.so.0 has no function heif_init"), "\(wrong.stderr)")
        // An import skips the file with that reason (not "corrupt": the file is fine).
        let imported = try album(["import", file.deletingLastPathComponent().path, "--json"], environment: ["ALBUM_LIBHEIF": "/nonexistent/libheif.so.1"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let report = try #require(try imported.json() as? [String: Any])
        let skipped = try #require(report["skipped"] as? [[String: Any]])
        let reason = try #require(skipped.first?["reason"] as? String)
        #expect(reason.hasPrefix("/nonexistent/libheif.so.1 cannot be loaded") && reason.hasSuffix("(apt-get install libheif1)"), "\(reason)")
    }

    @Test func aDownloadLoadsLibcurlAndAMissingOneIsOneLineNamingThePackage() throws {
        let bodies = try JPEGBodies()
        let server = try LoopbackServer { request in
            .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(Int(request.path.filter(\.isNumber)) ?? 0))
        }
        let place = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let bundle = try HTTPBundle(server: server, ids: ["1", "2"], place: place)
        let arguments = ["fetch", "--lat", "48.8566", "--lon", "2.3522", "--source", bundle.sourceArgument, "--per-page", "2"]
        let (fetched, files) = try loaded(arguments)
        #expect(fetched.status == 0, "\(fetched.stderr.suffix(300))")
        #expect(files.contains("libcurl.so.4"), "a download loads libcurl")
        let missing = try album(arguments + ["--library", folder.child("other").path], environment: ["ALBUM_LIBCURL": "/nonexistent/libcurl.so.4"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("/nonexistent/libcurl.so.4 cannot be loaded") && missing.stderr.contains("(apt-get install libcurl4)"), "\(missing.stderr)")
        #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
    }

    @Test func soundsLoadFFmpegAndTagLibAndAMissingOneIsTheReason() throws {
        let sounds = folder.child("sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        try SoundFiles.tone(sounds.appendingPathComponent("tone.flac"), codec: ["-c:a", "flac"], seconds: 1)
        let missing = try album(["import", sounds.path, "--json"], environment: ["ALBUM_LIBTAG_C": "/nonexistent/libtag_c.so.0"])
        #expect(missing.status == 0, "\(missing.stderr)")
        let skipped = try #require((try missing.json() as? [String: Any])?["skipped"] as? [[String: Any]])
        let reason = try #require(skipped.first?["reason"] as? String)
        #expect(reason.hasPrefix("/nonexistent/libtag_c.so.0 cannot be loaded") && reason.hasSuffix("audio tags need Debian's libtagc0 (apt-get install libtagc0)"),
                "\(reason)")
        let (run, files) = try loaded(["import", sounds.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(files.contains("libavformat.so.59") && files.contains("libtag_c.so.0") && !files.contains("libheif"))
    }

    @Test func aMissingCairoIsOneLineAndWritesNoCard() throws {
        #expect(try album(["pin", "add", "--lat", "48.8566", "--lon", "2.3522"]).status == 0)
        let card = folder.child("june.png")
        let run = try album(["summary", "--month", "2024-06", "--card", card.path], environment: ["ALBUM_LIBCAIRO": "/nonexistent/libcairo.so.2"])
        #expect(run.status != 0)
        #expect(run.stderr == "album: error: /nonexistent/libcairo.so.2 cannot be loaded (/nonexistent/libcairo.so.2: cannot open shared object file: No such file or directory); summary cards need Debian's libcairo2 (apt-get install libcairo2)\n")
        #expect(!FileManager.default.fileExists(atPath: card.path))
        // Without --card the summary needs no cairo.
        #expect(try album(["summary", "--month", "2024-06"], environment: ["ALBUM_LIBCAIRO": "/nonexistent/libcairo.so.2"]).status == 0)
    }

    /// Decision 0130-lead: the card's PNG is deflated by zlib loaded on first use; a missing one
    /// is one line naming Debian's package, before anything is drawn or written.
    @Test func aMissingZlibIsOneLineAndWritesNoCard() throws {
        #expect(try album(["pin", "add", "--lat", "48.8566", "--lon", "2.3522"]).status == 0)
        let card = folder.child("june.png")
        let run = try album(["summary", "--month", "2024-06", "--card", card.path], environment: ["ALBUM_LIBZ": "/nonexistent/libz.so.1"])
        #expect(run.status != 0)
        #expect(run.stderr == "album: error: /nonexistent/libz.so.1 cannot be loaded (/nonexistent/libz.so.1: cannot open shared object file: No such file or directory); summary cards need Debian's zlib1g (apt-get install zlib1g)\n")
        #expect(!FileManager.default.fileExists(atPath: card.path))
    }
}
