import AlbumAudio
import AlbumModel
import Foundation
import Testing
import TestSupport

/// Sound files made for real by ffmpeg, sox and espeak-ng from Debian, read back by
/// `AudioReader` (FFmpeg's decoder and TagLib), and broken ones refused with a reason (issue 26).
@Suite struct AudioReaderTests {
    let folder = TemporaryFolder("audio")

    /// Runs a Debian tool; fails the test with its stderr when it fails.
    @discardableResult
    static func tool(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw AudioTestError("\(name) \(arguments.joined(separator: " ")): \(String(decoding: error, as: UTF8.self))")
        }
        return data
    }

    /// A tone of `seconds` encoded by ffmpeg with `codec`, tagged when `title` is given.
    func tone(_ name: String, codec: [String], seconds: Double = 3, title: String? = nil, artist: String? = nil) throws -> URL {
        let url = folder.child(name)
        var arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds):sample_rate=48000"]
        if let title { arguments += ["-metadata", "title=\(title)"] }
        if let artist { arguments += ["-metadata", "artist=\(artist)", "-metadata", "album=Tests"] }
        try Self.tool("ffmpeg", arguments + codec + [url.path])
        return url
    }

    @Test(arguments: [
        ("tone.m4a", ["-c:a", "aac", "-b:a", "96k"], "aac", "audio/mp4"),
        ("tone.opus", ["-c:a", "libopus", "-b:a", "48k"], "opus", "audio/ogg"),
        ("tone.ogg", ["-c:a", "libvorbis"], "vorbis", "audio/ogg"),
        ("tone.mp3", ["-c:a", "libmp3lame", "-b:a", "128k"], "mp3", "audio/mpeg"),
        ("tone.flac", ["-c:a", "flac"], "flac", "audio/flac"),
        ("tone.wav", ["-c:a", "pcm_s16le"], "pcm_s16le", "audio/wav"),
    ])
    func readsEveryFormatWithItsTags(name: String, codec: [String], expectedCodec: String, mediaType: String) throws {
        let url = try tone(name, codec: codec, title: "Blue in Green", artist: "Miles Davís")
        let facts = try AudioReader.read(url)
        #expect(abs(facts.durationMs - 3000) <= 80, "\(name): \(facts.durationMs) ms")
        #expect(facts.codec == expectedCodec && facts.mediaType == mediaType)
        #expect(facts.sampleRate > 0 && facts.channels == 1)
        #expect(facts.waveform.count == AudioReader.waveformPeaks && facts.waveform.max() == 255)
        #expect(facts.waveform.min()! > 200, "a steady tone is loud throughout: \(facts.waveform)")
        #expect(facts.tags.title == "Blue in Green" && facts.tags.artist == "Miles Davís", "\(name): \(facts.tags)")
        #expect(facts.isSong)
        #expect(facts.tags.lengthSeconds == 3, "TagLib agrees on the length: \(facts.tags.lengthSeconds)")
    }

    @Test func aVoiceClipFromEspeakIsNotASong() throws {
        let url = folder.child("voice.wav")
        try Self.tool("espeak-ng", ["-w", url.path, "Remember the ramen place near the station"])
        let facts = try AudioReader.read(url)
        #expect(facts.durationMs > 1000 && facts.durationMs < 6000, "\(facts.durationMs)")
        #expect(!facts.isSong && facts.tags.title == nil)
        // Speech has pauses: the waveform is not flat.
        #expect(facts.waveform.max() == 255 && facts.waveform.min()! < 60, "\(facts.waveform)")
    }

    @Test func theWaveformFollowsTheSound() throws {
        // sox: one second of silence, then one second of a tone.
        let url = folder.child("half.wav")
        try Self.tool("sox", ["-n", "-r", "16000", "-c", "1", url.path, "synth", "2", "sine", "300", "fade", "h", "0", "2", "0",
                              "vol", "0.5", "pad", "1@0", "trim", "0", "2"])
        let facts = try AudioReader.read(url)
        #expect(abs(facts.durationMs - 2000) <= 20, "\(facts.durationMs)")
        #expect(facts.waveform.prefix(45).allSatisfy { $0 == 0 }, "\(facts.waveform)")
        #expect(facts.waveform.suffix(45).allSatisfy { $0 > 200 }, "\(facts.waveform)")
    }

    @Test func aClipOverTheLimitIsRefused() throws {
        let url = try tone("long.m4a", codec: ["-c:a", "aac"], seconds: 5)
        #expect(throws: AlbumError.invalidInput("is longer than the limit of 2 s", subject: .file(url.path))) {
            try AudioReader.read(url, maxDurationMs: 2000)
        }
        #expect(try AudioReader.read(url, maxDurationMs: 6000).durationMs > 4900)
    }

    @Test func brokenFilesAreRefusedWithAReason() throws {
        // Truncated: a WAV whose header says 4 s, cut to a quarter.
        let wav = try tone("whole.wav", codec: ["-c:a", "pcm_s16le"], seconds: 4)
        let bytes = try Data(contentsOf: wav)
        let cut = folder.child("cut.wav")
        try bytes.prefix(bytes.count / 4).write(to: cut)
        #expect(Self.reason(cut) == "truncated: its header promises 384000 bytes of samples, the file holds \(bytes.count / 4 - (bytes.count - 384_000))",
                "\(Self.reason(cut) ?? "")")

        // An m4a cut in half (its index, at the end, is gone).
        let m4a = try tone("whole.m4a", codec: ["-c:a", "aac"])
        let m4aBytes = try Data(contentsOf: m4a)
        let cutM4A = folder.child("cut.m4a")
        try m4aBytes.prefix(m4aBytes.count / 2).write(to: cutM4A)
        #expect(Self.reason(cutM4A)?.hasPrefix("not a sound file FFmpeg can read") == true, "\(Self.reason(cutM4A) ?? "")")

        // Not sound: text and a JPEG with sound names, and an empty file.
        let text = folder.child("notes.mp3")
        try Data("this is not an mp3, just words\n".utf8).write(to: text)
        #expect(Self.reason(text) != nil)
        let jpeg = folder.child("photo.m4a")
        try Data(contentsOf: Fixtures.bundle.appendingPathComponent("photos/paris-01.jpg")).write(to: jpeg)
        #expect(Self.reason(jpeg) == "holds no audio stream", "\(Self.reason(jpeg) ?? "")")
        let empty = folder.child("empty.wav")
        try Data().write(to: empty)
        #expect(Self.reason(empty)?.hasPrefix("not a sound file FFmpeg can read") == true)

        // A WAV header that promises 2 GB of samples, with 1 KB of them.
        var header = Data("RIFF".utf8) + le32(0x7FFF_FFF0) + Data("WAVEfmt ".utf8) + le32(16)
        header += le16(1) + le16(1) + le32(44_100) + le32(88_200) + le16(2) + le16(16)
        header += Data("data".utf8) + le32(0x7FFF_FF00) + Data(repeating: 0x40, count: 1024)
        let huge = folder.child("huge.wav")
        try header.write(to: huge)
        #expect(Self.reason(huge) == "truncated: its header promises 2147483392 bytes of samples, the file holds 1024", "\(Self.reason(huge) ?? "")")

        // An MP3 cut short: its frame count (Xing header) says 3 s.
        let mp3 = try tone("whole.mp3", codec: ["-c:a", "libmp3lame"])
        let mp3Bytes = try Data(contentsOf: mp3)
        let cutMP3 = folder.child("cut.mp3")
        try mp3Bytes.prefix(mp3Bytes.count / 3).write(to: cutMP3)
        #expect(Self.reason(cutMP3)?.hasPrefix("truncated or corrupt: ") == true, "\(Self.reason(cutMP3) ?? "")")
    }

    /// The reason `AudioReader` gives for refusing a file (nil when it reads).
    static func reason(_ url: URL) -> String? {
        do {
            _ = try AudioReader.read(url)
            return nil
        } catch {
            #expect(error.subject == .file(url.path))
            return error.detail.reason
        }
    }

    func le32(_ v: UInt32) -> Data { withUnsafeBytes(of: v.littleEndian) { Data($0) } }
    func le16(_ v: UInt16) -> Data { withUnsafeBytes(of: v.littleEndian) { Data($0) } }
}

struct AudioTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
