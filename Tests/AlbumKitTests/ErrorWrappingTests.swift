import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumCore

/// Issue 9 item 4: an error that stops a larger job wraps the inner error instead of joining its
/// text, so the inner subject (the file) and cause (its errno) survive as values.
@Suite struct ErrorWrappingTests {
    let temporary = TemporaryFolder("wrapping")

    @Test func aThumbnailRepairThatFailsNamesThePhotoAndTheFile() async throws {
        try ImportFixture.write(to: temporary.child("photos"))
        let library = try await Library.openForWriting(at: temporary.child("library"))
        let report = try await library.importFolder(temporary.child("photos"), options: ImportOptions(copy: true))
        let pinId = try #require(report.pins.first?.id)
        let photo = try #require(try await library.photos(pinId: pinId).first)
        try FileManager.default.removeItem(at: library.url(forStoredPath: try #require(photo.thumbnail)))
        // The original is whole, but making the thumbnail fails with the system's error about a file.
        let processor = FailingProcessor(error: .io("cannot read", subject: .file("/scratch/x.jpg"), cause: .errno(Errno(EIO))))
        do {
            _ = try await library.verify(repair: true, processor: processor)
            Issue.record("repaired a thumbnail the processor could not make")
        } catch {
            #expect(error.subject == .photo(photo.id))
            #expect(error.subjects == [.photo(photo.id), .file("/scratch/x.jpg")], "\(error)")
            guard case .errno? = error.cause else { Issue.record("no errno: \(error)"); return }
            #expect(error.description.hasPrefix("cannot remake the thumbnail of photo \(photo.id): /scratch/x.jpg: cannot read: "), "\(error)")
        }
    }

    /// Issue 22: an original that is not what was stored (here a folder in its place) is damaged;
    /// an imported one is lost, said plainly, and the repair does not pretend.
    @Test func anImportedOriginalReplacedByAFolderIsReportedLost() async throws {
        try ImportFixture.write(to: temporary.child("photos"))
        let library = try await Library.openForWriting(at: temporary.child("library"))
        let report = try await library.importFolder(temporary.child("photos"), options: ImportOptions(copy: true))
        let pinId = try #require(report.pins.first?.id)
        let photo = try #require(try await library.photos(pinId: pinId).first)
        let original = library.url(forStoredPath: try #require(photo.file))
        try FileManager.default.removeItem(at: original)
        try FileManager.default.createDirectory(at: original, withIntermediateDirectories: false)
        let verified = try await library.verify(repair: true)
        #expect(verified.damagedOriginals.map(\.photo.id) == [photo.id])
        #expect(verified.notRepaired.map(\.id) == [photo.id])
        #expect(!verified.repaired)
    }
}

/// A processor whose every thumbnail fails with `error`.
struct FailingProcessor: PhotoProcessing {
    let error: AlbumError
    func prepare(_ data: Data) throws(AlbumError) -> PreparedPhoto { throw error }
    func inspect(_ data: Data) throws(AlbumError) -> (width: Int, height: Int) { throw error }
}
