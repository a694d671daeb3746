#if canImport(Glibc)
import Glibc
#endif
import AlbumDownload
import AlbumModel
import Foundation

/// Reading a whole local file a photo comes from: an imported file or a bundle's photo.
enum LocalFile {
    /// The whole file, or why not (`unreadable: Permission denied`, `too large: …`). The size is
    /// checked on the open file against `check`'s cap before anything is read.
    static func read(_ path: String, check: PhotoBodyCheck) -> Result<Data, Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure("unreadable: \(Errno.current)") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure("unreadable: \(Errno.current)") }
        let size = Int(info.st_size)
        if let refusal = check.sizeRefusal(size) { return .failure(Failure(refusal)) }
        var data = Data(count: size)
        var filled = 0
        let failure: String? = data.withUnsafeMutableBytes { raw -> String? in
            guard let base = raw.baseAddress else { return nil }
            while filled < size {
                let n = Errno.retryingInterrupts { Glibc.read(descriptor, base + filled, size - filled) }
                if n < 0 { return Errno.current.description }
                if n == 0 { break }
                filled += n
            }
            return nil
        }
        if let failure { return .failure("unreadable: \(failure)") }
        return .success(filled == size ? data : data.prefix(filled))
    }
}
