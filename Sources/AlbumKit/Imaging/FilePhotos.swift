import AlbumImaging
import AlbumModel
import Foundation

/// `album exif` and `album thumb`: photos named on the command line, outside any library. The
/// executable goes through here, so it needs no imaging module of its own.
public enum FilePhotos {
    /// What a file's EXIF says (AlbumImaging's value).
    public typealias Exif = ExifInfo
    /// A thumbnail written to a file (AlbumImaging's value).
    public typealias Written = Thumbnail

    /// File extensions taken from a folder (compared case-insensitively): JPEG, then HEIC/HEIF.
    public static let folderExtensions: Set<String> = ["jpg", "jpeg", "jpe", "heic", "heif", "hif"]

    /// Each path as given when it is not a folder (the reader then says whether it is a JPEG or
    /// HEIF, whatever its name); for a folder, every JPEG- or HEIF-named file under it, sorted,
    /// spelled from the folder as given (`photos/2024/a.jpg`). Hidden entries are passed over.
    /// Folders are walked by the import's `FolderWalker` (links followed, each folder once).
    public static func expand(_ paths: [String]) -> [String] { expandNamingEmptyFolders(paths).files }

    /// As `expand`, and the folders (as given) in which no photo was found: `exif`/`thumb` say so
    /// and exit non-zero rather than print nothing.
    public static func expandNamingEmptyFolders(_ paths: [String]) -> (files: [String], emptyFolders: [String]) {
        var empty: [String] = []
        let files = paths.flatMap { path -> [String] in
            let found = expandOne(path)
            if found.isEmpty { empty.append(path) }
            return found
        }
        return (files, empty)
    }

    private static func expandOne(_ path: String) -> [String] {
        do {
            // By the path's bytes (`RawPath`): a name that is not UTF-8 is found too.
            var info = stat()
            guard RawPath.withCString(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else { return [path] }
            let root = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            guard let walker = try? FolderWalker(root: root) else { return [] }
            let prefix = root == "/" ? 1 : root.utf8.count + 1
            var found: [String] = []
            while case let entries = walker.next(1024), !entries.isEmpty {
                for case .file(let file) in entries {
                    let below = String(decoding: file.utf8.dropFirst(prefix), as: UTF8.self).split(separator: "/")
                    guard let name = below.last, !below.contains(where: { $0.hasPrefix(".") }),
                          let dot = name.lastIndex(of: "."),
                          folderExtensions.contains(name[name.index(after: dot)...].lowercased())
                    else { continue }
                    found.append(file)
                }
            }
            return found.sorted()
        }
    }

    /// The error of a folder in which no photo was found.
    public static func noPhotos(in folder: String) -> AlbumError {
        .notFound("no photos (JPEG or HEIC/HEIF files) in this folder", subject: .file(folder))
    }

    /// Each file's EXIF (header segments only), on the blocking pool, in the order given.
    public static func exif(of paths: [String]) async -> [Result<Exif, AlbumError>] {
        let reader = ExifReader()
        return await BlockingPool.shared.map(paths) { path in
            Result { () throws(AlbumError) in try reader.read(filePath: path) }
        }
    }

    /// Writes a thumbnail of each source to its destination, `concurrency` at once (default: one
    /// per core). An existing destination is replaced only with `replacing`; an input is never
    /// a destination (same device and inode, whatever its path).
    public static func writeThumbnails(
        _ jobs: [(source: URL, destination: URL)], longEdge: Int, replacing: Bool, protecting protectedFolders: [URL] = [],
        concurrency: Int?
    ) async -> [Result<Written, AlbumError>] {
        let thumbnailer = Thumbnailer(longEdge: longEdge)
        let pool = concurrency.map { BlockingPool(threads: $0, name: "geoalbum.thumb") } ?? .shared
        defer { if pool !== BlockingPool.shared { pool.shutdown() } }
        let inputs = Set(jobs.compactMap { FileIdentity(path: $0.source.path) })
        return await pool.map(jobs) { job in
            Result { () throws(AlbumError) in
                try thumbnailer.writeThumbnail(
                    ofFileAt: job.source, to: job.destination, replacing: replacing, inputs: inputs, protecting: protectedFolders)
            }
        }
    }
}
