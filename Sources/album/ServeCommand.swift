import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "The map, albums filling in live, and a JSON API, in a browser (offline).",
        discussion: """
            Binds 127.0.0.1 by default. Any other --host needs a token: --token, or one generated \
            and printed once with a one-time login URL. API: /api/openapi.json.
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var sourceOptions: SourceOptions
    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port (0: any free port).") var port: Int = 8080
    @Option(help: "Require this token (Authorization: Bearer TOKEN, or the cookie the login URL sets).") var token: String?
    @Flag(help: "Open the map in the default browser (xdg-open).") var open = false
    @Option(name: .customLong("radius-km"), parsing: .unconditional, help: Vocabulary.searchRadius) var radiusKm: Double = 5
    @Option(name: .customLong("per-page"), parsing: .unconditional, help: Vocabulary.perPage) var perPage: Int = 30
    @Option(parsing: .unconditional, help: Vocabulary.concurrency) var concurrency: Int = 8
    @Option(help: ArgumentHelp("Draw the map from this tile server (https://tile.openstreetmap.org/{z}/{x}/{y}.png) instead of the offline basemap.", valueName: "url"))
    var tiles: String?
    @Option(name: .customLong("tiles-attribution"), help: ArgumentHelp("The credit for --tiles (default: © OpenStreetMap contributors).", valueName: "text"))
    var tilesAttribution: String?
    @Option(name: .customLong("max-upload-mb"), help: "The largest file an upload (POST /api/entries) takes, in MiB.") var maxUploadMB: Int = 256
    @Flag(help: .hidden) var noAnswerCache = false  // bench/serve.sh: what an answer costs to make
    // The sync fault run (LibraryStoresTests+SyncFaults): a claimed Idempotency-Key's timeout, and
    // a server that dies after its N-th keyed change committed, before the answer is kept.
    @Option(help: .hidden) var claimSeconds: Int64 = 120
    @Option(help: .hidden) var exitBeforeAnswer: Int?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) must be 0-65535") }
        if let token, token.count < 16 || !token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) }) {
            throw ValidationError("--token must be at least 16 letters, digits or -_.~")
        }
        try checkRadiusIsPositive(radiusKm)
        if let source = sourceOptions.source, let spec = try? SourceSpec.parse(source, endpoint: sourceOptions.endpoint) {
            try checkRadius(radiusKm, for: spec)
        }
        guard (1...250).contains(perPage) else { throw ValidationError("--per-page \(perPage) must be 1-250") }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency \(concurrency) must be 1-64") }
        guard (1...4096).contains(maxUploadMB) else { throw ValidationError("--max-upload-mb \(maxUploadMB) must be 1-4096") }
        if tilesAttribution != nil, tiles == nil { throw ValidationError("--tiles-attribution needs --tiles") }
        _ = try tileServer()
    }

    func tileServer() throws -> TileServer? {
        guard let tiles else { return nil }
        return try validation { () throws(AlbumError) in try TileServer(parsing: tiles, attribution: tilesAttribution) }
    }

    func run() async throws {
        let loopback = host == "localhost" || host == "::1" || host.hasPrefix("127.")
        var assets = try WebAssets.system()
        assets.tiles = try tileServer()
        if assets.tiles == nil { assets.vectorBasemap = try VectorBasemap.standard() }
        _ = try sourceOptions.spec()  // a bad --source fails before the library is opened
        try await global.withLibrary(.writing, asUser: false) { library in
            // A library with users: they log in (decision 0046), no token.
            let accounts = try await library.hasUsers() ? try await serverAccounts(library) : nil
            let token = self.token ?? (loopback || accounts != nil ? nil : AccessPolicy.randomHex(bytes: 24))
            try await serve(library, token: token, assets: assets, accounts: accounts)
        }
    }

    /// The logins and the users' partitions of a library with users.
    private func serverAccounts(_ library: Library) async throws -> ServerAccounts {
        guard let owner = try await library.owner() else { throw AlbumError.invalidInput("the library's users vanished") }
        let source = sourceOptions.source, endpoint = sourceOptions.endpoint, concurrency = self.concurrency
        return ServerAccounts(
            accounts: try library.accounts(), ownerId: owner.id,
            openPartition: { user async throws(AlbumError) in try await library.partition(for: user, ownerId: owner.id) },
            makeEnvironment: { partition in Self.environment(partition, source: source, endpoint: endpoint, concurrency: concurrency) })
    }

    /// How the server fetches a pin of `library`: `--source`, else the source the pin's album names.
    static func environment(_ library: Library, source: String?, endpoint: String?, concurrency: Int) -> EnvironmentFactory {
        { pinId async throws(AlbumError) in
            do {
                let spec = try SourceOptions.resolve(source: source, endpoint: endpoint, recorded: await library.album(pinId: pinId))
                return try await FetchEnvironment.make(source: spec, maxConnectionsPerHost: concurrency)
            } catch let error as AlbumError {
                throw error
            } catch {
                throw .invalidInput("\(error)")
            }
        }
    }

    private func serve(_ library: Library, token: String?, assets: WebAssets, accounts: ServerAccounts?) async throws {
        let source = sourceOptions.source, endpoint = sourceOptions.endpoint, concurrency = self.concurrency
        var settings = AlbumWebServer.Settings(
            host: host, port: UInt16(port), token: token, fetch: FetchOptions(radiusKm: radiusKm, perPage: perPage, concurrency: concurrency),
            keepsAnswers: !noAnswerCache)
        settings.maxUploadBytes = maxUploadMB << 20
        settings.claimSeconds = claimSeconds
        settings.exitBeforeAnswer = exitBeforeAnswer
        let server = try AlbumWebServer(
            library: library, assets: assets, settings: settings,
            makeEnvironment: Self.environment(library, source: source, endpoint: endpoint, concurrency: concurrency),
            accounts: accounts)
        // SIGTERM, SIGINT: stop accepting, finish what is in flight, give back the fetches' photos, exit 0.
        let bound = try await server.start(stopsOnSignals: true)
        let shown = host.contains(":") ? "[\(host)]" : host
        let base = "http://\(shown):\(bound)"
        if global.json {
            try Output.json(ServeJSON(url: base + "/", token: self.token == nil ? token : nil,
                                      login: server.policy.oneTimeCode.map { "\(base)/login?code=\($0)" }))
        } else {
            Output.line("serving \(library.name) at \(base)/  (Ctrl-C stops)")
            if accounts != nil { Output.line("this library has users: log in at \(base)/login or POST \(base)/api/auth/login") }
            if let code = server.policy.oneTimeCode {
                if self.token == nil, let token { Output.line("token (shown once): \(token)") }
                Output.line("one-time login: \(base)/login?code=\(code)")
            }
        }
        if open {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdg-open", server.policy.oneTimeCode.map { "\(base)/login?code=\($0)" } ?? base + "/"]
            try? process.run()
        }
        await server.wait()
    }
}

/// `{url, token, login}`: token only when generated.
struct ServeJSON: Encodable {
    let url: String
    let token: String?
    let login: String?
    enum Key: String, CodingKey { case url, token, login }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(url, forKey: .url)
        try c.encode(token, forKey: .token)
        try c.encode(login, forKey: .login)
    }
}
