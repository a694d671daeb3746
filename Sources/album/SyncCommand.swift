import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album sync --server URL [--user EMAIL]`, `album sync --status`: this library and a server
/// exchange pins, photos and sounds through an outbox (issue 25, decision 0062).
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Send this library's changes to a GeoAlbum server and take its changes.",
        discussion: """
            --user names your account on the server (the first run asks its password: typed, or one line of stdin; \
            the login is then kept in $XDG_CONFIG_HOME/geoalbum/sessions.json, 0600). Pins, photos, sounds, notes, check-ins \
            and songs are synced; every change waits in an outbox until the server has it, tried again with back-off. \
            Run it from cron: each run finishes what an earlier one left. --status lists what waits and why.
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The server's address (http://host:port).", valueName: "url")) var server: String?
    @Flag(help: "Show each server's pending and failed changes; send nothing.") var status = false
    @Option(help: ArgumentHelp("Attempts at an unreachable server within this run (1-10).", valueName: "n")) var retries = 3

    func validate() throws {
        guard status || server != nil else { throw ValidationError("--server URL is required (or --status)") }
        if let server, !(server.hasPrefix("http://") || server.hasPrefix("https://")) {
            throw ValidationError("--server \(server) must be an http:// or https:// URL")
        }
        guard (1...10).contains(retries) else { throw ValidationError("--retries \(retries) must be 1-10") }
    }

    func run() async throws {
        if status { return try await showStatus() }
        guard let server else { return }
        let email = global.user
        let report = try await global.withLibrary(.writing, asUser: false) { library in
            let session = try SyncSession(server: server, email: email ?? "", sessionFile: nil)
            guard email != nil else { throw ValidationError("--user EMAIL (your account on \(server)) is required") }
            if !session.hasSavedLogin {
                try await session.login(password: try PasswordInput.read(prompt: "password for \(email ?? "") at \(server): ", confirming: false))
            }
            do {
                return try await library.sync(with: session, retries: retries)
            } catch SyncSession.Failure.loginNeeded(let why) {
                throw AlbumError.invalidInput("\(why): run album sync again to log in (nothing was lost: the changes wait in the outbox)")
            }
        }
        if global.json { try Output.json(SyncReportJSON(report)) } else {
            Output.line("sync with \(report.server): sent \(report.pushed), applied \(report.pulled), \(report.pending.count) waiting")
        }
        if let stopped = report.stopped {
            throw AlbumError.source("\(stopped); \(report.pending.count) changes wait in the outbox (album sync --status)")
        }
    }

    private func showStatus() async throws {
        let all = try await global.withLibrary(.reading, asUser: false) { try await $0.syncStatus() }
        let chosen = all.filter { server == nil || $0.server.url == server }
        if global.json { return try Output.json(chosen.map { SyncStatusJSON(server: $0.server, outbox: $0.outbox) }) }
        if chosen.isEmpty { return Output.line("never synced") }
        for (state, outbox) in chosen {
            Output.line("\(state.url) as \(state.email): \(outbox.count) waiting, pulled up to \(state.pullCursor)")
            for item in outbox {
                let why = item.lastError.map { " — failed \(item.attempts)×: \($0)" } ?? ""
                Output.line("  \(item.op) \(item.entity) \(item.localId)\(why)")
            }
        }
    }
}

struct SyncReportJSON: Encodable {
    let server: String, pushed: Int, pulled: Int, waiting: Int, stopped: String?
    init(_ r: SyncReport) { (server, pushed, pulled, waiting, stopped) = (r.server, r.pushed, r.pulled, r.pending.count, r.stopped) }

    enum Key: String, CodingKey { case server, pushed, pulled, waiting, stopped }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(server, forKey: .server); try c.encode(pushed, forKey: .pushed); try c.encode(pulled, forKey: .pulled)
        try c.encode(waiting, forKey: .waiting); try c.encode(stopped, forKey: .stopped)
    }
}

struct SyncStatusJSON: Encodable {
    let server: SyncServerState, outbox: [OutboxItem]

    enum Key: String, CodingKey { case server, user, pullCursor, outbox }
    enum ItemKey: String, CodingKey { case entity, id, op, attempts, lastError, nextAttemptAt }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(server.url, forKey: .server); try c.encode(server.email, forKey: .user); try c.encode(server.pullCursor, forKey: .pullCursor)
        var items = c.nestedUnkeyedContainer(forKey: .outbox)
        for item in outbox {
            var i = items.nestedContainer(keyedBy: ItemKey.self)
            try i.encode(item.entity, forKey: .entity); try i.encode(item.localId, forKey: .id); try i.encode(item.op, forKey: .op)
            try i.encode(item.attempts, forKey: .attempts); try i.encode(item.lastError, forKey: .lastError)
            try i.encode(item.nextAttemptAt, forKey: .nextAttemptAt)
        }
    }
}
