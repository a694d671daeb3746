import AlbumModel
import AlbumStore
import Foundation
import Synchronization

/// A library folder: the SQLite database plus the photo and thumbnail files beside it.
///
/// ```
/// DIR/album.sqlite      pins, region, albums, photos (WAL mode)
/// DIR/originals/ab/…    downloaded photos, named by content hash, sharded by its first byte
/// DIR/thumbs/ab/…       thumbnails, named by the content hash of their original
/// ```
public final class Library: Sendable {
    /// The library folder.
    public let folder: URL
    /// The library's store, through the seam the fetch pipeline and the core commands use
    /// (`LibraryStore`; SQLite's is `database.store`).
    let store: any LibraryStore
    /// The library's SQLite database, for what the seam does not cover (tags, timeline,
    /// summaries, plans, reminders, place naming) and for code already on a blocking thread.
    let database: AlbumDatabase
    /// Whether this process already removed dead processes' temporary files.
    let sweptTemporaryFiles = Mutex(false)
    /// Why place names are unavailable, once naming needed the place data and it failed.
    let placeProblem = Mutex<AlbumError?>(nil)

    /// The folder used when neither `--library` nor `ALBUM_LIBRARY` names one.
    public static let defaultFolder = "./cache"

    /// The folder named by `--library`, else `ALBUM_LIBRARY`, else `./cache`.
    public static func resolveFolder(_ option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let path = option ?? environment["ALBUM_LIBRARY"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultFolder
        return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }

    /// Opens the library at `folder` for writing, creating the folder and database when missing.
    /// - Throws: `AlbumError.io` when the folder cannot be created, `.database` when SQLite refuses.
    public static func openForWriting(at folder: URL) throws(AlbumError) -> Library {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create library folder \(folder.path): \(error.localizedDescription)")
        }
        let path = databasePath(in: folder)
        for target in [folder.path, path] where FileManager.default.fileExists(atPath: target) && access(target, W_OK) != 0 {
            throw .io("library \(folder.path) is read-only (\(Errno.current)): it can be read, not written")
        }
        let library = Library(folder: folder, database: try AlbumDatabase(path: path))
        try library.nameNewPlaces()
        return library
    }

    /// Opens the library at `folder` for reading. A library that does not exist yet reads as an
    /// empty one, and nothing is created on disk.
    public static func openForReading(at folder: URL) throws(AlbumError) -> Library {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw .io("library \(folder.path) is a file, not a folder")
        }
        let path = databasePath(in: folder)
        guard FileManager.default.fileExists(atPath: path) else {
            return Library(folder: folder, database: try AlbumDatabase.inMemory(name: "\(path) (no library there yet)"))
        }
        // A library that cannot be written (read-only media, someone else's) is still read.
        if access(folder.path, W_OK) != 0 || access(path, W_OK) != 0 {
            return Library(folder: folder, database: try AlbumDatabase(readingAt: path))
        }
        let library = Library(folder: folder, database: try AlbumDatabase(path: path))
        library.nameNewPlacesIfPossible()
        return library
    }

    /// Where the database of a library folder lives.
    public static func databasePath(in folder: URL) -> String {
        folder.appendingPathComponent("album.sqlite").path
    }

    private init(folder: URL, database: AlbumDatabase) {
        self.folder = folder
        self.database = database
        self.store = database.store
    }
}
