import Foundation

/// Real sound files made by Debian's ffmpeg and espeak-ng for the tests (issue 26).
public enum SoundFiles {
    /// A 440 Hz tone of `seconds` at `url`, encoded with ffmpeg's `codec` arguments, tagged with
    /// a title and an artist when given.
    /// `metadata`: more tags, as ffmpeg's `-metadata KEY=VALUE` (`date`, `location`).
    public static func tone(
        _ url: URL, codec: [String], seconds: Double = 3, title: String? = nil, artist: String? = nil, metadata: [String] = []
    ) throws {
        var arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)"]
        if let title { arguments += ["-metadata", "title=\(title)"] }
        if let artist { arguments += ["-metadata", "artist=\(artist)"] }
        for pair in metadata { arguments += ["-metadata", pair] }
        try run("/usr/bin/ffmpeg", arguments + codec + [url.path])
    }

    /// `text` spoken by espeak-ng, as a WAV file at `url`, in espeak-ng's `voice` when given.
    public static func speech(_ url: URL, _ text: String, voice: String? = nil) throws {
        try run("/usr/bin/espeak-ng", (voice.map { ["-v", $0] } ?? []) + ["-w", url.path, text])
    }

    /// The voice the transcript tests speak in: of espeak-ng's US English voices, the one
    /// PocketSphinx's US English model hears best (docs/performance.md, "Transcripts").
    public static let transcriptVoice = "en-us+m4"

    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SoundFileError(description: "\(tool) \(arguments.joined(separator: " ")): \(String(decoding: message, as: UTF8.self))")
        }
    }

    struct SoundFileError: Error, CustomStringConvertible { let description: String }
}
