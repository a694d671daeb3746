import AlbumImaging
import Foundation
import Testing
import TestSupport

/// Issue 10, item 2 (thumb never overwrites) and item 11 (exif refuses a FIFO), through the
/// built binary.
@Suite struct ThumbSafetyTests {
    let folder = TemporaryFolder("thumb-safety")

    func write(_ data: Data, _ name: String) throws -> String {
        let url = folder.child(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test(arguments: [false, true])
    func thumbsIntoTheInputsFolderNeverReplaceTheInputs(force: Bool) throws {
        let a = try write(Fixtures.jpeg(Fixtures.noise(width: 800, height: 600)), "in/a.jpg")
        let b = try write(Fixtures.jpeg(Fixtures.noise(width: 600, height: 400, seed: 3)), "in/b.jpg")
        let (before, beforeB) = (try bytes(a), try bytes(b))
        let run = try AlbumProcess.run(["thumb", a, b, "--out", folder.child("in").path] + (force ? ["--force"] : []))
        #expect(run.status == 1)
        #expect(try bytes(a) == before && bytes(b) == beforeB, "an original was replaced by its thumbnail")
        #expect(run.stderr.contains("\(a) is an input photo: not overwritten"), "\(run.stderr)")
        #expect(run.stderr.contains("\(b) is an input photo"), "\(run.stderr)")
    }

    @Test func aLinkToAnInputUnderAnotherPathIsAnInputToo() throws {
        let a = try write(Fixtures.jpeg(Fixtures.noise(width: 320, height: 200)), "in/a.jpg")
        let out = folder.child("out").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        #expect(link(a, "\(out)/a.jpg") == 0)
        let before = try bytes(a)
        let run = try AlbumProcess.run(["thumb", a, "--out", out, "--force"])
        #expect(run.status == 1)
        #expect(try bytes(a) == before)
        #expect(run.stderr.contains("is an input photo"), "\(run.stderr)")
    }

    @Test func anUnrelatedFileIsSkippedAndNamedUnlessForce() throws {
        let a = try write(Fixtures.jpeg(Fixtures.noise(width: 320, height: 200)), "in/a.jpg")
        let b = try write(Fixtures.jpeg(Fixtures.noise(width: 320, height: 200, seed: 5)), "in/b.jpg")
        let mine = try write(Data("my own notes, not a thumbnail".utf8), "out/a.jpg")
        let out = folder.child("out").path
        let run = try AlbumProcess.run(["thumb", a, b, "--out", out, "--json"])
        #expect(run.status == 1)
        #expect(try bytes(mine) == Data("my own notes, not a thumbnail".utf8), "an unrelated file was overwritten")
        let rows = try #require(try run.json() as? [[String: Any]])
        #expect((rows[0]["error"] as? String)?.contains("\(mine) exists: not replaced (give --force") == true, "\(rows)")
        #expect(rows[1]["error"] is NSNull && FileManager.default.fileExists(atPath: "\(out)/b.jpg"))

        let forced = try AlbumProcess.run(["thumb", a, "--out", out, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try JPEGCodec.info(of: bytes(mine)).width == 256)
        #expect((try FileManager.default.contentsOfDirectory(atPath: out)).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func exifOfAFIFOIsRefusedAtOnce() throws {
        let fifo = folder.child("pipe.jpg").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let (process, _, err) = try AlbumProcess.start(["exif", fifo])
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "album exif hung on a FIFO")
        #expect(process.terminationStatus != 0)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.contains("not a regular file (a pipe)"), "\(stderr)")
    }
}
