import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumCore

/// Issue 9 item 4: an error that stops a larger job wraps the inner error instead of joining its
/// text, so the inner subject (the file) and cause (its errno) survive as values.
@Suite struct ErrorWrappingTests {
    let temporary = TemporaryFolder("wrapping")

    @Test func aThumbnailRepairThatCannotReadTheOriginalNamesThePhotoAndTheFile() async throws {
        try ImportFixture.write(to: temporary.child("photos"))
        let library = try Library.openForWriting(at: temporary.child("library"))
        let report = try await library.importFolder(temporary.child("photos"), options: ImportOptions(copy: true))
        let pinId = try #require(report.pins.first?.id)
        let photo = try #require(try await library.photos(pinId: pinId).first)
        let original = library.url(forStoredPath: try #require(photo.file))
        try FileManager.default.removeItem(at: library.url(forStoredPath: try #require(photo.thumbnail)))
        // The original is there, but is a folder: reading it fails with the system's error.
        try FileManager.default.removeItem(at: original)
        try FileManager.default.createDirectory(at: original, withIntermediateDirectories: false)

        do {
            _ = try await library.verify(repair: true)
            Issue.record("repaired a thumbnail from a folder")
        } catch {
            #expect(error.subject == .photo(photo.id))
            #expect(error.subjects == [.photo(photo.id), .file(original.path)], "\(error)")
            guard case .errno? = error.cause else { Issue.record("no errno: \(error)"); return }
            #expect(error.description.hasPrefix("cannot remake the thumbnail of photo \(photo.id): \(original.path): cannot read: "), "\(error)")
        }
    }
}
