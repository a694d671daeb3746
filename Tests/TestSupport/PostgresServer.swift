import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real PostgreSQL server for tests: `initdb` in a temporary folder, `pg_ctl start` on a free
/// loopback port, `pg_ctl stop` and the folder removed by `stop()` (or `deinit`).
///
/// Debian's `postgresql` package (binaries in `/usr/lib/postgresql/<major>/bin`, or `PG_BIN`).
/// PostgreSQL refuses to run as root: when the tests run as root, every server command runs as
/// the `postgres` user through `runuser`, and the folder is handed to that user.
///
/// ```swift
/// let server = try PostgresServer.start()
/// let url = try server.createDatabase()   // postgres://postgres@127.0.0.1:PORT/test_1
/// ```
public final class PostgresServer: @unchecked Sendable {
    /// The loopback port it listens on.
    public let port: Int
    /// The cluster's folder (data, socket, log).
    public let folder: URL
    private let bin: URL
    private let lock = NSLock()
    private var databases = 0
    private var stopped = false

    /// The superuser every test connects as (trust authentication on loopback only).
    public static let user = "postgres"

    /// Where the server's programs are: `PG_BIN`, else the newest `/usr/lib/postgresql/*/bin`.
    public static func binFolder() throws -> URL {
        if let env = ProcessInfo.processInfo.environment["PG_BIN"], !env.isEmpty { return URL(fileURLWithPath: env) }
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted()
        guard let newest = versions.last else {
            throw ServerError(description: "no PostgreSQL server in \(root): install Debian's `postgresql` (scripts/install-deps.sh)")
        }
        return URL(fileURLWithPath: "\(root)/\(newest)/bin")
    }

    /// Makes a new cluster and starts it.
    /// - Throws: `ServerError` with the failing command's output.
    public static func start() throws -> PostgresServer {
        let bin = try binFolder()
        let folder = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("geoalbum-pg-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if getuid() == 0 { try run("/bin/chown", ["-R", "postgres:postgres", folder.path], asPostgres: false) }
        let data = folder.appendingPathComponent("data").path
        try run(bin.appendingPathComponent("initdb").path,
                ["-D", data, "-U", user, "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"])
        // A port that was free a moment ago; another process taking it in between fails the start, retried.
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try freePort()
            let options = "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off "
                + "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
            do {
                try run(bin.appendingPathComponent("pg_ctl").path,
                        ["-D", data, "-l", folder.appendingPathComponent("server.log").path, "-o", options, "-w", "-t", "60", "start"])
                return PostgresServer(port: port, folder: folder, bin: bin)
            } catch {
                lastError = error
            }
        }
        throw lastError ?? ServerError(description: "PostgreSQL did not start")
    }

    private init(port: Int, folder: URL, bin: URL) {
        self.port = port
        self.folder = folder
        self.bin = bin
    }

    deinit { stop() }

    /// `postgres://postgres@127.0.0.1:PORT/NAME`
    public func url(database: String) -> String { "postgres://\(Self.user)@127.0.0.1:\(port)/\(database)" }

    /// Creates a new, empty database and returns its URL.
    public func createDatabase() throws -> String {
        let name = lock.withLock { () -> String in
            databases += 1
            return "test_\(databases)"
        }
        try psql("CREATE DATABASE \(name)")
        return url(database: name)
    }

    /// Runs SQL with `psql` (as the superuser, on the `postgres` database unless told) and
    /// returns what it printed (unaligned, tuples only).
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        try Self.run(bin.appendingPathComponent("psql").path,
                     ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", "\(port)",
                      "-U", Self.user, "-d", database, "-c", sql], asPostgres: false)
    }

    /// Stops the server (immediately: tests keep nothing) and removes its folder.
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        _ = try? Self.run(bin.appendingPathComponent("pg_ctl").path,
                          ["-D", folder.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs a program to completion; as the `postgres` user when this process is root.
    /// `posix_spawn` and `waitpid`, not `Process`: `pg_ctl start` leaves a daemon behind, and
    /// Foundation's `Process.waitUntilExit` was seen never to return for it.
    /// - Returns: its standard output and error.
    /// - Throws: `ServerError` naming the command, with its output, when it exits non-zero.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], asPostgres: Bool = true) throws -> String {
        let command = asPostgres && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] + arguments : [program] + arguments
        // Nothing else of this process (other tests' pipes and sockets) may live on in the daemon
        // `pg_ctl start` leaves: every descriptor past 2 is closed first.
        let argv = ["/bin/bash", "-c", #"for f in /proc/$$/fd/*; do n=${f##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done 2>/dev/null; exec "$@""#, "bash"] + command
        // The daemon must not hold a pipe of ours: output goes to a file.
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pg-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
        guard spawned == 0 else {
            throw ServerError(description: "cannot run \(argv[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            throw ServerError(description: "\((program as NSString).lastPathComponent) \(arguments.joined(separator: " ")) exited \(exited ? code : -1): \(text)")
        }
        return text
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw ServerError(description: "bind: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
