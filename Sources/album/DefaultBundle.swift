import AlbumKit
import Foundation

/// Where the embedded default source, the bundled fixtures, is found: installed beside the
/// program (`make install`: PREFIX/bin/album and PREFIX/share/geoalbum/bundle), else, for a
/// build run from the repository (`.build/…/album`), the repository's `fixtures/bundle`.
enum DefaultBundle {
    /// The folders looked at, in order.
    static var candidates: [String] {
        guard let executable = executablePath else { return [] }
        let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
        var found = [bin.deletingLastPathComponent().appendingPathComponent(SourceSpec.installedBundleFolder).standardizedFileURL.path]
        // .build/<triple>/debug/album or .build/debug/album: the repository is the parent of .build.
        let parts = URL(fileURLWithPath: executable).pathComponents
        if let build = parts.lastIndex(of: ".build"), build > 0 {
            let repository = NSString.path(withComponents: Array(parts[..<build]))
            found.append(URL(fileURLWithPath: repository).appendingPathComponent(SourceSpec.defaultBundleFolder).path)
        }
        return found
    }

    /// The first candidate that holds a bundle, or nil.
    static var path: String? {
        candidates.first { FileManager.default.fileExists(atPath: $0 + "/photos.json") }
    }

    /// What `--help` names as the default.
    static var helpText: String {
        path.map { "bundle:\($0)" } ?? "the bundled fixtures (not found: run `make install`)"
    }

    /// The running program, symlinks resolved.
    private static var executablePath: String? {
        let link = "/proc/self/exe"
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: link) {
            return URL(fileURLWithPath: resolved).resolvingSymlinksInPath().path
        }
        let argument = CommandLine.arguments.first ?? ""
        return argument.contains("/") ? URL(fileURLWithPath: argument).resolvingSymlinksInPath().path : nil
    }
}
