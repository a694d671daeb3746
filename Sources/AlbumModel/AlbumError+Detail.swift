extension AlbumError {
    /// What an error says: a message, the thing it is about and the code behind it, rendered as
    /// one line by `description`:
    ///
    /// - a file or URL subject leads the line, the way compilers and curl name them:
    ///   `photo.jpg: cannot open: No such file or directory`;
    /// - pins, photos, reminders and the database are named by the message itself, in prose
    ///   (`no pin with id 42 in /lib/album.sqlite`): the subject carries the id for programs;
    /// - an errno cause ends the line with the system's text (`: No such file or directory`), a
    ///   curl cause with its code (` (curl error 7)`), an underlying error with its text; SQLite's
    ///   own message and an HTTP status are part of the message, the cause holds the code.
    ///
    /// Text alone (`"latitude 91.0 is outside [-90, 90]"`) is a detail with no subject or cause,
    /// rendered as it is. Two details are equal when their lines are equal.
    public struct Detail: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
        /// What went wrong, without the subject that leads the line or the cause's text.
        public var message: String
        /// The thing the error is about.
        public var subject: Subject?
        /// The code behind the error.
        public var cause: Cause?

        /// The error this one wraps (what stopped a download, an import, a repair), kept whole:
        /// its subject and cause survive, and its line follows this one's message.
        public var inner: Detail? {
            guard case .detail(let inner)? = wrapped else { return nil }
            return inner
        }
        private var wrapped: Wrapped?

        /// - Parameter inner: the error this one wraps (`download of pin 3 stopped` wrapping the
        ///   file that could not be written): rendered `message: inner's line`.
        public init(_ message: String, subject: Subject? = nil, cause: Cause? = nil, wrapping inner: Detail? = nil) {
            self.message = message
            self.subject = subject
            self.cause = cause
            wrapped = inner.map(Wrapped.detail)
        }

        public init(stringLiteral value: String) { self.init(value) }

        public init(stringInterpolation: DefaultStringInterpolation) {
            self.init(String(stringInterpolation: stringInterpolation))
        }

        /// The one line: `[subject: ]message[: inner's line][cause]`.
        public var description: String {
            switch subject {
            case .file(let path)?: "\(path): \(reason)"
            case .url(let url)?: "\(url): \(reason)"
            default: reason
            }
        }

        /// The line without a leading subject: what is wrong with the file or URL (an import
        /// report lists it beside the file's name).
        public var reason: String { message + (inner.map { ": \($0.description)" } ?? "") + (cause?.lineSuffix ?? "") }

        /// This detail and those it wraps, outermost first.
        public var chain: [Detail] { [self] + (inner?.chain ?? []) }

        /// The same detail with `context` before its message, subject and cause kept:
        /// `URL: cannot fetch the bundle list: Couldn't connect to server (curl error 7)`.
        public func withContext(_ context: String) -> Detail {
            Detail("\(context): \(message)", subject: subject, cause: cause, wrapping: inner)
        }

        /// The same detail about `subject`.
        public func with(subject: Subject?) -> Detail { Detail(message, subject: subject, cause: cause, wrapping: inner) }

        /// Boxes the wrapped detail (a struct cannot hold itself).
        private indirect enum Wrapped: Sendable, Hashable { case detail(Detail) }

        public static func == (a: Detail, b: Detail) -> Bool { a.description == b.description }
        public func hash(into hasher: inout Hasher) { hasher.combine(description) }

        /// The thing an error is about.
        public enum Subject: Sendable, Hashable {
            /// A file or folder, by the path the user gave or the library uses.
            case file(String)
            /// A URL fetched (never one holding a secret: the endpoint, not the request).
            case url(String)
            /// A pin of the library, by id.
            case pin(Int64)
            /// A photo of the library, by id.
            case photo(Int64)
            /// A reminder of the library, by id.
            case reminder(Int64)
            /// The library's database file.
            case database(String)
        }

        /// The code behind an error, as the layer that met it reported it.
        public enum Cause: Sendable, Hashable {
            /// A C library call failed with this `errno`.
            case errno(Errno)
            /// SQLite's (extended) result code: `SQLITE_BUSY` is 5, `SQLITE_BUSY_SNAPSHOT` 517.
            case sqlite(Int32)
            /// libcurl's `CURLcode`: 7 is "Couldn't connect to server".
            case curl(Int)
            /// The HTTP status a server answered with.
            case httpStatus(Int)
            /// Another error's text (one that has no code of its own).
            case underlying(String)

            /// What the cause adds to the end of the line.
            var lineSuffix: String {
                switch self {
                case .errno(let e): ": \(e)"
                case .curl(let code): " (curl error \(code))"
                case .underlying(let text): ": \(text)"
                case .sqlite, .httpStatus: ""
                }
            }

            /// SQLite's primary result code (the low byte of an extended code): `SQLITE_BUSY` (5)
            /// for `SQLITE_BUSY_SNAPSHOT` (517).
            public var sqlitePrimaryCode: Int32? {
                if case .sqlite(let code) = self { code & 0xFF } else { nil }
            }
        }
    }
}
