import AlbumImaging
import AlbumModel
import AlbumSeam
import Foundation

/// The same picture more than once (issue 29 part 3, decision 0100): photos whose perceptual
/// hashes are at most `threshold` bits apart, grouped, each group with the photo to keep.
public struct LookalikeGroup: Sendable {
    /// The suggested keeper: the most pixels, then a position, then EXIF, then the most bytes,
    /// then the earliest stored.
    public var keeper: Photo
    /// The others, with their distance to the keeper's hash, closest first.
    public var others: [(photo: Photo, distance: Int)]
}

/// A photo just imported or fetched that looks like one the library had.
public struct Lookalike: Sendable, Hashable {
    public var photoId: Int64
    /// The closest earlier photo, and how many bits their hashes differ.
    public var like: Int64
    public var distance: Int
}

public enum Lookalikes {
    /// Bits of 64 that may differ for two photos to be the same picture. Chosen on the generated
    /// set of bench/dupes.py (docs/performance.md): re-encodes, resizes, HEIC and crops of 5 % fall
    /// within it; a burst a second apart does not.
    public static let defaultThreshold = 10
    public static let thresholds = 0...32

    /// Pairs (i, j), i < j, of `hashes` at most `threshold` bits apart, with their distance.
    /// Every pair is compared (64-bit XOR and popcount): a million comparisons take about a
    /// millisecond.
    public static func pairs(_ hashes: [UInt64], threshold: Int) -> [(Int, Int, Int)] {
        var out: [(Int, Int, Int)] = []
        hashes.withUnsafeBufferPointer { h in
            for i in 0..<h.count {
                let a = h[i]
                for j in (i + 1)..<max(i + 1, h.count) {
                    let d = (a ^ h[j]).nonzeroBitCount
                    if d <= threshold { out.append((i, j, d)) }
                }
            }
        }
        return out
    }

    /// Whether `a` is the better photo to keep than `b`.
    public static func better(_ a: Photo, than b: Photo) -> Bool {
        let pa = (a.width ?? 0) * (a.height ?? 0), pb = (b.width ?? 0) * (b.height ?? 0)
        if pa != pb { return pa > pb }
        if (a.coordinate != nil) != (b.coordinate != nil) { return a.coordinate != nil }
        let ea = a.camera != nil || a.takenAt != nil, eb = b.camera != nil || b.takenAt != nil
        if ea != eb { return ea }
        if (a.bytes ?? 0) != (b.bytes ?? 0) { return (a.bytes ?? 0) > (b.bytes ?? 0) }
        return a.id < b.id
    }

    /// Why `photo` is the keeper, in words (`4032×3024, GPS, EXIF, 2.1 MB`).
    public static func facts(_ photo: Photo) -> String {
        var parts: [String] = []
        if let w = photo.width, let h = photo.height { parts.append("\(w)×\(h)") }
        if photo.coordinate != nil { parts.append("GPS") }
        if photo.camera != nil || photo.takenAt != nil { parts.append("EXIF") }
        if let bytes = photo.bytes { parts.append(ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)) }
        return parts.joined(separator: ", ")
    }
}

/// What `makeMissingPerceptualHashes` did.
public struct PerceptualHashReport: Sendable {
    public var made = 0
    public var failures: [(photoId: Int64, error: AlbumError)] = []
}

extension Library {
    /// Makes the hashes the library lacks (photos stored with a lazy thumbnail, or before hashes
    /// existed) from their thumbnail files — the original when the thumbnail was never made —
    /// and stores them. A photo whose files cannot be read is reported and left without.
    public func makeMissingPerceptualHashes(pool: BlockingPool = .shared) async throws(AlbumError) -> PerceptualHashReport {
        var report = PerceptualHashReport()
        var after: Int64 = 0
        while true {
            let batch = try await store.photosWithoutPerceptualHash(afterId: after, limit: 500)
            guard let last = batch.last else { break }
            after = last.photoId
            let results = await pool.map(batch) { pending -> (Int64, Result<PerceptualHash, AlbumError>) in
                (pending.photoId, Result { () throws(AlbumError) in
                    try self.perceptualHash(thumbnail: self.url(forStoredPath: pending.thumbnail), original: self.url(forStoredPath: pending.file))
                })
            }
            var made: [Int64: PerceptualHash] = [:]
            for (id, result) in results {
                switch result {
                case .success(let hash): made[id] = hash
                case .failure(let error): report.failures.append((id, error))
                }
            }
            try await store.setPerceptualHashes(made)
            report.made += made.count
        }
        return report
    }

    /// A photo's hash from its thumbnail file (already upright), else from its original.
    func perceptualHash(thumbnail: URL, original: URL) throws(AlbumError) -> PerceptualHash {
        if let data = try? Data(contentsOf: thumbnail), let image = try? JPEGCodec.decode(data) {
            return PerceptualHash(of: image)
        }
        guard let hash = try Thumbnailer().thumbnail(fileAt: original).perceptualHash else {
            throw .invalidInput("no perceptual hash could be made", subject: .file(original.path))
        }
        return hash
    }

    /// The groups of photos that are the same picture — one pin's, or the library's — after
    /// making the hashes it lacks. Groups are linked pairs (a photo near another of the group),
    /// ordered by their keeper's id.
    /// - Throws: `AlbumError.notFound` for an unknown pin.
    public func lookalikeGroups(pinId: Int64?, threshold: Int = Lookalikes.defaultThreshold) async throws(AlbumError) -> [LookalikeGroup] {
        if let pinId { _ = try await store.requirePin(id: pinId) }
        _ = try await makeMissingPerceptualHashes()
        let hashes = try await store.perceptualHashes(pinId: pinId)
        let pairs = Lookalikes.pairs(hashes.map(\.hash.value), threshold: threshold)
        guard !pairs.isEmpty else { return [] }
        // Union-find over the pairs.
        var parent = Array(0..<hashes.count)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for (i, j, _) in pairs { parent[root(j)] = root(i) }
        var members: [Int: [Int]] = [:]
        for (i, j, _) in pairs { for k in [i, j] { members[root(k), default: []].append(k) } }
        var hashById: [Int64: PerceptualHash] = [:]
        for item in hashes { hashById[item.photoId] = item.hash }
        var groups: [LookalikeGroup] = []
        for (_, list) in members {
            var photos: [Photo] = []
            for k in Set(list).sorted() { photos.append(try await store.requirePhoto(id: hashes[k].photoId)) }
            guard let keeper = photos.min(by: { Lookalikes.better($0, than: $1) }), let keeperHash = hashById[keeper.id] else { continue }
            var others: [(photo: Photo, distance: Int)] = []
            for photo in photos where photo.id != keeper.id {
                others.append((photo, hashById[photo.id].map { keeperHash.distance(to: $0) } ?? threshold))
            }
            others.sort { a, b in a.distance != b.distance ? a.distance < b.distance : a.photo.id < b.photo.id }
            groups.append(LookalikeGroup(keeper: keeper, others: others))
        }
        return groups.sorted { $0.keeper.id < $1.keeper.id }
    }

    /// The highest photo id so far: what a fetch compares against afterwards.
    public func lastPhotoId() async throws(AlbumError) -> Int64 { try await store.lastPhotoId() }

    /// For each downloaded photo with an id above `after` (photos a fetch just stored; one pin's
    /// when `pinId` is given), the closest other photo of the library stored before it — or after
    /// it, when that one is not new — within `threshold`. Photos with no such look-alike are not
    /// in the answer. Ordered by photo id.
    public func lookalikes(storedAfter after: Int64, threshold: Int = Lookalikes.defaultThreshold) async throws(AlbumError) -> [Lookalike] {
        let hashes = try await store.perceptualHashes(pinId: nil)
        guard let first = hashes.firstIndex(where: { $0.photoId > after }) else { return [] }
        var found: [Lookalike] = []
        for index in first..<hashes.count {
            let new = hashes[index]
            var best: (id: Int64, distance: Int)?
            for (k, other) in hashes.enumerated() where k != index && (k < index || other.photoId <= after) {
                let d = new.hash.distance(to: other.hash)
                if d <= threshold, d < best?.distance ?? Int.max { best = (other.photoId, d) }
            }
            if let best { found.append(Lookalike(photoId: new.photoId, like: best.id, distance: best.distance)) }
        }
        return found
    }
}
