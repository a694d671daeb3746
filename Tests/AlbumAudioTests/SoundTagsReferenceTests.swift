import AlbumAudio
import AlbumModel
import Foundation
import Testing
import TestSupport

/// When and where a sound file was recorded, from its own tags (issue 26): files made by
/// ffmpeg in every format with the tags each format has (m4a ©day and ©xyz, ID3 TDRC and
/// TXXX:location, Vorbis comments DATE and LOCATION), read by `AudioReader`, and checked against
/// mutagen (PyPI) reading the same files (scripts/audio-tags-reference.py) when Python has it.
@Suite struct SoundTagsReferenceTests {
    let folder = TemporaryFolder("sound-tags")

    /// A file, the tags ffmpeg writes into it, and what reading it must give (SoundTime's line,
    /// `lat,lon` with 4 decimals or `-`).
    struct Case: Sendable {
        var name: String
        var codec: [String]
        var metadata: [(String, String)]
        var date: String
        var position: String
    }

    static let cases: [Case] = [
        // A phone's voice memo: an m4a with its UTC time and the ISO 6709 position (©xyz).
        Case(name: "memo.m4a", codec: ["-c:a", "aac"], metadata: [("date", "2024-05-12T10:31:00Z"), ("location", "+38.7223-009.1393/")],
             date: "instant 2024-05-12T10:31:00Z", position: "38.7223,-9.1393"),
        Case(name: "offset.m4a", codec: ["-c:a", "aac"], metadata: [("date", "2023-07-01T08:00:00+02:00"), ("location", "+48.8566+002.3522+035.000/")],
             date: "local 2023-07-01T08:00:00+02:00", position: "48.8566,2.3522"),
        // ID3v2.4's TDRC has no zone: a wall-clock time.
        Case(name: "walk.mp3", codec: ["-c:a", "libmp3lame"], metadata: [("date", "2023-07-01T08:15:30"), ("location", "-33.8568+151.2153/")],
             date: "local 2023-07-01T08:15:30", position: "-33.8568,151.2153"),
        Case(name: "day.flac", codec: ["-c:a", "flac"], metadata: [("date", "2022-12-24"), ("location", "+51.5007-000.1246/")],
             date: "day 2022-12-24", position: "51.5007,-0.1246"),
        // A LOCATION comment that names a place is not a position.
        Case(name: "evening.ogg", codec: ["-c:a", "libvorbis"], metadata: [("date", "2021-03-05 18:45"), ("location", "Lisbon")],
             date: "local 2021-03-05T18:45:00", position: "-"),
        // A year alone is a release year, not a time.
        Case(name: "album.opus", codec: ["-c:a", "libopus"], metadata: [("date", "2024"), ("title", "So What"), ("artist", "Miles Davis")],
             date: "-", position: "-"),
        Case(name: "epoch.opus", codec: ["-c:a", "libopus"], metadata: [("date", "1970-01-01T00:00:00Z"), ("location", "+91.0000+000.0000/")],
             date: "-", position: "-"),
        Case(name: "bare.m4a", codec: ["-c:a", "aac"], metadata: [], date: "-", position: "-"),
    ]

    /// Makes `c` with ffmpeg; `ilstLocation`: an m4a's position is left to mutagen to write (in
    /// the iTunes list, where mutagen reads it; ffmpeg writes ©xyz in the user data, as phones do).
    func make(_ c: Case, ilstLocation: Bool = false) throws -> URL {
        let url = folder.child(c.name)
        var arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1"]
        for (key, value) in c.metadata where !(ilstLocation && key == "location" && c.name.hasSuffix(".m4a")) {
            arguments += ["-metadata", "\(key)=\(value)"]
        }
        try AudioReaderTests.tool("ffmpeg", arguments + c.codec + [url.path])
        return url
    }

    static func line(_ facts: AudioFacts) -> String {
        let position = facts.position.map { String(format: "%.4f,%.4f", $0.latitude, $0.longitude) } ?? "-"
        return "\(facts.dateTag?.description ?? "-")\t\(position)"
    }

    @Test func aFileSaysWhenAndWhereItWasRecorded() throws {
        for c in Self.cases {
            let facts = try AudioReader.read(try make(c))
            #expect(Self.line(facts) == "\(c.date)\t\(c.position)", "\(c.name)")
        }
    }

    @Test(.enabled(if: Self.mutagenInstalled, "Python has no mutagen (pip install --no-deps --target .build/pydeps mutagen==1.48.1): skipped"))
    func mutagenReadsTheSameDatesPositionsAndNames() throws {
        var urls: [URL] = []
        for c in Self.cases {
            let url = try make(c, ilstLocation: true)
            if c.name.hasSuffix(".m4a"), let location = c.metadata.first(where: { $0.0 == "location" })?.1 {
                _ = try Self.python(["-c", "import sys; from mutagen.mp4 import MP4; m = MP4(sys.argv[1]); m['\u{A9}xyz'] = [sys.argv[2]]; m.save()",
                                     url.path, location])
            }
            urls.append(url)
        }
        let reference = String(decoding: try Self.python(["scripts/audio-tags-reference.py"] + urls.map(\.path)), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        #expect(reference.count == Self.cases.count, "\(reference)")
        for (url, expected) in zip(urls, reference) {
            let facts = try AudioReader.read(url)
            let mine = [url.lastPathComponent, Self.line(facts), facts.tags.title ?? "-", facts.tags.artist ?? "-"].joined(separator: "\t")
            #expect(mine == expected, "ours:   \(mine)\nmutagen: \(expected)")
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let mutagenInstalled: Bool = (try? python(["-c", "import mutagen"])) != nil

    /// `/usr/bin/python3` in the repository with .build/pydeps (where .ci/run installs mutagen) on its path.
    static func python(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = [root.appendingPathComponent(".build/pydeps").path, environment["PYTHONPATH"]].compactMap { $0 }.joined(separator: ":")
        process.environment = environment
        let out = Pipe(), err = Pipe()
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw AudioTestError("python3 \(arguments.prefix(1)): \(String(decoding: error, as: UTF8.self))")
        }
        return data
    }
}
