import AlbumModel
import AlbumSeam
import Foundation

/// A downloaded photo as credits and datasets show it (issue 30): with its pin (nil in the
/// unplaced tray), its position (its own, else its pin's; nil for an unplaced photo without
/// one), its files and its tags. A class: an export hands each photo from the page it was read
/// in to the shard that writes it, and a copy of the value was a retain and a release of each of
/// its strings (a tenth of the export's CPU).
public final class ResearchPhoto: Sendable {
    public let photo: Photo
    public let pin: Pin?
    public let position: Coordinate?
    /// Whether `position` is the pin's because the photo has none of its own.
    public let positionFromPin: Bool
    /// Absolute paths of the original and thumbnail files (paths, not URLs: a URL a photo costs
    /// more than its tar member in `export dataset`, issue 30).
    public let filePath: String?
    public let thumbnailPath: String?
    /// Absolute URLs of the original and thumbnail files.
    public var file: URL? { filePath.map { URL(fileURLWithPath: $0, isDirectory: false) } }
    public var thumbnail: URL? { thumbnailPath.map { URL(fileURLWithPath: $0, isDirectory: false) } }
    /// Its own tags and its pin's, sorted.
    public let tags: [TagName]

    public init(
        photo: consuming Photo, pin: Pin?, position: Coordinate?, positionFromPin: Bool, filePath: String?, thumbnailPath: String?,
        tags: [TagName]
    ) {
        self.photo = photo
        self.pin = pin
        self.position = position
        self.positionFromPin = positionFromPin
        self.filePath = filePath
        self.thumbnailPath = thumbnailPath
        self.tags = tags
    }
}

extension Library {
    /// Every downloaded photo in id order — one pin's, or with `pinId` nil the whole library's,
    /// the unplaced tray included — with its tags (`export credits`).
    /// - Throws: `AlbumError.notFound` for an unknown pin id.
    public func researchPhotos(pinId: Int64?) async throws(AlbumError) -> [ResearchPhoto] {
        let pages = try await researchPhotoPages(pinId: pinId)
        var photos: [ResearchPhoto] = []
        while true {
            let page = try await pages.next()
            if page.isEmpty { return photos }
            photos += page
        }
    }

    /// The same photos a page at a time, in id order (`export dataset` writes its first shards
    /// while the rest is read, decision 0135). The pin is checked here, before any page.
    /// - Throws: `AlbumError.notFound` for an unknown pin id.
    public func researchPhotoPages(pinId: Int64?, pageSize: Int = ResearchPhotoPages.firstPage) async throws(AlbumError) -> ResearchPhotoPages {
        let pins: [Int64: Pin]
        if let pinId {
            let pin = try await store.requirePin(id: pinId)
            pins = [pin.id: pin]
        } else {
            pins = Dictionary(try await store.pins().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        }
        return ResearchPhotoPages(store: store, pinId: pinId, pins: pins, base: folder.path, pageSize: pageSize)
    }
}

/// The downloaded photos of a library (or of one pin) as `ResearchPhoto`s, read a page at a time
/// by id (`DatasetStore.downloadedPhotos(pinId:after:limit:)`). Pages grow from `pageSize` to
/// `largestPage`: the first comes soon, and a pin's read — whose every page walks the pin's
/// index entries — takes few pages. One reader at a time.
public final class ResearchPhotoPages: @unchecked Sendable {
    public static let firstPage = 1_000
    public static let largestPage = 16_000

    private let store: any LibraryStore
    private let pinId: Int64?
    private let pins: [Int64: Pin]
    /// The library's folder's path, taken once (a `URL.path` a photo cost a fifth of the mapping).
    private let base: String
    private var pageSize: Int
    private var after: Int64?
    private var ended = false

    init(store: any LibraryStore, pinId: Int64?, pins: [Int64: Pin], base: String, pageSize: Int) {
        (self.store, self.pinId, self.pins, self.base) = (store, pinId, pins, base)
        self.pageSize = max(1, pageSize)
    }

    /// The next page, in id order; empty when every photo has been read.
    public func next() async throws(AlbumError) -> [ResearchPhoto] {
        guard !ended else { return [] }
        var page = try await store.downloadedPhotos(pinId: pinId, after: after, limit: pageSize)
        guard let last = page.photos.last else {
            ended = true
            return []
        }
        after = last.id
        pageSize = min(Self.largestPage, max(pageSize, pageSize * 2))
        // Each photo moved out of the page (from its end) into its `ResearchPhoto`: a copy of a
        // `Photo` is a retain and a release of each of its strings.
        var photos = page.photos
        page.photos = []
        var result: [ResearchPhoto] = []
        result.reserveCapacity(photos.count)
        while let photo = photos.popLast() {
            let pin = photo.isUnplaced ? nil : pins[photo.pinId]
            let position = photo.coordinate ?? pin?.coordinate
            let positionFromPin = photo.coordinate == nil && pin != nil
            let filePath = photo.file.map { Library.path(forStoredPath: $0, in: base) }
            let thumbnailPath = photo.thumbnail.map { Library.path(forStoredPath: $0, in: base) }
            let tags = page.tags[photo.id] ?? []
            result.append(ResearchPhoto(
                photo: photo, pin: pin, position: position, positionFromPin: positionFromPin,
                filePath: filePath, thumbnailPath: thumbnailPath, tags: tags))
        }
        result.reverse()
        return result
    }
}
