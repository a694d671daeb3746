import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album share pin N --for 7d`, `share list`, `share rm ID`: read-only links to one album
/// (issue 25, decision 0047), served by `album serve` at `/s/TOKEN`.
struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Share a pin's album read-only, by an unguessable link that expires.",
        subcommands: [Pin.self, List.self, Remove.self])

    struct Pin: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pin", abstract: "Make a link to a pin's album (its page, thumbnails and originals).",
            discussion: "The link is printed once: only its hash is kept. album serve answers it at /s/TOKEN. --for: 1 minute to 1 year (default 7d).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The pin's id.") var pin: Int64
        @Option(name: .customLong("for"), help: ArgumentHelp("How long (10m, 2h, 1d).", valueName: "duration"))
        var duration: String = "7d"

        func run() async throws {
            let seconds = Int64(try DurationText.seconds(duration, option: "--for"))
            let now = Int64(Date().timeIntervalSince1970)
            let user = global.user
            let made = try await global.withLibrary(.writing, asUser: false) { try await $0.share(pinId: pin, seconds: seconds, as: user, now: now) }
            if global.json { return try Output.json(ShareJSON(made.link, path: made.path)) }
            Output.line("share \(made.link.id): pin \(pin) until \(ShareJSON.date(made.link.expiresAt)) at \(made.path)")
            Output.line("(after the server's address, e.g. http://127.0.0.1:8080\(made.path); shown once)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Every share link, newest first.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let user = global.user
            let links = try await global.withLibrary(.reading, asUser: false) { try await $0.shareLinks(as: user) }
            if global.json { return try Output.json(links.map { ShareJSON($0, path: nil) }) }
            if links.isEmpty { return Output.line("no share links") }
            let now = Int64(Date().timeIntervalSince1970)
            for link in links {
                let state = link.revokedAt != nil ? "revoked" : link.expiresAt <= now ? "expired" : "until \(ShareJSON.date(link.expiresAt))"
                Output.line("\(link.id)  pin \(link.pinId)  \(state)")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Revoke a share link: it stops opening at once.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The share link's id (album share list).") var id: Int64

        func run() async throws {
            let user = global.user, now = Int64(Date().timeIntervalSince1970)
            let link = try await global.withLibrary(.writing, asUser: false) { try await $0.revokeShare(id: id, as: user, now: now) }
            if global.json { return try Output.json(ShareJSON(link, path: nil)) }
            Output.line("revoked share \(link.id) of pin \(link.pinId)")
        }
    }
}

/// `{id, pinId, createdAt, expiresAt, revoked, path}`: `path` only when just made.
struct ShareJSON: Encodable {
    let id: Int64
    let pinId: Int64
    let createdAt: String
    let expiresAt: String
    let revoked: Bool
    let path: String?

    init(_ link: ShareLink, path: String?) {
        id = link.id
        pinId = link.pinId
        createdAt = Self.date(link.createdAt)
        expiresAt = Self.date(link.expiresAt)
        revoked = link.revokedAt != nil
        self.path = path
    }

    static func date(_ seconds: Int64) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }

    enum Key: String, CodingKey { case id, pinId, createdAt, expiresAt, revoked, path }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(id, forKey: .id)
        try c.encode(pinId, forKey: .pinId)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(expiresAt, forKey: .expiresAt)
        try c.encode(revoked, forKey: .revoked)
        try c.encode(path, forKey: .path)
    }
}
