import AlbumCore
import AlbumModel
import AlbumServer
import AlbumSources
import Foundation
import TestSupport

/// A real `AlbumWebServer` on a free loopback port over a library in a temporary folder,
/// fetching from the committed bundle.
final class ServerHarness: @unchecked Sendable {
    let folder = TemporaryFolder("serve")
    let library: Library
    let server: AlbumWebServer
    var port: UInt16 = 0

    init(token: String? = nil, host: String = "127.0.0.1", vectorBasemap: VectorBasemap? = nil,
         configure: (inout AlbumWebServer.Settings) -> Void = { _ in }) async throws {
        library = try await Library.openForWriting(at: folder.child("lib"))
        let bundle = "bundle:\(Fixtures.bundle.path)"
        var settings = AlbumWebServer.Settings(host: host, port: 0, token: token, fetch: FetchOptions(radiusKm: 3, perPage: 30, concurrency: 4))
        configure(&settings)
        var assets = try WebAssets.system()
        assets.vectorBasemap = vectorBasemap
        server = try AlbumWebServer(
            library: library, assets: assets,
            settings: settings,
            makeEnvironment: { _ async throws(AlbumError) in
                try await FetchEnvironment.make(source: try SourceSpec.parse(bundle, endpoint: nil), maxConnectionsPerHost: 4)
            })
    }

    func start() async throws -> ServerHarness {
        port = try await server.start()
        return self
    }

    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil) async throws -> RawHTTP.Response {
        let port = port
        return try await RawHTTP.offPool { try RawHTTP.request(method, path, port: port, headers: headers, body: body) }
    }

    func json(_ method: String, _ path: String, _ object: [String: any Sendable], headers: [String: String] = [:]) async throws -> RawHTTP.Response {
        let port = port
        let body = try JSONSerialization.data(withJSONObject: object)
        var all = ["Content-Type": "application/json"]
        for (k, v) in headers { all[k] = v }
        return try await RawHTTP.offPool { [all] in try RawHTTP.request(method, path, port: port, headers: all, body: body) }
    }

    func stream(_ path: String, until marker: String) async throws -> String {
        let port = port
        return try await RawHTTP.offPool { RawHTTP.readStream(path, port: port, until: marker) }
    }

    func stop() async { await server.stop() }
}
