import Foundation
import Testing
import TestSupport

/// Issue 22, item 4: a file name that is not valid UTF-8 (`café.jpg` written in Latin-1: the
/// byte 0xE9) is read by `exif`, `thumb` and `import` — named on the command line or found in a
/// folder — and printed escaped (`caf\xe9.jpg`), never "No such file or directory" or skipped.
@Suite struct RawFileNameTests {
    let folder = TemporaryFolder("raw-names")
    var photos: URL { folder.child("photos") }
    /// `café.jpg` in ISO 8859-1.
    static let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)

    /// Writes a located photo under a name of raw bytes (Foundation cannot spell it).
    func writeRawNamedPhoto() throws -> [UInt8] {
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let path = Array(photos.path.utf8) + [UInt8(ascii: "/")] + Self.latin1Name
        let jpeg = GeoPhoto(latitude: 48.8584, longitude: 2.2945, takenAt: "2024:06:14 09:43:19", offset: "+02:00", tag: "raw").jpeg
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        try #require(descriptor >= 0)
        let written = jpeg.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        try #require(written == jpeg.count)
        return path
    }

    /// `album ARGS… FILE` where FILE is the raw-named photo's path, through a shell (a
    /// Foundation `Process` takes only Unicode arguments).
    func albumNamingTheFile(_ arguments: [String]) throws -> AlbumRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$ALBUM" "$@" "$PHOTOS/$(printf 'caf\351.jpg')""#, "sh"] + arguments
        var environment = AlbumProcess.environment()
        environment["ALBUM"] = AlbumProcess.binary.path
        environment["PHOTOS"] = photos.path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return AlbumRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                        stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func exifReadsTheFileNamedOnTheCommandLineAndInAFolder() throws {
        _ = try writeRawNamedPhoto()
        let named = try albumNamingTheFile(["exif"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.hasPrefix(photos.path + #"/caf\xe9.jpg  taken 2024-06-14T09:43:19+02:00"#), "\(named.stdout)")
        let walked = try AlbumProcess.run(["exif", photos.path])
        #expect(walked.status == 0, "\(walked.stderr)")
        #expect(walked.stdout.hasPrefix(photos.path + #"/caf\xe9.jpg  taken 2024-06-14T09:43:19+02:00"#), "\(walked.stdout)")
    }

    @Test func thumbReadsTheFileAndWritesItsThumbnailUnderTheSameBytes() throws {
        _ = try writeRawNamedPhoto()
        let out = folder.child("out")
        let run = try albumNamingTheFile(["thumb", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("No such file"), "\(run.stderr)")
        var info = stat()
        let thumbnail = Array(out.path.utf8) + [UInt8(ascii: "/")] + Self.latin1Name + [0]
        let found = thumbnail.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) } }
        #expect(found == 0, "no thumbnail named caf\\xe9.jpg in \(out.path)")
        #expect(info.st_size > 0)
    }

    @Test func importReadsTheFileAndDoesNotSkipIt() throws {
        _ = try writeRawNamedPhoto()
        let run = try AlbumProcess.run(["import", photos.path, "--json", "--library", folder.child("lib").path])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["imported"] as? Int == 1, "\(run.stdout)")
        #expect((report["skipped"] as? [Any])?.isEmpty == true, "\(run.stdout)")
    }
}
