import AlbumFiles
import AlbumModel
import AlbumPostgres
import Foundation

#if PostgreSQL
/// A library on PostgreSQL (issue 16, decisions 0017 and 0042-seam): pins, albums and photos in
/// the server's database (`PostgresStore`, through the same seam as SQLite), the photo files in a
/// folder every worker reaches (`files=` or `--files`).
extension Library {
    /// The marker file that ties a files folder to its database.
    public static let markerName = ".album-library"

    /// Connects and migrates, then checks that the files folder exists, can be written and
    /// belongs to this database (the first process to use it writes the marker), and names what
    /// waits for a place (as `Library.open` does for a folder library).
    /// - Throws: `AlbumError.database` for a server that cannot be reached; `.invalidInput` or
    ///   `.io` naming the files folder when it is missing, not writable, or another library's.
    static func openShared(_ location: PostgresLocation, leaseSeconds: Double, connections: Int) async throws(AlbumError) -> Library {
        guard let folder = location.files else {
            throw .invalidInput("\(location) names no files folder: add ?files=/shared/dir to the URL, or --files DIR")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .io("files folder \(folder.path) of \(location) does not exist (it must be a folder every worker reaches)")
        }
        guard access(folder.path, W_OK) == 0 else { throw .io("files folder \(folder.path) of \(location) cannot be written") }
        let store = try await PostgresStore.open(location, leaseSeconds: leaseSeconds, connections: connections)
        let library = Library(folder: folder, store: store)
        do {
            try checkMarker(in: folder, id: try await store.libraryID(), location: location)
            // As a folder library at open: new rows are named, and another place data key
            // (another place file or zone map) names every row again.
            try await library.nameNewPlaces()
        } catch {
            await store.close()
            throw error
        }
        return library
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
}
#endif
