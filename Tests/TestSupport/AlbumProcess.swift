import Foundation

/// What one run of the built `album` binary did.
public struct AlbumRun: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        (self.status, self.stdout, self.stderr) = (status, stdout, stderr)
    }

    /// stdout parsed as JSON.
    public func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
    }
}

/// Runs the `album` executable built next to the test bundle.
public enum AlbumProcess {
    /// `.build/<config>/album`, found beside the running test binary; `ALBUM_TEST_BINARY` names
    /// another (`make test-release` runs the CLI tests against the release build, where the
    /// optimizer once miscompiled a batch: docs/architecture.md, "Compiler pitfalls").
    public static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["ALBUM_TEST_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = exe.deletingLastPathComponent()
        // The test binary is .build/debug/GeoAlbumPackageTests.xctest (a file on Linux).
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("album")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return exe.deletingLastPathComponent().appendingPathComponent("album")
    }

    /// The place index cache of every `album` the tests run (unless a test names its own): one
    /// folder per user in the temporary folder, reused across runs (the cache is keyed by the
    /// place files, and written by rename, so runs side by side are safe).
    public static let placesCache: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("geoalbum-test-places-\(getuid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// `base` (by default this process's environment) as every `album` of the tests gets it:
    /// no user place file or zone map unless the test sets one, and the place index cache in
    /// `placesCache`, never the user's ~/.cache, unless the test names its own.
    public static func environment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var env = base
        let inherited = ProcessInfo.processInfo.environment
        for key in ["ALBUM_PLACES", "ALBUM_ZONES"] where env[key] == inherited[key] { env[key] = nil }
        if env["ALBUM_PLACES_CACHE"] == nil || env["ALBUM_PLACES_CACHE"] == inherited["ALBUM_PLACES_CACHE"] {
            env["ALBUM_PLACES_CACHE"] = placesCache.path
        }
        return env
    }

    /// Starts `album` with `arguments`; the caller waits (or kills it).
    /// - Parameter input: what the process reads on stdin (nothing: /dev/null).
    public static func start(
        _ arguments: [String], environment: [String: String] = [:], currentDirectory: URL? = nil, input: String? = nil
    ) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["ALBUM_LIBRARY"] = nil
        env["FLICKR_API_KEY"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = Self.environment(env)
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let input {
            let pipe = Pipe()
            process.standardInput = pipe
            try process.run()
            pipe.fileHandleForWriting.write(Data(input.utf8))
            try? pipe.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        return (process, out, err)
    }

    /// Runs `album` with `arguments` to completion.
    @discardableResult
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], currentDirectory: URL? = nil, input: String? = nil
    ) throws -> AlbumRun {
        let (process, out, err) = try start(arguments, environment: environment, currentDirectory: currentDirectory, input: input)
        // Read both pipes before waiting so a large output cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return AlbumRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
