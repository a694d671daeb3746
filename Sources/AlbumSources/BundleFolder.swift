#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AlbumModel
import Foundation

/// A bundle's folder on disk and the rule that keeps every local photo inside it.
///
/// A record's `url` is either `http(s)://…` (passed through unchanged) or a relative path
/// resolved against the folder. A relative path may not be absolute, contain a `..` segment or a
/// NUL, and once every symlink is resolved (realpath) it must name a regular file inside the
/// folder's own real path. Any other scheme (`file:`, `ftp:`, `javascript:`, …) is refused.
struct BundleFolder: Sendable {
    /// The folder, absolute and standardised (`.` and `..` removed), symlinks kept.
    let path: String
    /// The folder with every symlink resolved: the prefix every local photo must have.
    let realPath: String

    /// - Throws: `AlbumError.notFound` when `path` is not an existing folder.
    init(path: String) throws(AlbumError) {
        self.path = path
        guard let real = Self.realPath(path), Self.kind(real) == S_IFDIR else {
            throw .notFound("bundle folder \(path) does not exist or is not a folder")
        }
        realPath = real
    }

    /// The URL to download a record's `url` from: the http(s) URL itself, or the `file://` URL
    /// of the real file inside the folder.
    /// - Returns: the URL string, or the reason it is refused.
    func resolve(recordURL url: String) -> Result<String, BundleRefusal> {
        if let scheme = Self.scheme(of: url) {
            let lower = scheme.lowercased()
            guard lower == "http" || lower == "https" else {
                return .failure(.init("has scheme '\(scheme):'; only http, https or a path relative to the bundle is allowed"))
            }
            guard let parsed = URL(string: url), let host = parsed.host, !host.isEmpty else {
                return .failure(.init("is not a valid \(lower) URL"))
            }
            return .success(url)
        }
        guard !url.hasPrefix("/") else {
            return .failure(.init("is an absolute path; local photos must be relative to the bundle folder"))
        }
        guard !url.contains("\0") else { return .failure(.init("contains a NUL character")) }
        guard !url.split(separator: "/", omittingEmptySubsequences: true).contains("..") else {
            return .failure(.init("contains '..'; local photos may not leave the bundle folder"))
        }
        switch contained(path + "/" + url) {
        case .success(let real): return .success(URL(fileURLWithPath: real).absoluteString)
        case .failure(let refusal): return .failure(refusal)
        }
    }

    /// The absolute http(s) URL of a web bundle record's `url`: itself when absolute, else
    /// resolved against the list's own URL. Any other scheme is refused, relative ones included
    /// (`file:`, `ftp:`, `javascript:`).
    static func resolve(webURL url: String, against base: URL) -> Result<String, BundleRefusal> {
        if let scheme = scheme(of: url), !["http", "https"].contains(scheme.lowercased()) {
            return .failure(.init("has scheme '\(scheme):'; only http and https are fetched"))
        }
        guard !url.contains(where: { $0.isWhitespace || $0 == "\0" }),
            let resolved = URL(string: url, relativeTo: base)?.absoluteURL,
            let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = resolved.host, !host.isEmpty
        else {
            return .failure(.init("is not a valid URL relative to \(base.absoluteString)"))
        }
        return .success(resolved.absoluteString)
    }

    /// The real path of `candidate` when it is a regular file inside the folder.
    func contained(_ candidate: String) -> Result<String, BundleRefusal> {
        guard let real = Self.realPath(candidate) else {
            return .failure(.init("names no file in the bundle", missing: true))
        }
        guard real.hasPrefix(realPath.hasSuffix("/") ? realPath : realPath + "/") else {
            return .failure(.init("leads outside the bundle folder (to \(real))"))
        }
        guard Self.kind(real) == S_IFREG else { return .failure(.init("is not a regular file")) }
        return .success(real)
    }

    /// The URL scheme `text` starts with (`ftp` in `ftp://…`, `javascript` in `javascript:…`).
    private static func scheme(of text: String) -> Substring? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter,
            candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return candidate
    }

    /// realpath(3): the absolute path with every symlink, `.` and `..` resolved; nil if missing.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The file type bits of `path` (`S_IFREG`, `S_IFDIR`, …), following symlinks; nil if missing.
    private static func kind(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }
}

/// Why a record's url is not offered.
struct BundleRefusal: Error, Sendable {
    let reason: String
    /// The file is absent (rather than outside the bundle or of the wrong kind).
    let missing: Bool

    init(_ reason: String, missing: Bool = false) {
        self.reason = reason
        self.missing = missing
    }
}
