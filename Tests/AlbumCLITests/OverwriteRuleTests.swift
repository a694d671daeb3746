import AlbumModel
import Foundation
import Testing
import TestSupport

/// Issue 22, item 1: no command overwrites a file it was not asked to replace, and none writes
/// into the library, through the built binary (`make test-release` runs it on the release build).
/// `album export gpx --out LIB/album.sqlite` exited 0 and destroyed the library.
@Suite struct OverwriteRuleTests {
    let fixture: ExportFixture
    init() throws { fixture = try ExportFixture() }

    var library: String { fixture.library }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Every file of the library with its bytes (the database aside: a reader's checkpoint may
    /// rewrite its pages; it is checked by its header and by reading it).
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: library) ?? [] {
            var isFolder: ObjCBool = false
            let full = library + "/" + path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
               !path.hasPrefix("album.sqlite") {
                files[path] = bytes(full)
            }
        }
        return files
    }

    func refused(_ run: AlbumRun, _ expected: String, _ comment: Comment? = nil) {
        #expect(run.status != 0, "\(run.stdout)")
        #expect(run.stderr.hasPrefix("album: error: ") && run.stderr.contains(expected), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
    }

    @Test func noWriterTouchesTheLibraryEvenWithForce() throws {
        let photos = try #require(try fixture.album(["photos", "\(fixture.parisPin)", "--json"]).json() as? [[String: Any]])
        let original = try #require(photos.first?["file"] as? String)
        let thumbnail = try #require(photos.first?["thumbnail"] as? String)
        let before = try snapshot()
        #expect(before.count > 10)
        let outside = fixture.folder.child("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        // A link to the library from outside, and `..` through it.
        let link = outside.appendingPathComponent("link").path
        #expect(symlink(library, link) == 0)

        for force in [[], ["--force"]] {
            refused(try fixture.album(["export", "gpx", "--out", library + "/album.sqlite"] + force), "is inside the library")
            refused(try fixture.album(["export", "geojson", "--out", library + "/album.sqlite-wal"] + force), "is inside the library")
            refused(try fixture.album(["export", "kml", "--out", original] + force), "never written, even with --force")
            refused(try fixture.album(["export", "kml", "--out", link + "/originals/new.kml"] + force), "is inside the library")
            refused(try fixture.album(["export", "gpx", "--out", outside.path + "/../elsewhere/link/album.sqlite"] + force), "is inside the library")
            refused(try fixture.album(["export", "html", "--out", library + "/gallery"] + force), "is inside the library")
            refused(try fixture.album(["summary", "--month", "2024-06", "--card", thumbnail] + force), "is inside the library")
            refused(try fixture.album(["thumb", original, "--out", library + "/thumbs"] + force), "is inside the library")
            // yfcc index takes the library from ALBUM_LIBRARY like every command that names none.
            let yfcc = try AlbumProcess.run(
                ["yfcc", "index", Fixtures.bundle.appendingPathComponent("photos.json").path, "--index", library + "/album.sqlite"] + force,
                environment: ["ALBUM_LIBRARY": library])
            refused(yfcc, "is inside the library")
        }
        #expect(try snapshot() == before, "the library changed")
        #expect(bytes(library + "/album.sqlite")?.prefix(16) == Data("SQLite format 3\0".utf8))
        #expect(!FileManager.default.fileExists(atPath: library + "/gallery"))
        let list = try fixture.album(["pin", "list", "--json"])
        let pins = try list.json() as? [Any]
        #expect(list.status == 0 && pins?.count == 3, "\(list.stderr)")
        #expect(try fixture.album(["verify", "--deep"]).status == 0)
    }

    @Test func anExistingFileIsReplacedOnlyWithForce() throws {
        let mine = Data("my own notes\n".utf8)
        for (arguments, name) in [
            (["export", "gpx"], "a.gpx"), (["export", "kml"], "a.kml"), (["export", "geojson"], "a.geojson"),
            (["summary", "--month", "2024-06"], "card.png"),
        ] {
            let file = fixture.folder.child(name)
            try mine.write(to: file)
            let option = name == "card.png" ? "--card" : "--out"
            refused(try fixture.album(arguments + [option, file.path]), "\(file.path) exists: not replaced (give --force to replace it)")
            #expect(bytes(file.path) == mine)
            let forced = try fixture.album(arguments + [option, file.path, "--force"])
            #expect(forced.status == 0, "\(forced.stderr)")
            #expect(bytes(file.path) != mine && bytes(file.path)?.isEmpty == false)
        }
        // A gallery is replaced only with --force too; a folder of other things never.
        let gallery = fixture.folder.child("gallery")
        #expect(try fixture.album(["export", "html", "--out", gallery.path]).status == 0)
        refused(try fixture.album(["export", "html", "--out", gallery.path]), "holds a gallery already: not replaced (give --force")
        #expect(try fixture.album(["export", "html", "--out", gallery.path, "--force"]).status == 0)
        // A folder named as a single-file export is refused, not replaced.
        refused(try fixture.album(["export", "gpx", "--out", gallery.path, "--force"]), "is a folder, not a file")
        #expect(FileManager.default.fileExists(atPath: gallery.appendingPathComponent("index.html").path))
        // No temporary file is left beside the outputs.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).filter { $0.hasSuffix(".part") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func yfccIndexKeepsAFileThatIsNotItsIndex() throws {
        let data = fixture.folder.child("yfcc.tsv")
        let row = YFCCFixture.Row(id: 1, at: try Coordinate(latitude: 1, longitude: 2), url: "http://127.0.0.1:9/1.jpg")
        try Data(YFCCFixture(rows: [row]).text().utf8).write(to: data)
        let index = fixture.folder.child("notes.txt")
        try Data("keep me".utf8).write(to: index)
        refused(try AlbumProcess.run(["yfcc", "index", data.path, "--index", index.path]), "exists: not replaced (give --force")
        #expect(bytes(index.path) == Data("keep me".utf8))
        #expect(try AlbumProcess.run(["yfcc", "index", data.path, "--index", index.path, "--force"]).status == 0)
        #expect(bytes(index.path) != Data("keep me".utf8))
        // Its own index, up to date, is simply reported.
        #expect(try AlbumProcess.run(["yfcc", "index", data.path, "--index", index.path]).status == 0)
    }
}
