/// Where a photo is in its life: a slot in the album, then a file, or a reason it is not.
public enum PhotoState: Sendable, Hashable {
    case placeholder
    case downloading
    case downloaded
    case failed(reason: String)

    /// The name used in the database and in JSON output.
    public var name: String {
        switch self {
        case .placeholder: "placeholder"
        case .downloading: "downloading"
        case .downloaded: "downloaded"
        case .failed: "failed"
        }
    }

    /// The failure reason, when failed.
    public var failureReason: String? {
        if case .failed(let reason) = self { return reason }
        return nil
    }

    /// Rebuilds a state from its stored name and failure reason.
    /// - Throws: `AlbumError.database` for a name no version of GeoAlbum writes.
    public init(name: String, failure: String?) throws(AlbumError) {
        switch name {
        case "placeholder": self = .placeholder
        case "downloading": self = .downloading
        case "downloaded": self = .downloaded
        case "failed": self = .failed(reason: failure ?? "unknown failure")
        default: throw .database("unknown photo state '\(name)'")
        }
    }

    /// The transitions the downloader may make. Anything else is a bug.
    public func canMove(to next: PhotoState) -> Bool {
        switch (self, next) {
        case (.placeholder, .downloading), (.downloading, .downloaded), (.downloading, .failed),
            (.downloading, .placeholder),  // a crashed run's row goes back to the queue
            (.failed, .placeholder),  // a retry asked for by the user
            (.placeholder, .downloaded),  // imported files and files already on disk
            (.downloaded, .placeholder):  // `album verify --repair`: its original is gone
            true
        default: false
        }
    }
}
