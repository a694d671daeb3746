import Foundation
import Testing
import TestSupport

/// Structured errors (decision 0016) end as one line that names their subject and cause: the
/// URL and curl's code, the HTTP status, the file and the system's reason. Real servers, real files.
@Suite struct ErrorLineTests {
    let folder = TemporaryFolder("error-line")
    var library: String { folder.child("lib").path }

    func search(source: String) throws -> AlbumRun {
        try AlbumProcess.run(
            ["search", "--lat", "1", "--lon", "2", "--source", source, "--library", library], currentDirectory: folder.url)
    }

    @Test func aRefusedConnectionNamesTheURLAndCurlsCode() throws {
        // A server that has stopped: its port refuses connections.
        let server = try LoopbackServer { _ in .respond(status: 200, headers: [:], body: Data()) }
        let url = "\(server.baseURL)/photos"
        server.stop()
        let run = try search(source: "bundle:\(url)")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("album: error: \(url): cannot fetch the bundle list: "), "\(run.stderr)")
        #expect(run.stderr.hasSuffix(" (curl error 7)\n"), "CURLE_COULDNT_CONNECT: \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func anHTTPErrorNamesTheURLAndTheStatus() throws {
        let server = try LoopbackServer.serving(folder: folder.url)
        let url = "\(server.baseURL)/none.json"
        let run = try search(source: "bundle:\(url)")
        #expect(run.status == 1)
        #expect(run.stderr == "album: error: \(url): the server answered HTTP 404\n", "\(run.stderr)")
    }

    /// Runs `album` with stdout on `output` (stderr captured) and waits.
    func run(_ arguments: [String], stdout output: FileHandle) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = AlbumProcess.binary
        process.arguments = arguments
        process.environment = AlbumProcess.environment()
        let err = Pipe()
        process.standardOutput = output
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    @Test func aReaderThatWentAwayEndsTheCommandQuietlyAndKeepsWhatItStored() throws {
        // `album … | head`: the reader has gone before album writes its line.
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let gone = try run(["pin", "add", "--lat", "1", "--lon", "2", "--title", "Kept", "--library", library],
                           stdout: pipe.fileHandleForWriting)
        #expect(gone.status == 141, "as SIGPIPE ends other tools: \(gone.stderr)")
        #expect(gone.stderr.isEmpty, "no crash report, no message: \(gone.stderr)")
        let listed = try AlbumProcess.run(["pin", "list", "--library", library])
        #expect(listed.stdout.contains("Kept"), "the pin was stored before the write: \(listed.stdout)")
    }

    @Test func aStdoutThatCannotBeWrittenIsOneLine() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let failed = try run(["pin", "list", "--library", library], stdout: full)
        #expect(failed.status == 1)
        #expect(failed.stderr == "album: error: cannot write standard output: No space left on device\n", "\(failed.stderr)")
    }
}
