import AlbumModel
import AlbumSeam
import Foundation

/// An imported file that looks like a photo the library had, or like an earlier file (by path)
/// of the same import (issue 29).
public struct ImportLookalike: Sendable, Hashable {
    public var file: String
    /// The library's photo it looks like, or nil when it is `likeFile`.
    public var likePhoto: Int64?
    public var likeFile: String?
    /// Bits of 64 the hashes differ by.
    public var distance: Int
    /// Not stored (`--skip-similar`).
    public var skipped: Bool

    /// `photo 12` or the other file's path.
    public var like: String { likePhoto.map { "photo \($0)" } ?? likeFile ?? "?" }
}

extension Library {
    /// Finds the new photos of a scan that look like a photo of the library or an earlier file
    /// (by path) of the scan — near in hash and passing the second check (`samePicture`: not a
    /// burst); with `skipSimilar` they leave the scan as skipped files, so they
    /// are never stored (their thumbnail and copy, written by the scan, go when nothing uses them).
    func findLookalikes(in scan: inout ScanResults, options: ImportOptions) async throws(AlbumError) -> [ImportLookalike] {
        let threshold = options.similarThreshold
        let fresh = scan.photos.indices.filter { scan.photos[$0].known == nil && scan.photos[$0].stored.perceptualHash != nil }
            .sorted { scan.photos[$0].originalPath < scan.photos[$1].originalPath }
        guard !fresh.isEmpty else { return [] }
        let library = try await store.perceptualHashes(pinId: nil)
        var earlier: [(file: String, hash: PerceptualHash, facts: LookalikeFacts)] = []
        var found: [ImportLookalike] = []
        var dropped = Set<Int>()
        for index in fresh {
            let photo = scan.photos[index]
            guard let hash = photo.stored.perceptualHash else { continue }
            let facts = LookalikeFacts(
                takenAt: photo.stored.takenAt, thumbnail: photo.stored.thumbnail.map { url(forStoredPath: $0) },
                original: url(forStoredPath: photo.stored.file))
            var near: [(photo: Int64?, file: String?, distance: Int, facts: LookalikeFacts?)] = []
            for other in library {
                let d = hash.distance(to: other.hash)
                if d <= threshold { near.append((other.photoId, nil, d, nil)) }
            }
            for other in earlier {
                let d = hash.distance(to: other.hash)
                if d <= threshold { near.append((nil, other.file, d, other.facts)) }
            }
            var best: (photo: Int64?, file: String?, distance: Int)?
            for candidate in near.sorted(by: { $0.distance < $1.distance }) {
                let otherFacts: LookalikeFacts
                if let known = candidate.facts {
                    otherFacts = known
                } else if let id = candidate.photo {
                    otherFacts = lookalikeFacts(try await store.requirePhoto(id: id))
                } else { continue }
                if samePicture(facts, otherFacts) {
                    best = (candidate.photo, candidate.file, candidate.distance)
                    break
                }
            }
            guard let best else {
                earlier.append((photo.originalPath, hash, facts))
                continue
            }
            found.append(ImportLookalike(
                file: photo.originalPath, likePhoto: best.photo, likeFile: best.file, distance: best.distance, skipped: options.skipSimilar))
            if options.skipSimilar {
                dropped.insert(index)
            } else {
                earlier.append((photo.originalPath, hash, facts))
            }
        }
        if !dropped.isEmpty {
            let hashes = Set(dropped.map { scan.photos[$0].stored.contentHash })
            for item in found {
                scan.skipped.append(SkippedFile(
                    file: item.file, reason: "looks like \(item.like) (\(item.distance) bits apart): not stored (--skip-similar)"))
            }
            scan.photos = scan.photos.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
            if !options.dryRun { try await removeUnusedFiles(hashes, on: .shared) }
        }
        return found
    }
}
