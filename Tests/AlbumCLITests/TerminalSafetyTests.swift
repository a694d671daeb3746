import Foundation
import Testing
import TestSupport

/// Issue 10, item 6: titles, bundle text and server messages reach the terminal with control
/// characters escaped; `--json` keeps them as JSON escapes.
@Suite struct TerminalSafetyTests {
    let folder = TemporaryFolder("terminal")
    var library: String { folder.child("lib").path }
    static let hostile = "Eiffel\u{1B}]0;pwned\u{7}\u{1B}[2J\rfake\nline\u{9B}31m\u{202E}gpj.exe"

    func album(_ arguments: [String], environment: [String: String] = [:]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library], environment: environment)
    }

    static func expectSafe(_ text: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for raw: Unicode.Scalar in ["\u{1B}", "\u{7}", "\r", "\u{9B}", "\u{202E}"] {
            #expect(!text.unicodeScalars.contains(raw), "\(context): raw U+\(String(raw.value, radix: 16)) reached the terminal", sourceLocation: sourceLocation)
        }
    }

    @Test func aPinTitleIsEscapedInTextAndJSON() throws {
        #expect(try album(["pin", "add", "--lat", "48.8584", "--lon", "2.2945", "--title", Self.hostile]).status == 0)
        let text = try album(["pin", "list"])
        Self.expectSafe(text.stdout, "pin list")
        #expect(text.stdout.contains(#"Eiffel\x1b]0;pwned\x07\x1b[2J\rfake\nline\u{9b}31m\u{202e}gpj.exe"#), "\(text.stdout)")
        // One line for the pin, one for its place (issue 12).
        #expect(text.stdout.split(separator: "\n").count == 2, "a newline in a title made another line")
        #expect(text.stdout.split(separator: "\n").last?.hasPrefix("  place: Neuilly-sur-Seine") == true, "\(text.stdout)")

        let json = try album(["pin", "list", "--json"])
        Self.expectSafe(json.stdout, "pin list --json")
        #expect(json.stdout.contains(#"\u001b]0;pwned\u0007"#) && json.stdout.contains(#"\u009b"#), "\(json.stdout)")
        let pins = try #require(try json.json() as? [[String: Any]])
        #expect(pins.first?["title"] as? String == Self.hostile, "JSON keeps the title itself")
    }

    @Test func bundleTitlesAndServerMessagesAreEscaped() throws {
        let bundle = folder.child("bundle")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Fixtures.bundle.appendingPathComponent("photos/paris-01.jpg"), to: bundle.appendingPathComponent("photos/p.jpg"))
        let record: [String: Any] = ["albumId": 1, "id": 1, "title": Self.hostile, "url": "photos/p.jpg", "latitude": 48.8584, "longitude": 2.2945]
        try JSONSerialization.data(withJSONObject: [record]).write(to: bundle.appendingPathComponent("photos.json"))
        let fetch = try album(["fetch", "--lat", "48.8584", "--lon", "2.2945", "--radius-km", "1", "--source", "bundle:\(bundle.path)"])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        Self.expectSafe(fetch.stdout, "fetch")
        Self.expectSafe(try album(["photos", "1"]).stdout, "photos")
        Self.expectSafe(try album(["search", "--lat", "48.8584", "--lon", "2.2945", "--source", "bundle:\(bundle.path)"]).stdout, "search")

        // A server's error message goes to stderr, escaped, on one line.
        let server = try LoopbackServer { _ in
            .json(#"{"stat":"fail","code":100,"message":"Invalid API Key\u001b]0;owned\u0007\r\nsecond line"}"#)
        }
        let failed = try album(["fetch", "--source", "flickr", "--endpoint", "\(server.baseURL)/services/rest/", "--lat", "1", "--lon", "2"],
                               environment: ["FLICKR_API_KEY": "k"])
        #expect(failed.status != 0)
        Self.expectSafe(failed.stderr, "stderr")
        #expect(failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")
        #expect(failed.stderr.contains(#"Invalid API Key\x1b]0;owned\x07\r\nsecond line"#), "\(failed.stderr)")
    }
}
