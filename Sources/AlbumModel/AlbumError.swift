/// Errors every layer can raise. The case is the kind (what a caller does about it: a bad value,
/// an unknown id, a broken file…); its `Detail` says what happened to what: a message, the subject
/// (a file, a URL, a pin…) and the cause (an errno, a SQLite or curl code, an HTTP status).
///
/// ```swift
/// throw .io(Detail("cannot open", subject: .file(path), cause: .errno(.current)))
/// throw .invalidInput("latitude \(value) is outside [-90, 90]")   // text only, as before
/// ```
/// Callers look at `detail.subject` and `detail.cause`, never into the text. The CLI prints
/// `description`, one line (decision 0016).
public enum AlbumError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A value from the user (an argument, a file's content) that cannot be used.
    case invalidInput(Detail)
    /// An id or place that the library does not hold.
    case notFound(Detail)
    /// A file or folder that cannot be read or written.
    case io(Detail)
    /// The database refused an operation; carries SQLite's own message and code.
    case database(Detail)
    /// A photo source answered with an error or could not be reached.
    case source(Detail)
    /// The disk refused a write for a reason no photo is at fault for: it is full (ENOSPC), over
    /// quota (EDQUOT) or read-only (EROFS). A batch stops at once and its photos stay queued.
    case storage(Detail)

    /// What happened, to what, and why.
    public var detail: Detail {
        switch self {
        case .invalidInput(let d), .notFound(let d), .io(let d), .database(let d), .source(let d), .storage(let d): d
        }
    }

    /// The thing the error is about (a file, a URL, a pin…), when its producer knows it: its
    /// own, else that of the error it wraps.
    public var subject: Detail.Subject? { detail.chain.lazy.compactMap(\.subject).first }

    /// Every subject, the outermost first: `[.pin(3), .file("/lib/originals/ab/….jpg")]` for a
    /// download stopped by a file that could not be written.
    public var subjects: [Detail.Subject] { detail.chain.compactMap(\.subject) }

    /// The code behind the error (errno, SQLite, curl, HTTP status…), when there is one: its
    /// own, else that of the error it wraps.
    public var cause: Detail.Cause? { detail.chain.lazy.compactMap(\.cause).first }

    /// The one line the CLI prints after `album: error: `.
    public var description: String { detail.description }

    /// The same kind of error with `transform` applied to its detail.
    public func mapDetail(_ transform: (Detail) -> Detail) -> AlbumError {
        switch self {
        case .invalidInput(let d): .invalidInput(transform(d))
        case .notFound(let d): .notFound(transform(d))
        case .io(let d): .io(transform(d))
        case .database(let d): .database(transform(d))
        case .source(let d): .source(transform(d))
        case .storage(let d): .storage(transform(d))
        }
    }

    /// The same kind of error, wrapped in `message` (what it stopped), its detail kept whole:
    /// `download of pin 3 stopped: /lib/originals/ab/….jpg: cannot write: No space left on device`.
    public func wrapped(_ message: String, subject: Detail.Subject? = nil) -> AlbumError {
        mapDetail { Detail(message, subject: subject, wrapping: $0) }
    }

    /// The same error about `subject`, unless it already names a subject of its own.
    public func about(_ subject: Detail.Subject) -> AlbumError {
        mapDetail { $0.subject == nil ? $0.with(subject: subject) : $0 }
    }

    // Text built at run time (a `String` variable) still makes an error: `.invalidInput(message)`;
    // with a subject and a cause: `.io("cannot open", subject: .file(path), cause: .errno(.current))`.
    public static func invalidInput(_ message: String, subject: Detail.Subject? = nil, cause: Detail.Cause? = nil) -> AlbumError {
        .invalidInput(Detail(message, subject: subject, cause: cause))
    }
    public static func notFound(_ message: String, subject: Detail.Subject? = nil, cause: Detail.Cause? = nil) -> AlbumError {
        .notFound(Detail(message, subject: subject, cause: cause))
    }
    public static func io(_ message: String, subject: Detail.Subject? = nil, cause: Detail.Cause? = nil) -> AlbumError {
        .io(Detail(message, subject: subject, cause: cause))
    }
    public static func database(_ message: String, subject: Detail.Subject? = nil, cause: Detail.Cause? = nil) -> AlbumError {
        .database(Detail(message, subject: subject, cause: cause))
    }
    public static func source(_ message: String, subject: Detail.Subject? = nil, cause: Detail.Cause? = nil) -> AlbumError {
        .source(Detail(message, subject: subject, cause: cause))
    }
    public static func storage(_ message: String, subject: Detail.Subject? = nil, cause: Detail.Cause? = nil) -> AlbumError {
        .storage(Detail(message, subject: subject, cause: cause))
    }
}

extension AlbumError {
    /// `no pin with id 42`, about pin 42. The library is not named: the text reaches web clients,
    /// which must never see a server's paths (issue 22); the CLI adds it (`named(in:)`).
    public static func noPin(_ id: Int64, in library: String = "") -> AlbumError {
        .notFound("no pin with id \(id)", subject: .pin(id))
    }

    /// `no photo with id 7`, about photo 7 (see `noPin`).
    public static func noPhoto(_ id: Int64, in library: String = "") -> AlbumError {
        .notFound("no photo with id \(id)", subject: .photo(id))
    }

    /// `no reminder with id 3`, about reminder 3 (see `noPin`).
    public static func noReminder(_ id: Int64, in library: String = "") -> AlbumError {
        .notFound("no reminder with id \(id)", subject: .reminder(id))
    }

    /// For the command line: a `noPin`/`noPhoto`/`noReminder` error with the library named
    /// (`no pin with id 42 in /lib/album.sqlite`); any other error as it is.
    public func named(in library: String) -> AlbumError {
        guard case .notFound(let detail) = self, detail.inner == nil, detail.cause == nil else { return self }
        switch detail.subject {
        case .pin(let id)? where detail.message == "no pin with id \(id)",
             .photo(let id)? where detail.message == "no photo with id \(id)",
             .reminder(let id)? where detail.message == "no reminder with id \(id)":
            return .notFound(Detail("\(detail.message) in \(library)", subject: detail.subject))
        default:
            return self
        }
    }
}
