import AlbumModel
import Foundation

extension Thumbnailer {
    /// Makes the thumbnail of the JPEG at `source` and writes it to `destination` (through a
    /// temporary file and a rename, so a reader never sees half a thumbnail).
    /// - Throws: `AlbumError.io` or `.invalidInput`, naming the file involved.
    @discardableResult
    public func writeThumbnail(ofFileAt source: URL, to destination: URL) throws(AlbumError) -> Thumbnail {
        let thumbnail = try thumbnail(fileAt: source)
        do {
            try thumbnail.data.write(to: destination, options: .atomic)
        } catch {
            throw .io("\(destination.relativePath): cannot write: \(Self.reason(error))")
        }
        return thumbnail
    }
}
