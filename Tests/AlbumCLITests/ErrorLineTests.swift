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
}
