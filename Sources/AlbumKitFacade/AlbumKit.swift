@_exported import AlbumCore
import AlbumServer

// AlbumKit is what the `album` executable imports (issue 23, item 4): AlbumCore (the library's
// operations, Sources/AlbumKit, re-exported whole) and the web server of `album serve`, which is
// built on AlbumCore and so cannot be beneath it: AlbumCore → AlbumServer → AlbumKit, no cycle
// (decision 0041). The values of the modules beneath AlbumCore are its typealiases (Exports.swift).

/// The web server of `album serve`.
public typealias AlbumWebServer = AlbumServer.AlbumWebServer
/// Who may use the server: the token, the one-time login code.
public typealias AccessPolicy = AlbumServer.AccessPolicy
/// How the server makes a pin's fetch environment.
public typealias EnvironmentFactory = AlbumServer.EnvironmentFactory
/// Logins and users' partitions of `album serve` on a library with users (decision 0046).
public typealias ServerAccounts = AlbumServer.ServerAccounts
