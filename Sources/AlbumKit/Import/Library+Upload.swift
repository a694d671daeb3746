import AlbumAudio
import AlbumFiles
import AlbumModel
import AlbumSeam
import Foundation

/// What an upload made (issue 25, item 5): a photo or a sound's entry, new or the one the
/// library held already (the same bytes uploaded before).
public enum UploadOutcome: Sendable {
    case photo(Photo, created: Bool)
    case entry(Entry, created: Bool)

    public var created: Bool {
        switch self {
        case .photo(_, let created), .entry(_, let created): created
        }
    }
}

extension Library {
    /// Imports one uploaded file through the import's own steps (`importFolder`: the content
    /// check, EXIF date and place, the pin it joins or makes, the thumbnail, duplicates by
    /// content; a sound file becomes an audio or song entry), the original copied into the
    /// library by content. The file must be alone in a folder of its own, named as the client
    /// named it (its name is the photo's title); the caller removes that folder afterwards.
    /// - Parameters:
    ///   - file: the uploaded file, complete.
    ///   - name: the name the client gave (recorded as `upload:NAME`, and in error messages).
    /// - Throws: `AlbumError.invalidInput` with a one-line reason when the file is not stored
    ///   (not an image or a sound, corrupt, truncated, too large, a photo removed before);
    ///   `.database`/`.storage` when the library fails.
    public func importUpload(_ file: URL, name: String, maxBytes: Int, systemZone: String = "UTC") async throws(AlbumError) -> UploadOutcome {
        var options = ImportOptions(copy: true, maxBytes: maxBytes, concurrency: 1)
        options.systemZone = systemZone
        options.recordedSource = "upload:" + name
        let folder = file.deletingLastPathComponent()
        let report = try await importFolder(folder, options: options)
        let hiding = { (text: String) in text.replacingOccurrences(of: file.path, with: name).replacingOccurrences(of: folder.path, with: "upload") }
        if let sound = report.sounds.first, let id = sound.entryId {
            return .entry(try await entry(id: id), created: true)
        }
        // Refused by the import (not an image or a sound, corrupt): said at once, the file not read again.
        let reason = report.skipped.first.map { hiding($0.reason) } ?? "not stored"
        guard report.imported > 0 || report.duplicates > 0 else { throw .invalidInput("\(name): \(reason)") }
        if AudioReader.isAudioName(file) {
            let data: Data
            do { data = try Data(contentsOf: file, options: .alwaysMapped) } catch { throw .invalidInput("\(name): the upload cannot be read back") }
            if let held = try await store.entryHolding(contentHash: ContentHash(of: data).hex) { return .entry(held, created: false) }
        } else if let data = try? Data(contentsOf: file, options: .alwaysMapped) {
            switch try await store.knownImport(contentHash: ContentHash(of: data).hex) {
            case .stored(let photoId, _, _)?: return .photo(try await photo(id: photoId), created: report.imported > 0)
            case .removed?: throw .invalidInput("\(name): a photo with these bytes was removed from this library; it is not stored again")
            case nil: break
            }
        }
        throw .invalidInput("\(name): \(reason)")
    }
}
