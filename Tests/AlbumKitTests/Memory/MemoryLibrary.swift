@testable import AlbumCore
import AlbumModel
import AlbumStore
import Foundation
import TestSupport

/// A library in a temporary folder with photos stored directly through the import commit, so a
/// test chooses every photo's date, place, title and camera.
struct MemoryLibrary {
    let folder = TemporaryFolder("memory")
    let library: Library

    init() async throws {
        library = try await Library.openForWriting(at: folder.child("library"))
    }

    /// Stores photos in a new pin at `place` (or unplaced when nil); returns their ids in order.
    @discardableResult
    func add(
        _ photos: [(takenAt: String?, title: String)], at place: Coordinate?, make: String? = nil, model: String? = nil
    ) async throws -> [Int64] {
        let records = photos.map { photo in
            let hash = UUID().uuidString
            return ImportedPhotoRecord(
                contentHash: hash, originalPath: "/photos/\(photo.title)", file: "/photos/\(photo.title)",
                thumbnail: "thumbs/\(hash).jpg", title: photo.title, takenAt: photo.takenAt, coordinate: place, bytes: 1,
                width: 10, height: 10, make: make, model: model, orientation: 1, altitude: nil)
        }
        let before = try await library.store.lastPhotoId()
        let destination: ImportDestination = place.map { .newPin($0, note: nil) } ?? .unplaced
        _ = try await library.store.commitImport([ImportGroup(destination: destination, photos: records)])
        return (0..<Int64(records.count)).map { before + 1 + $0 }
    }
}

extension Coordinate {
    static func at(_ latitude: Double, _ longitude: Double) -> Coordinate {
        try! Coordinate(latitude: latitude, longitude: longitude)
    }
}
