/// Where a photo came from: the user's own files, or a photo source (stored as the photo's
/// `source`: `import`, or the source's name such as `flickr` or `bundle:/abs/path`).
public enum PhotoOrigin: Sendable, Hashable, CustomStringConvertible {
    /// `album import`: the user's own file, `downloaded` from the start; a new collection, a
    /// pin's move and `verify --repair` leave it alone.
    case imported
    /// A photo source, by the name it is stored under.
    case source(String)

    /// The stored name of imported photos.
    private static let importName = "import"

    public init(stored: String) {
        self = stored == Self.importName ? .imported : .source(stored)
    }

    /// The name stored in `photos.source`.
    public var stored: String {
        switch self {
        case .imported: Self.importName
        case .source(let name): name
        }
    }

    public var description: String { stored }
}

extension Photo {
    /// Where the photo came from (its `source`, typed).
    public var origin: PhotoOrigin { PhotoOrigin(stored: source) }
    /// True for a photo `album import` stored.
    public var isImported: Bool { origin == .imported }
}
