import AlbumFiles
import AlbumModel
import AlbumPostgres
import Foundation

#if PostgreSQL
/// A library on PostgreSQL (issue 16, decision 0017): pins, albums and photos in the server's
/// database, the photo files in a folder every worker reaches (`files=` or `--files`).
///
/// What it does: pins (add, list, show), a fetch that queues a pin's first collection and helps
/// download it, `album worker` (claims with leases, any pin), photos and status, with the same
/// values as a folder library. The rest of `album` works on folder libraries only for now.
public final class SharedLibrary: Sendable {
    public let store: PostgresStore
    /// The shared files folder.
    public let folder: URL

    /// The marker file that ties a files folder to its database.
    public static let markerName = ".album-library"

    /// Connects and migrates, then checks that the files folder exists, can be written and
    /// belongs to this database (the first process to use it writes the marker).
    /// - Throws: `AlbumError.database` for a server that cannot be reached; `.invalidInput` or
    ///   `.io` naming the files folder when it is missing, not writable, or another library's.
    public static func open(_ location: PostgresLocation, leaseSeconds: Double = 120, connections: Int = 8) async throws(AlbumError) -> SharedLibrary {
        guard let folder = location.files else {
            throw .invalidInput("\(location) names no files folder: add ?files=/shared/dir to the URL, or --files DIR")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .io("files folder \(folder.path) of \(location) does not exist (it must be a folder every worker reaches)")
        }
        guard access(folder.path, W_OK) == 0 else { throw .io("files folder \(folder.path) of \(location) cannot be written") }
        let store = try await PostgresStore.open(location, leaseSeconds: leaseSeconds, connections: connections)
        do {
            try checkMarker(in: folder, id: try await store.libraryID(), location: location)
        } catch {
            await store.close()
            throw error
        }
        return SharedLibrary(store: store, folder: folder)
    }

    private static func checkMarker(in folder: URL, id: String, location: PostgresLocation) throws(AlbumError) {
        let marker = folder.appendingPathComponent(markerName)
        if let found = try? String(contentsOf: marker, encoding: .utf8) {
            let foundID = found.trimmingCharacters(in: .whitespacesAndNewlines)
            guard foundID == id else {
                throw .invalidInput(
                    "files folder \(folder.path) belongs to another library (\(markerName) says \(foundID), \(location) is \(id)): "
                        + "give every worker the folder of this library")
            }
            return
        }
        if !((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter({ !$0.hasPrefix(".") }).isEmpty,
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("originals").path)
        {
            throw .invalidInput(
                "files folder \(folder.path) holds photos but no \(markerName): it is not the shared folder of \(location)")
        }
        try AtomicFile.write(Data((id + "\n").utf8), to: marker)
    }

    private init(store: PostgresStore, folder: URL) {
        self.store = store
        self.folder = folder
    }

    /// Closes the connections.
    public func close() async { await store.close() }

    // MARK: Pins, photos, status

    public func addPin(at coordinate: Coordinate, title: String?, note: String?) async throws(AlbumError) -> Pin {
        try await store.addPin(at: coordinate, title: title, note: note)
    }

    public func pins() async throws(AlbumError) -> [Pin] { try await store.pins() }

    /// - Throws: `AlbumError.notFound` naming the id.
    public func pin(id: Int64) async throws(AlbumError) -> Pin { try await store.requirePin(id: id) }

    /// The album of a pin, in order. - Throws: `AlbumError.notFound` for an unknown pin.
    public func photos(pinId: Int64) async throws(AlbumError) -> [Photo] {
        _ = try await store.requirePin(id: pinId)
        return try await store.photos(pinId: pinId)
    }

    /// Counts per state, for the library and per pin (as `Library.status()`).
    public func status() async throws(AlbumError) -> LibraryStatus {
        let pins = try await store.pins()
        var perPin: [(pin: Pin, counts: StateCounts)] = []
        for pin in pins {
            perPin.append((pin, pin.photoCount > 0 ? try await store.stateCounts(pinId: pin.id) : StateCounts()))
        }
        return LibraryStatus(
            pins: pins.count, photos: try await store.stateCounts(), perPin: perPin,
            pinsNotSearched: try await store.pendingSearches().map(\.pinId))
    }

    /// The absolute URL of a stored path.
    func url(forStoredPath path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
    }
}
#endif
