import AlbumModel
import AlbumPlaces
import AlbumSeam
import AlbumStore
import Foundation
import Synchronization

/// A library: its store (pins, albums, photos) and the folder of its photo files. One type for
/// both stores (decision 0042-seam):
///
/// ```
/// DIR/album.sqlite      a folder library: pins, region, albums, photos (WAL mode)
/// postgres://…          or a shared library on PostgreSQL, its files in `?files=DIR`
/// DIR/originals/ab/…    downloaded photos, named by content hash, sharded by its first byte
/// DIR/thumbs/ab/…       thumbnails, named by the content hash of their original
/// ```
///
/// The core commands (pins, region, photos, fetch, new collection, resume, status, import,
/// verify, `album worker`), the memory features (tags, timeline, find, summaries and the card,
/// photo placing, the places listing: `MemoryStore`), plans, reminders, due deliveries, exports
/// and `album serve`'s answer cache go through `store`, the seam both stores implement, and are
/// async. Only a folder library's own upkeep (place naming, import's SQLite steps) reads the
/// SQLite database (`database`) directly.
public final class Library: Sendable {
    /// The folder of the photo files (a folder library's own folder, or a shared library's
    /// `files` folder).
    public let folder: URL
    /// The library's store, through the seam the fetch pipeline and the core commands use
    /// (`LibraryStore`: SQLite's `database.store`, or `PostgresStore`).
    let store: any LibraryStore
    /// A folder library's SQLite database; nil on PostgreSQL.
    let sqlite: AlbumDatabase?
    /// Whether this process already removed dead processes' temporary files.
    let sweptTemporaryFiles = Mutex(false)
    /// Why place names are unavailable, once naming needed the place data and it failed.
    let placeProblem = Mutex<AlbumError?>(nil)
    /// Thumbnails being made on first use (`--thumbnails lazy`), each once.
    let lazyThumbnails = LazyThumbnails()

    /// The SQLite database, for what the seam does not cover (place naming,
    /// import's SQLite steps) and for code already on a blocking thread.
    /// - Throws: `AlbumError.invalidInput` on a library of another store.
    var database: AlbumDatabase {
        get throws(AlbumError) {
            guard let sqlite else { throw LibraryStoreFeature.unsupported("this command", in: store.name) }
            return sqlite
        }
    }

    /// Whether the library is a folder library (SQLite): every command works on it.
    public var isFolderLibrary: Bool { sqlite != nil }

    /// How messages name the library: a folder library's folder, else its store (a PostgreSQL
    /// URL without its password).
    public var name: String { sqlite != nil ? folder.path : store.name }

    /// How the store names itself: a folder library's database path (`… (no library there yet)`
    /// when there is none), a PostgreSQL URL without its password. For the command line only:
    /// the store's own errors never carry it, since they may reach a web client (issue 22).
    public var storeName: String { store.name }

    /// Lets go of the store's connections (a PostgreSQL library); call it before the process
    /// ends. A folder library's database closes with its last reference.
    public func close() async { await store.close() }

    /// The folder used when neither `--library` nor `ALBUM_LIBRARY` names one.
    public static let defaultFolder = "./cache"

    /// The folder named by `--library`, else `ALBUM_LIBRARY`, else `./cache`.
    public static func resolveFolder(_ option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let path = option ?? environment["ALBUM_LIBRARY"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultFolder
        return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }

    /// Opens the library at `folder` for writing, creating the folder and database when missing,
    /// and names its new places.
    /// - Throws: `AlbumError.io` when the folder cannot be created, `.database` when SQLite refuses.
    public static func openForWriting(at folder: URL) async throws(AlbumError) -> Library {
        let library = try await BlockingPool.shared.run { () throws(AlbumError) -> Library in
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .io("cannot create library folder", subject: .file(folder.path), cause: .of(error))
            }
            let path = databasePath(in: folder)
            for target in [folder.path, path] where FileManager.default.fileExists(atPath: target) && access(target, W_OK) != 0 {
                throw .io("library \(folder.path) is read-only (\(Errno.current)): it can be read, not written")
            }
            return Library(folder: folder, database: try AlbumDatabase(path: path))
        }
        try await library.nameNewPlaces()
        return library
    }

    /// Opens the library at `folder` for reading. A library that does not exist yet reads as an
    /// empty one, and nothing is created on disk.
    public static func openForReading(at folder: URL) async throws(AlbumError) -> Library {
        let (library, writable) = try await BlockingPool.shared.run { () throws(AlbumError) -> (Library, Bool) in
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
                throw .io("library \(folder.path) is a file, not a folder")
            }
            let path = databasePath(in: folder)
            guard FileManager.default.fileExists(atPath: path) else {
                return (Library(folder: folder, database: try AlbumDatabase.inMemory(name: "\(path) (no library there yet)")), false)
            }
            // A library that cannot be written (read-only media, someone else's) is still read.
            if access(folder.path, W_OK) != 0 || access(path, W_OK) != 0 {
                return (Library(folder: folder, database: try AlbumDatabase(readingAt: path)), false)
            }
            return (Library(folder: folder, database: try AlbumDatabase(path: path)), true)
        }
        if writable { await library.nameNewPlacesIfPossible() }
        return library
    }

    /// Where the database of a library folder lives.
    public static func databasePath(in folder: URL) -> String {
        folder.appendingPathComponent("album.sqlite").path
    }

    private init(folder: URL, database: AlbumDatabase) {
        self.folder = folder
        self.sqlite = database
        self.store = database.store
    }

    /// A library on another store (PostgreSQL), its files in `folder`.
    init(folder: URL, store: any LibraryStore) {
        self.folder = folder
        self.sqlite = nil
        self.store = store
    }
}
