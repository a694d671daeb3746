import Foundation

extension AlbumError.Detail.Cause {
    /// The cause of a Foundation error: its errno when it has one (a POSIX error, or a Cocoa
    /// error wrapping one: `Data(contentsOf:)`, `FileManager`), else its text.
    public static func of(_ error: any Error) -> AlbumError.Detail.Cause {
        if let error = error as? POSIXError { return .errno(Errno(error.code.rawValue)) }
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return .errno(Errno(underlying.code.rawValue))
        }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return .errno(Errno(Int32(ns.code))) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return .errno(Errno(Int32(underlying.code)))
        }
        return .underlying(error.localizedDescription)
    }
}
