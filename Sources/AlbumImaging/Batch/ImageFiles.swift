#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Turns the paths a user names into the JPEG and HEIC/HEIF files to process.
public enum ImageFiles {
    /// File extensions treated as JPEG when walking a folder (compared case-insensitively).
    public static let jpegExtensions: Set<String> = ["jpg", "jpeg", "jpe"]
    /// File extensions treated as HEIC/HEIF when walking a folder.
    public static let heifExtensions: Set<String> = ["heic", "heif", "hif"]
    private static let walkedExtensions = jpegExtensions.union(heifExtensions)

    /// Each path as given when it is not a folder (whatever its name: the reader then says
    /// whether it is a JPEG or HEIF); for a folder, every JPEG- or HEIF-named file under it, recursively, sorted,
    /// spelled from the folder as given (`photos/2024/a.jpg`). Hidden entries are skipped.
    ///
    /// Walks with `readdir`, whose entry types spare a `stat` per file: folders of thousands of
    /// photos are listed in milliseconds.
    public static func expand(_ paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return [path] }
            var found: [String] = []
            walk(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, into: &found)
            return found.sorted()
        }
    }

    private static func walk(_ folder: String, into found: inout [String]) {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = "\(folder)/\(name)"
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                type = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : Int32(DT_REG)
            }
            if type == Int32(DT_DIR) {
                walk(path, into: &found)
            } else if type == Int32(DT_REG), let dot = name.lastIndex(of: "."),
                      walkedExtensions.contains(name[name.index(after: dot)...].lowercased()) {
                found.append(path)
            }
        }
    }
}
