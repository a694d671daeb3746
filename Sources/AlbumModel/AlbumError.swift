/// Errors every layer can raise, each with a message that names the input involved.
public enum AlbumError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A value from the user (an argument, a file's content) that cannot be used.
    case invalidInput(String)
    /// An id or place that the library does not hold.
    case notFound(String)
    /// A file or folder that cannot be read or written.
    case io(String)
    /// The database refused an operation; carries SQLite's own message.
    case database(String)
    /// A photo source answered with an error or could not be reached.
    case source(String)
    /// The disk refused a write for a reason no photo is at fault for: it is full (ENOSPC), over
    /// quota (EDQUOT) or read-only (EROFS). A batch stops at once and its photos stay queued.
    case storage(String)

    public var description: String {
        switch self {
        case .invalidInput(let m), .notFound(let m), .io(let m), .database(let m), .source(let m), .storage(let m): m
        }
    }
}
