#if canImport(Glibc)
import Glibc
#endif
import AlbumDownload
import AlbumFiles
import AlbumModel
import Foundation

/// Reading a whole local file a photo comes from: an imported file or a bundle's photo.
enum LocalFile {
    /// The whole file, or why not, about the file: `PATH: unreadable: Permission denied` (the
    /// errno its cause), `PATH: too large: …`. The size is checked on the open file against
    /// `check`'s cap before anything is read.
    static func read(_ path: String, check: PhotoBodyCheck) -> Result<Data, AlbumError> {
        readKeepingOpen(path, check: check).map(\.data)
    }

    /// As `read`, and the file kept open (closed with the last reference to it): an import
    /// copies the file it read from that descriptor (`AtomicFile.writeCopy`), not by its name.
    static func readKeepingOpen(_ path: String, check: PhotoBodyCheck) -> Result<(data: Data, file: OpenFile), AlbumError> {
        let descriptor = RawPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return .failure(.io("unreadable", subject: .file(path), cause: .errno(.current))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = AlbumError.io("unreadable", subject: .file(path), cause: .errno(.current))
            close(descriptor)
            return .failure(error)
        }
        let file = OpenFile(descriptor: descriptor, path: path, info: info)
        let size = Int(info.st_size)
        if let refusal = check.sizeRefusal(size) { return .failure(.invalidInput(refusal, subject: .file(path))) }
        var data = Data(count: size)
        var filled = 0
        let failure: Errno? = data.withUnsafeMutableBytes { raw -> Errno? in
            guard let base = raw.baseAddress else { return nil }
            while filled < size {
                let n = Errno.retryingInterrupts { Glibc.read(descriptor, base + filled, size - filled) }
                if n < 0 { return Errno.current }
                if n == 0 { break }
                filled += n
            }
            return nil
        }
        if let failure { return .failure(.io("unreadable", subject: .file(path), cause: .errno(failure))) }
        return .success((filled == size ? data : data.prefix(filled), file))
    }
}
