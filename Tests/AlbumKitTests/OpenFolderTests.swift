import AlbumFiles
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `OpenFolder` (issue 30, decision 0137): a file under the folder is opened relative to it, any
/// other by its whole path — a sibling whose name starts with the folder's is not inside it.
@Suite struct OpenFolderTests {
    let root = TemporaryFolder("open-folder")

    func write(_ text: String, _ path: String) throws {
        let url = root.child(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func contents(_ fd: Int32) -> String? {
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let got = read(fd, &buffer, buffer.count)
        return got < 0 ? nil : String(decoding: buffer[0..<got], as: UTF8.self)
    }

    @Test func filesInsideAndOutsideAreTheFilesTheirPathsName() throws {
        try write("inside", "lib/thumbs/ab/x.jpg")
        try write("sibling", "lib2/thumbs/ab/x.jpg")
        try write("Zürich", "lib/thumbs/zü/ü.jpg")
        for given in [root.child("lib").path, root.child("lib").path + "/"] {
            let folder = try #require(OpenFolder(path: given))
            #expect(contents(folder.openForReading(root.child("lib/thumbs/ab/x.jpg").path)) == "inside")
            #expect(contents(folder.openForReading(root.child("lib2/thumbs/ab/x.jpg").path)) == "sibling")
            #expect(contents(folder.openForReading(root.child("lib/thumbs/zü/ü.jpg").path)) == "Zürich")
            let missing = folder.openForReading(root.child("lib/thumbs/ab/missing.jpg").path)
            let code = errno
            #expect(missing == -1 && code == ENOENT)
        }
        #expect(OpenFolder(path: root.child("none").path) == nil)
    }
}
