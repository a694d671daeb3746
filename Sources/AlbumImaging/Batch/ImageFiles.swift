import Foundation

/// Turns the paths a user names into the JPEG files to process.
public enum ImageFiles {
    /// File extensions treated as JPEG when walking a folder (compared case-insensitively).
    public static let jpegExtensions: Set<String> = ["jpg", "jpeg", "jpe"]

    /// Each path as given when it is a file (whatever its name: the reader says if it is no
    /// JPEG); for a folder, every JPEG-named file under it, recursively, in path order.
    public static func expand(_ paths: [String]) -> [URL] {
        paths.flatMap { path -> [URL] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                return [URL(fileURLWithPath: path)]
            }
            let folder = URL(fileURLWithPath: path, isDirectory: true)
            guard let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            else { return [] }
            var found: [String] = []
            for case let url as URL in walker where jpegExtensions.contains(url.pathExtension.lowercased()) {
                found.append(String(url.path.dropFirst(folder.path.count).drop { $0 == "/" }))
            }
            return found.sorted().map { URL(fileURLWithPath: (path as NSString).appendingPathComponent($0)) }
        }
    }
}
