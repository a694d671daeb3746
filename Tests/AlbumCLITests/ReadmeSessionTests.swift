import Foundation
import Testing
import TestSupport

/// Every ```console block of README.md, run verbatim with the built `album` from the repository
/// root, each from a new empty library, compared line by line with what the README shows.
///
/// Convention (README.md, for every engineer's section): a block starts with
/// `$ export ALBUM_LIBRARY=/tmp/album-NAME`; that path (and paths that start with it, such as
/// `/tmp/album-NAME-thumbs`) lies in a fresh temporary folder while the block runs, and is written
/// back as `/tmp/album-NAME…` in the output. Each `$ album …` line runs;
/// the lines under it are its stdout and stderr together. An expected line that is only `…`
/// matches any number of lines; `…` inside a line matches any text. A `# comment` after a command
/// is not part of it. A command whose output shows `album: error:` must exit non-zero; any other
/// must exit 0.
@Suite struct ReadmeSessionTests {
    @Test func theReadmeHasTheMainSessionAndEveryBlockNamesItsLibrary() throws {
        let blocks = ReadmeSession.blocks()
        #expect(blocks.count >= 2, "README.md has \(blocks.count) console blocks")
        for block in blocks {
            #expect(block.library?.hasPrefix("/tmp/album-") == true,
                    "\(block): the first line must be `$ export ALBUM_LIBRARY=/tmp/album-NAME`")
        }
        let first = try #require(blocks.first)
        #expect(first.commands.filter { $0.text.hasPrefix("album ") }.count >= 10, "the main session runs at least ten commands")
    }

    @Test(arguments: ReadmeSession.blocks())
    func blockPrintsWhatTheReadmeShows(_ block: ReadmeBlock) throws {
        let library = try #require(block.library, "\(block): the first line must be `$ export ALBUM_LIBRARY=/tmp/album-NAME`")
        // /tmp/album-NAME (and any path that starts with it, like /tmp/album-NAME-thumbs) is
        // inside a fresh temporary folder; in the output, that folder reads /tmp again.
        let folder = TemporaryFolder("readme")
        let real = folder.url.resolvingSymlinksInPath().path
        let parent = (library as NSString).deletingLastPathComponent
        let mapped = folder.path + "/" + (library as NSString).lastPathComponent
        var variables = ["ALBUM_LIBRARY": mapped]
        for command in block.commands.dropFirst() {
            let place = "\(block), command `\(command.text)` (README.md line \(command.line))"
            let words: [String]
            do {
                words = try ReadmeSession.words(command.text, variables: variables)
            } catch {
                Issue.record("\(place): \(error)")
                return
            }
            if words.first == "export", words.count == 2, let equals = words[1].firstIndex(of: "=") {
                variables[String(words[1][..<equals])] = String(words[1][words[1].index(after: equals)...]).replacingOccurrences(of: library, with: mapped)
                continue
            }
            guard words.first == "album", !command.text.isEmpty else {
                Issue.record("\(place): only `album …` and `export NAME=VALUE` lines can run in a console block")
                return
            }
            let arguments = words.dropFirst().map { $0.replacingOccurrences(of: library, with: mapped) }
            let run = try Self.run(arguments, environment: variables)
            let output = run.output.replacingOccurrences(of: folder.path, with: parent)
                .replacingOccurrences(of: real, with: parent)
            var actual = output.components(separatedBy: "\n")
            if actual.last == "" { actual.removeLast() }
            let match = OutputMatch(expected: command.expected, actual: actual)
            if let mismatch = match.mismatch() {
                let expectedLine = mismatch.expectedLine.map { "line \(command.line + 1 + $0) of README.md: `\(command.expected[$0])`" }
                    ?? "the end of the shown output"
                let actualLine = mismatch.actualLine.map { "output line \($0 + 1): `\(actual[$0])`" } ?? "the end of the output"
                Issue.record("""
                    \(place): output differs.
                    expected \(expectedLine)
                    actual   \(actualLine)
                    --- shown in README.md ---
                    \(command.expected.joined(separator: "\n"))
                    --- printed (exit \(run.status)) ---
                    \(actual.joined(separator: "\n"))
                    """)
                return
            }
            let shouldFail = command.expected.contains { $0.hasPrefix("album: error:") }
            if shouldFail != (run.status != 0) {
                Issue.record("\(place): exited \(run.status), but the README shows \(shouldFail ? "an error" : "success")")
                return
            }
        }
    }

    /// Runs `album` from the repository root with stdout and stderr in one pipe, as a terminal
    /// shows them (each line is one write, so lines do not interleave).
    static func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = AlbumProcess.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["FLICKR_API_KEY"] = nil
        env["COLUMNS"] = "100"
        for (key, value) in environment { env[key] = value }
        process.environment = AlbumProcess.environment(env)
        process.currentDirectoryURL = Fixtures.repositoryRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// The matcher itself, so a README test that passes means something.
@Suite struct ReadmeMatcherTests {
    @Test func anEllipsisLineMatchesAnyNumberOfLines() {
        #expect(OutputMatch(expected: ["a", "…", "z"], actual: ["a", "z"]).mismatch() == nil)
        #expect(OutputMatch(expected: ["a", "…", "z"], actual: ["a", "b", "c", "z"]).mismatch() == nil)
        #expect(OutputMatch(expected: ["a", "…"], actual: ["a"]).mismatch() == nil)
        #expect(OutputMatch(expected: ["a", "…", "z"], actual: ["a", "b"]).mismatch() != nil)
    }

    @Test func anEllipsisInsideALineMatchesAnyText() {
        #expect(OutputMatch.line("photo 1  ./x/034b9fba.jpg", matches: "photo 1  ./x/034b….jpg"))
        #expect(OutputMatch.line("took 12 ms of 40 ms", matches: "took … ms of … ms"))
        #expect(!OutputMatch.line("took 12 s", matches: "took … ms"))
        #expect(!OutputMatch.line("aba", matches: "ab…ba"))
        #expect(!OutputMatch.line("a", matches: "a b"))
    }

    @Test func aMismatchNamesTheFirstLineThatDiffers() {
        let match = OutputMatch(expected: ["one", "two", "three"], actual: ["one", "TWO", "three"])
        #expect(match.mismatch() == .init(expectedLine: 1, actualLine: 1))
        let short = OutputMatch(expected: ["one"], actual: ["one", "extra"])
        #expect(short.mismatch() == .init(expectedLine: nil, actualLine: 1))
    }

    @Test func blocksCommandsCommentsAndQuotes() throws {
        let text = """
            # Title
            ```console
            $ export ALBUM_LIBRARY=/tmp/album-x
            $ album pin add --lat 1 --lon 2 --title 'Two words'   # a comment
            pin 1  1.000000, 2.000000  Two words  (0 photos)
            ```
            ```sh
            $ not run
            ```
            """
        let blocks = ReadmeSession.blocks(of: text)
        #expect(blocks.count == 1)
        let block = try #require(blocks.first)
        #expect(block.library == "/tmp/album-x")
        #expect(block.line == 2)
        #expect(block.commands.count == 2)
        #expect(block.commands[1].text == "album pin add --lat 1 --lon 2 --title 'Two words'")
        #expect(block.commands[1].line == 4)
        #expect(block.commands[1].expected == ["pin 1  1.000000, 2.000000  Two words  (0 photos)"])
        #expect(try ReadmeSession.words(block.commands[1].text) == ["album", "pin", "add", "--lat", "1", "--lon", "2", "--title", "Two words"])
        #expect(try ReadmeSession.words("album \"$ALBUM_LIBRARY/x\" a\\ b", variables: ["ALBUM_LIBRARY": "/t"]) == ["album", "/t/x", "a b"])
        #expect(throws: ReadmeSession.SyntaxError.self) { try ReadmeSession.words("album status | head") }
        #expect(ReadmeSession.withoutComment("album thumb a#b.jpg # c") == "album thumb a#b.jpg")
    }
}
