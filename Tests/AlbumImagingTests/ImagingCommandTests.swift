import AlbumImaging
import Foundation
import Testing
import TestSupport

/// `album exif` and `album thumb` run as a user runs them: the built binary, its stdout,
/// stderr and exit code.
@Suite struct ImagingCommandTests {
    let folder = TemporaryFolder("imaging-cli")

    func write(_ data: Data, _ name: String) throws -> String {
        let url = folder.child(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    @Test func exifJSONHasEveryKeyWithNullsAndAnErrorPerBadFile() throws {
        var south = ExifBuilder.camera(bigEndian: true)
        south.setGPS(0x0001, .ascii("S"))
        let good = try write(Fixtures.jpeg(exif: south), "good.jpg")
        let png = try write(Fixtures.png, "fake.jpg")
        let bare = try write(Fixtures.jpeg(Fixtures.solid(width: 20, height: 10, [0, 0, 0])), "bare.jpg")
        let run = try AlbumProcess.run(["exif", "--json", good, png, bare])
        #expect(run.status == 1)
        #expect(run.stderr == "album: error: 1 of 3 files failed\n")
        let rows = try #require(try run.json() as? [[String: Any]])
        #expect(rows.count == 3)
        let keys: Set = ["file", "takenAt", "offset", "latitude", "longitude", "altitude", "orientation", "make", "model",
                         "width", "height", "error"]
        for row in rows { #expect(keys.isSubset(of: Set(row.keys)), "\(row.keys)") }
        #expect(rows[0]["file"] as? String == good)
        #expect(rows[0]["takenAt"] as? String == "2008-10-22T16:29:49+02:00")
        #expect(rows[0]["offset"] as? String == "+02:00")
        #expect(((rows[0]["latitude"] as? Double) ?? 0) < -43.46)
        #expect(rows[0]["orientation"] as? Int == 6)
        #expect(rows[0]["error"] is NSNull)
        #expect(rows[1]["error"] as? String == "\(png): not a JPEG (starts with PNG signature)")
        #expect(rows[1]["latitude"] is NSNull && rows[1]["takenAt"] is NSNull)
        #expect(rows[2]["takenAt"] is NSNull && rows[2]["latitude"] is NSNull && rows[2]["width"] as? Int == 20)
    }

    @Test func exifHumanTextForAFolder() throws {
        _ = try write(Fixtures.jpeg(exif: .camera()), "trip/a.jpg")
        _ = try write(Fixtures.jpeg(exif: .camera(bigEndian: true)), "trip/sub/b.JPEG")
        _ = try write(Data("notes".utf8), "trip/notes.txt")
        let run = try AlbumProcess.run(["exif", folder.child("trip").path])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("taken 2008-10-22T16:29:49+02:00 (DateTimeOriginal, OffsetTimeOriginal)  at 43.467447, 11.885125 (GPS)") })
        #expect(lines.first?.hasSuffix("orientation 6") == true)
        #expect(run.stderr.isEmpty)
    }

    @Test func oneBadFileIsAnErrorLineAndANonZeroExit() throws {
        let text = try write(Data("hello".utf8), "text.jpg")
        let run = try AlbumProcess.run(["exif", text])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "album: error: \(text): not a JPEG (starts with text)\n")
    }

    @Test func thumbWritesEveryGoodFileAndReportsTheBadOnes() throws {
        var rotated = ExifBuilder()
        rotated.ifd0 = [(0x0112, .short([6]))]
        let a = try write(Fixtures.jpeg(Fixtures.noise(width: 800, height: 600), exif: rotated.segment), "in/a.jpg")
        let b = try write(Fixtures.jpeg(Fixtures.noise(width: 600, height: 300), progressive: true), "in/more/a.jpg")
        let empty = try write(Data(), "in/empty.jpg")
        let full = try Fixtures.jpeg(Fixtures.noise(width: 640, height: 480))
        let cut = try write(full.prefix(full.count / 2), "in/cut.jpg")
        let out = folder.child("out").path
        let run = try AlbumProcess.run(["thumb", a, b, empty, cut, "--out", out, "--thumb-size", "128", "--json"])
        #expect(run.status == 1)
        #expect(run.stderr == "album: error: 1 of 4 files failed\n")
        let rows = try #require(try run.json() as? [[String: Any]])
        #expect(rows.map { $0["thumbnail"] as? String } == ["\(out)/a.jpg", "\(out)/a-2.jpg", nil, "\(out)/cut.jpg"])
        #expect(rows.map { $0["width"] as? Int } == [96, 128, nil, 128])
        #expect(rows.map { $0["height"] as? Int } == [128, 64, nil, 96])
        #expect(rows[2]["error"] as? String == "\(empty): not a JPEG (empty file)")
        #expect((rows[3]["warnings"] as? [String])?.first?.contains("Premature end of JPEG file") == true)
        let made = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(made == ["a-2.jpg", "a.jpg", "cut.jpg"])
        #expect(try JPEGCodec.info(of: Data(contentsOf: URL(fileURLWithPath: "\(out)/a.jpg"))).width == 96)
    }

    @Test func thumbOfAFolderInHumanText() throws {
        for i in 0..<6 { _ = try write(Fixtures.jpeg(Fixtures.noise(width: 300, height: 200, seed: UInt64(i))), "in/p\(i).jpg") }
        let out = folder.child("thumbs").path
        let run = try AlbumProcess.run(["thumb", folder.child("in").path, "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 6)
        #expect(run.stdout.contains("p0.jpg → \(out)/p0.jpg  256×171"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).count == 6)
    }

    @Test func thumbUsageErrorsTouchNothing() throws {
        let out = folder.child("never").path
        let run = try AlbumProcess.run(["thumb", "x.jpg", "--out", out, "--thumb-size", "0"])
        #expect(run.status != 0)
        #expect(run.stderr == "album: error: --thumb-size 0 must be 16-4096\n")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try AlbumProcess.run(["thumb", "x.jpg"]).status != 0)  // --out is required
    }

    @Test func thumbOutThatNamesAPictureOrAFileIsRefused() throws {
        let picture = folder.child("t.jpg").path
        let named = try AlbumProcess.run(["thumb", "x.jpg", "--out", picture])
        #expect(named.status == 64)
        #expect(named.stderr.hasPrefix("album: error: --out \(picture) looks like a picture's name: --out is the folder"))
        #expect(!FileManager.default.fileExists(atPath: picture))
        let file = try write(Data("keep".utf8), "notes.txt")
        let onFile = try AlbumProcess.run(["thumb", "x.jpg", "--out", file])
        #expect(onFile.status == 64)
        #expect(onFile.stderr == "album: error: --out \(file) is a file: --out is the folder the thumbnails are written into\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("keep".utf8))
        let existing = folder.child("shots.jpg").path  // a folder that exists keeps any name
        try FileManager.default.createDirectory(atPath: existing, withIntermediateDirectories: true)
        #expect(try AlbumProcess.run(["thumb", "x.jpg", "--out", existing]).stderr.contains("looks like") == false)
    }
}
