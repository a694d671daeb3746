import AlbumFiles
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `AtomicFile.writeCopy` (issue 28, import's one read): the copy is the bytes that were read,
/// made in the kernel where it can be, and written from memory when the file changed since.
@Suite struct FileCopyTests {
    let folder = TemporaryFolder("file-copy")

    /// Opens `url` and reads it whole, as the import does.
    func openAndRead(_ url: URL) throws -> (OpenFile, Data) {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        #expect(fd >= 0)
        var info = stat()
        #expect(fstat(fd, &info) == 0)
        let file = OpenFile(descriptor: fd, path: url.path, info: info)
        return (file, try Data(contentsOf: url))
    }

    @Test func theCopyIsTheFileMadeInTheKernelWhereItCanBe() throws {
        let source = folder.child("photo.jpg")
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 7) })
        try bytes.write(to: source)
        let (file, data) = try openAndRead(source)
        let destination = folder.child("lib/originals/ab/copy.jpg")
        let method = try AtomicFile.writeCopy(of: file, data: data, to: destination)
        #expect(try Data(contentsOf: destination) == bytes)
        #expect(method != .write, "ext4, XFS and btrfs copy in the kernel (copy_file_range or a reflink)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path)
        #expect(leftovers == ["copy.jpg"], "no temporary file left: \(leftovers)")
    }

    @Test func aFileChangedSinceItWasReadIsCopiedFromWhatWasRead() throws {
        let source = folder.child("changing.jpg")
        let bytes = Data(repeating: 0xAB, count: 100_000)
        try bytes.write(to: source)
        let (file, data) = try openAndRead(source)
        // Another program appends to the file after the import read (and hashed) it.
        let handle = try FileHandle(forWritingTo: source)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0xCD, count: 50_000))
        try handle.close()
        let destination = folder.child("copy.jpg")
        #expect(try AtomicFile.writeCopy(of: file, data: data, to: destination) == .write)
        #expect(try Data(contentsOf: destination) == bytes, "the bytes that were hashed, not the file's new ones")
    }
}
