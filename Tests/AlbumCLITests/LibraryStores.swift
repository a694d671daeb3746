import AlbumModel
import Foundation
import TestSupport
import Testing

/// The stores a library can be on, for `@Test(arguments: StoreKind.all)`: SQLite always, and
/// PostgreSQL when built with the trait (`swift build --traits PostgreSQL`), on a real server the
/// suite's `.libraryStores` trait starts and stops.
enum StoreKind: String, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    static var all: [StoreKind] {
        #if PostgreSQL
        [.sqlite, .postgres]
        #else
        [.sqlite]
        #endif
    }

    var testDescription: String { rawValue }

    @TaskLocal static var server: PostgresServer?

    /// A new, empty library of this store under `folder`: the `--library` value.
    func newLibrary(in folder: TemporaryFolder) throws -> String {
        let name = "\(rawValue)-\(UUID().uuidString.prefix(6))"
        switch self {
        case .sqlite:
            return folder.child(name).path
        case .postgres:
            guard let server = Self.server else { throw StoreTestError("the suite has no .libraryStores trait") }
            let files = folder.child(name)
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            return try server.createDatabase() + "?files=" + files.path
        }
    }

    /// The folder of the library's photo files.
    func files(of library: String) -> String {
        self == .sqlite ? library : String(library.split(separator: "=").last ?? "")
    }
}

/// A suite of tests on both stores: its libraries go in its own temporary folder. The tests on
/// both stores are three suites (`LibraryStoresTests`, `LibraryStoresSyncTests`,
/// `LibraryStoresWorkerTests`), each serialized within and with its own PostgreSQL server, so the
/// slow ones (kills, resets, leases) run beside each other rather than one after another. A new
/// test goes in the suite whose files it is like; keep the three near each other in length.
protocol LibraryStoresSuite {
    var folder: TemporaryFolder { get }
}

/// `@Suite(.libraryStores)`: one PostgreSQL server for the suite when built with the trait.
struct LibraryStoresTrait: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        #if PostgreSQL
        let server = try PostgresServer.start()
        defer { server.stop() }
        try await StoreKind.$server.withValue(server) { try await function() }
        #else
        try await function()
        #endif
    }
}

extension Trait where Self == LibraryStoresTrait {
    static var libraryStores: Self { Self() }
}

/// A library under test, of one store, and `album` run against it.
struct StoreLibrary {
    let store: StoreKind
    let library: String
    let folder: TemporaryFolder
    static let place = try! Coordinate(latitude: 41.8902, longitude: 12.4922)

    init(_ store: StoreKind, folder: TemporaryFolder) throws {
        self.store = store
        self.folder = folder
        library = try store.newLibrary(in: folder)
    }

    /// `album ARGUMENTS --library L` (with a short lease: a killed process's claims come back soon),
    /// waited for on a thread of its own: the tests' cooperative threads stay free for the suites
    /// running beside them (a loopback web server answers on them).
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) async throws -> AlbumRun {
        let library = self.library
        return try await Self.offPool {
            try AlbumProcess.run(arguments + ["--library", library, "--lease", "2"], environment: environment, input: input)
        }
    }

    /// Runs blocking `body` on a new thread.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    func start(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        try AlbumProcess.start(arguments + ["--library", library, "--lease", "2"], environment: environment)
    }

    /// `album ARGUMENTS --json`, which must succeed: its JSON.
    func json(_ arguments: [String], environment: [String: String] = [:]) async throws -> Any {
        let run = try await run(arguments + ["--json"], environment: environment)
        guard run.status == 0 else { throw StoreTestError("album \(arguments): \(run.stderr)") }
        return try run.json()
    }

    func status() async throws -> [String: Int] {
        (try await json(["status"]) as? [String: Any])?["photos"] as? [String: Int] ?? [:]
    }

    func photos(_ pin: Int) async throws -> [[String: Any]] {
        try await json(["photos", "\(pin)"]) as? [[String: Any]] ?? []
    }

    /// `count` photos around `place` in a YFCC100M file, indexed: the `--source` value.
    func source(_ count: Int, server: LoopbackServer) async throws -> String {
        let data = folder.child("yfcc-\(UUID().uuidString.prefix(6)).tsv").path
        try Data(YFCCFixture.around(Self.place, count: count, baseURL: server.baseURL).text().utf8)
            .write(to: URL(fileURLWithPath: data))
        let index = try await Self.offPool { try AlbumProcess.run(["yfcc", "index", data]) }
        guard index.status == 0 else { throw StoreTestError(index.stderr) }
        return "yfcc:" + data
    }

    /// `album fetch` at the place: the report.
    func fetch(_ source: String, perPage: Int, extra: [String] = []) async throws -> [String: Any] {
        try await json([
            "fetch", "--lat", "\(Self.place.latitude)", "--lon", "\(Self.place.longitude)", "--radius-km", "5",
            "--per-page", "\(perPage)", "--source", source,
        ] + extra) as? [String: Any] ?? [:]
    }

    /// `album fetch` of `count` photos from `server` (all downloaded): the new pin's id.
    func fetchedPin(_ count: Int, server: LoopbackServer) async throws -> Int {
        let report = try await fetch(try await source(count, server: server), perPage: count)
        #expect(report["downloaded"] as? Int == count, "\(report)")
        return try #require((report["pin"] as? [String: Any])?["id"] as? Int)
    }

    /// Serves `/photos/N.jpg`: distinct JPEG bytes for every N, after `delay`.
    static func imageServer(delay: Duration = .zero) throws -> LoopbackServer {
        let bodies = try JPEGBodies()
        return try LoopbackServer { request in
            let n = Int(request.path.filter(\.isNumber)) ?? 0
            let body = bodies.body(n) + Data("geoalbum-test-\(n)".utf8)
            return .delayed(delay, .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: body))
        }
    }

    /// Waits for a started `album` to end; its exit status.
    static func wait(_ started: (Process, Pipe, Pipe)) async throws -> Int32 {
        let (process, out, err) = started
        return try await offPool {
            DispatchQueue.global().async { _ = err.fileHandleForReading.readDataToEndOfFile() }
            _ = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// Waits until the server was asked for `count` photos (a minute at most).
    static func waitForRequests(_ server: LoopbackServer, _ count: Int) async throws {
        let deadline = Date().addingTimeInterval(60)
        while server.requests.count < count && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try #require(server.requests.count >= count, "the server was asked for \(server.requests.count) photos")
    }
}

struct StoreTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
