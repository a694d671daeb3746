@_exported import struct AlbumFiles.FileIdentity
import AlbumFiles
import AlbumModel
import Foundation

extension Thumbnailer {
    /// Makes the thumbnail of the JPEG at `source` and writes it to `destination` by the rule of
    /// every file a command writes (`OutputFile`): through a temporary file, so a reader never sees
    /// half a thumbnail; never over an input (`source` or one of `inputs`, same device and inode,
    /// whatever the path) or into a protected folder; an existing file only when `replacing`.
    /// - Parameter inputs: the identities of every file of the batch (see `FileIdentity`).
    /// - Throws: `AlbumError.io` or `.invalidInput`, naming the file involved.
    @discardableResult
    public func writeThumbnail(
        ofFileAt source: URL, to destination: URL, replacing: Bool = false, inputs: Set<FileIdentity> = [],
        protecting protectedFolders: [URL] = []
    ) throws(AlbumError) -> Thumbnail {
        var batch = inputs
        if let identity = FileIdentity(path: source.path) { batch.insert(identity) }
        let output = OutputFile(destination, replacing: replacing, protecting: protectedFolders, inputs: batch)
        try output.check()
        let thumbnail = try thumbnail(fileAt: source)
        // Checked again by the write now that the decode is done: a file may have appeared meanwhile.
        try output.write(thumbnail.data)
        return thumbnail
    }
}
