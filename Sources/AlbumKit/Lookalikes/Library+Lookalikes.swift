import AlbumImaging
import AlbumModel
import AlbumPlaces
import AlbumSeam
import Foundation

/// The same picture more than once (issue 29 part 3, decisions 0100, 0104): photos whose
/// perceptual hashes are at most `threshold` bits apart and that pass the second check
/// (`Library.samePicture`), grouped, each group with the photo to keep.
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
    /// Bits of 64 that may differ for two photos to be candidates of one picture (the second
    /// check then decides). Chosen on the generated set of bench/dupes.py (docs/performance.md,
    /// decision 0104): re-encodes, resizes, HEIC and all but the widest 5 % crops fall within
    /// it, and it is the widest threshold the index serves at one bit a 16-bit chunk.
    public static let defaultThreshold = 7
    public static let thresholds = 0...32

    /// Pairs (i, j), i < j, of `hashes` at most `threshold` bits apart, with their distance,
    /// found through a multi-index of 16-bit chunks (`HammingPairs`, decision 0104).
    public static func pairs(_ hashes: [UInt64], threshold: Int) -> [(Int, Int, Int)] {
        HammingPairs.find(hashes, threshold: threshold)
    }

    /// Whether two capture times (`takenAt`, the camera's local time) are a second or more
    /// apart; nil when either is unknown or unreadable.
    public static func apartInTime(_ a: String?, _ b: String?) -> Bool? {
        guard let a, let b, let one = ZoneOffsets.epochSeconds(local: ZoneOffsets.split(a).local),
              let other = ZoneOffsets.epochSeconds(local: ZoneOffsets.split(b).local) else { return nil }
        return one != other
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

/// What the second check needs of a photo (decision 0104): its capture time and its pixels.
public struct LookalikeFacts: Sendable {
    public var takenAt: String?
    /// The thumbnail file, when one was made; else the original is decoded.
    public var thumbnail: URL?
    public var original: URL?

    public init(takenAt: String?, thumbnail: URL?, original: URL?) {
        self.takenAt = takenAt
        self.thumbnail = thumbnail
        self.original = original
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

    /// The second check of two photos whose hashes are near (decision 0104). Capture times a
    /// second or more apart: two shots (a burst), not the same picture. The same second: the
    /// same picture. A time unknown: their thumbnails are aligned and compared
    /// (`PictureDifference`); when either cannot be read, the hashes decide.
    public func samePicture(_ a: LookalikeFacts, _ b: LookalikeFacts) -> Bool {
        if let apart = Lookalikes.apartInTime(a.takenAt, b.takenAt) { return !apart }
        guard let one = comparisonImage(a), let other = comparisonImage(b) else { return true }
        return PictureDifference.of(one, other) <= PictureDifference.limit
    }

    /// The upright pixels the second check compares: the thumbnail's, else the original's
    /// reduced as a thumbnail.
    func comparisonImage(_ facts: LookalikeFacts) -> PixelImage? {
        if let thumbnail = facts.thumbnail, let data = try? Data(contentsOf: thumbnail), let image = try? JPEGCodec.decode(data) {
            return image
        }
        guard let original = facts.original, let made = try? Thumbnailer().thumbnail(fileAt: original) else { return nil }
        return try? JPEGCodec.decode(made.data)
    }

    /// A stored photo's facts for the second check.
    public func lookalikeFacts(_ photo: Photo) -> LookalikeFacts {
        LookalikeFacts(takenAt: photo.takenAt, thumbnail: photo.thumbnail.map { url(forStoredPath: $0) },
                       original: photo.file.map { url(forStoredPath: $0) })
    }

    /// The groups of photos that are the same picture — one pin's, or the library's — after
    /// making the hashes it lacks. Groups are linked pairs (a photo near another of the group),
    /// ordered by their keeper's id. Pairs near in hash pass the second check (`samePicture`)
    /// unless `bursts` is set: then the hashes alone decide, and a burst is one group.
    /// - Throws: `AlbumError.notFound` for an unknown pin.
    public func lookalikeGroups(
        pinId: Int64?, threshold: Int = Lookalikes.defaultThreshold, bursts: Bool = false, pool: BlockingPool = .shared
    ) async throws(AlbumError) -> [LookalikeGroup] {
        if let pinId { _ = try await store.requirePin(id: pinId) }
        _ = try await makeMissingPerceptualHashes()
        let hashes = try await store.perceptualHashes(pinId: pinId)
        var pairs = Lookalikes.pairs(hashes.map(\.hash.value), threshold: threshold)
        guard !pairs.isEmpty else { return [] }
        // The candidates' rows in one read; a photo removed meanwhile drops its pairs.
        let candidates = Set(pairs.flatMap { [$0.0, $0.1] }).sorted()
        let rows = try await store.photos(ids: candidates.map { hashes[$0].photoId })
        var rowById: [Int64: Photo] = [:]
        for photo in rows { rowById[photo.id] = photo }
        var photoAt: [Int: Photo] = [:]
        for k in candidates { photoAt[k] = rowById[hashes[k].photoId] }
        pairs = pairs.filter { photoAt[$0.0] != nil && photoAt[$0.1] != nil }
        if !bursts {
            // Capture times decide most pairs here and now; only the pairs with a time unknown
            // compare pixels (`samePicture`), on the pool.
            var kept = [Bool](repeating: false, count: pairs.count)
            var undecided: [Int] = []
            for (index, (i, j, _)) in pairs.enumerated() {
                if let apart = Lookalikes.apartInTime(photoAt[i]?.takenAt, photoAt[j]?.takenAt) {
                    kept[index] = !apart
                } else {
                    undecided.append(index)
                }
            }
            let facts = Dictionary(uniqueKeysWithValues: Set(undecided.flatMap { [pairs[$0].0, pairs[$0].1] }).compactMap { k in
                photoAt[k].map { (k, lookalikeFacts($0)) }
            })
            let compared = await pool.map(undecided) { [facts, pairs] index -> Bool in
                let (i, j, _) = pairs[index]
                return self.samePicture(facts[i]!, facts[j]!)
            }
            for (index, same) in zip(undecided, compared) { kept[index] = same }
            pairs = zip(pairs, kept).filter(\.1).map(\.0)
            guard !pairs.isEmpty else { return [] }
        }
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
        var groups: [LookalikeGroup] = []
        for (_, list) in members {
            // (photo, its index in `hashes`), once each.
            let photos: [(Photo, Int)] = Set(list).sorted().compactMap { k in photoAt[k].map { ($0, k) } }
            guard let (keeper, keeperAt) = photos.min(by: { Lookalikes.better($0.0, than: $1.0) }) else { continue }
            let keeperHash = hashes[keeperAt].hash
            var others: [(photo: Photo, distance: Int)] = []
            for (photo, k) in photos where k != keeperAt {
                others.append((photo, keeperHash.distance(to: hashes[k].hash)))
            }
            others.sort { a, b in a.distance != b.distance ? a.distance < b.distance : a.photo.id < b.photo.id }
            groups.append(LookalikeGroup(keeper: keeper, others: others))
        }
        return groups.sorted { $0.keeper.id < $1.keeper.id }
    }

    /// The highest photo id so far: what a fetch compares against afterwards.
    public func lastPhotoId() async throws(AlbumError) -> Int64 { try await store.lastPhotoId() }

    /// For each downloaded photo with an id above `after` (photos a fetch just stored), the
    /// closest other photo of the library stored before it — or after it, when that one is not
    /// new — within `threshold` that passes the second check (`samePicture`). Photos with no
    /// such look-alike are not in the answer. Ordered by photo id.
    public func lookalikes(storedAfter after: Int64, threshold: Int = Lookalikes.defaultThreshold) async throws(AlbumError) -> [Lookalike] {
        let hashes = try await store.perceptualHashes(pinId: nil)
        guard let first = hashes.firstIndex(where: { $0.photoId > after }) else { return [] }
        var found: [Lookalike] = []
        for index in first..<hashes.count {
            let new = hashes[index]
            var near: [(id: Int64, distance: Int)] = []
            for (k, other) in hashes.enumerated() where k != index && (k < index || other.photoId <= after) {
                let d = new.hash.distance(to: other.hash)
                if d <= threshold { near.append((other.photoId, d)) }
            }
            guard !near.isEmpty else { continue }
            let facts = lookalikeFacts(try await store.requirePhoto(id: new.photoId))
            for candidate in near.sorted(by: { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }) {
                guard samePicture(facts, lookalikeFacts(try await store.requirePhoto(id: candidate.id))) else { continue }
                found.append(Lookalike(photoId: new.photoId, like: candidate.id, distance: candidate.distance))
                break
            }
        }
        return found
    }
}
