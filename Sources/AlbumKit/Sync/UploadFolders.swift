import AlbumModel
import Foundation

/// `FILES/.uploads/`: a folder per upload being received (`album serve`) or file being pulled
/// (`album sync`), removed when it is done. A folder left by a killed process is swept by the
/// next upload into the same place once nothing in it changed for a day: a live upload writes
/// its file as its body arrives (decision 0093), so it is never that old (decision 0093).
public enum UploadFolders {
    public static let staleAfter: TimeInterval = 86_400

    /// Removes the folders under `uploads` whose newest file (or the folder itself) changed more
    /// than `staleAfter` before `now`, on the blocking pool. - Returns: how many were removed.
    @discardableResult
    public static func sweep(_ uploads: URL, now: Date = Date(), staleAfter: TimeInterval = staleAfter) async -> Int {
        await BlockingPool.shared.run { () -> Int in
            let files = FileManager.default
            func modified(_ url: URL) -> Date? { (try? files.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date }
            var removed = 0
            for name in (try? files.contentsOfDirectory(atPath: uploads.path)) ?? [] {
                let folder = uploads.appendingPathComponent(name)
                guard var newest = modified(folder) else { continue }
                for inner in (try? files.contentsOfDirectory(atPath: folder.path)) ?? [] {
                    if let date = modified(folder.appendingPathComponent(inner)), date > newest { newest = date }
                }
                if now.timeIntervalSince(newest) > staleAfter, (try? files.removeItem(at: folder)) != nil { removed += 1 }
            }
            return removed
        }
    }
}
