import AlbumKit
import ArgumentParser
import Foundation

/// `--force` of every command that writes a file at a path the user names (`export --out`,
/// `summary --card`, `yfcc index --index`, `thumb --out`): one rule, `OutputFile` (decision 0030).
struct OverwriteOptions: ParsableArguments {
    @Flag(help: "Replace a file the command writes that exists already (never one inside the library).")
    var force = false

    /// `path`, to be written by the rule: refused when it exists (unless --force), when it is
    /// inside the library `global` names (even with --force).
    func output(_ path: String, library global: GlobalOptions?) -> OutputFile {
        OutputFile(path: path, replacing: force, protecting: Self.protectedFolders(global))
    }

    /// The folders of the library `global` names (else the default one: `ALBUM_DATABASE_URL`,
    /// `ALBUM_LIBRARY`, ./cache): a folder library only when it holds a database (a command that
    /// opens no library must not refuse an ordinary ./cache folder).
    static func protectedFolders(_ global: GlobalOptions?) -> [URL] {
        guard let location = (try? global?.location()) ?? (try? LibraryLocation.resolve(nil, files: nil)) else { return [] }
        if case .folder(let folder) = location {
            return FileManager.default.fileExists(atPath: Library.databasePath(in: folder)) ? [folder] : []
        }
        return location.protectedFolders
    }
}
