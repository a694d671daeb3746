import AlbumModel
import CGeoAlbumShim
import Foundation

/// Reads a sound file for an entry (issue 26): decoded once with FFmpeg for its length, codec
/// and waveform (the C loop of `ga_audio_decode`, libavformat/libavcodec/libavutil loaded on
/// first use), and its tags with TagLib. m4a/AAC, Opus and Vorbis in Ogg, MP3, FLAC and WAV are
/// the formats named; anything FFmpeg decodes is taken.
public enum AudioReader {
    /// Peaks of the stored waveform (the player's bars).
    public static let waveformPeaks = 100
    /// The limit of a voice clip recorded through the app (uploads); imported files have none.
    public static let defaultClipLimitMs: Int64 = 60_000

    /// Names the import takes as sound files, with the media type each is served as.
    public static let mediaTypes: [String: String] = [
        "m4a": "audio/mp4", "mp4a": "audio/mp4", "aac": "audio/aac", "mp3": "audio/mpeg", "opus": "audio/ogg", "ogg": "audio/ogg",
        "oga": "audio/ogg", "flac": "audio/flac", "wav": "audio/wav", "wave": "audio/wav",
    ]

    /// Whether a file's name says it is a sound file.
    public static func isAudioName(_ url: URL) -> Bool { mediaTypes[url.pathExtension.lowercased()] != nil }

    /// FFmpeg, loaded once: nil, or why it cannot be (naming the Debian package).
    private static let unavailable: String? = ga_audio_load().map { String(cString: $0) }

    /// Reads the file at `url`.
    /// - Parameter maxDurationMs: refuse a file longer than this (nil: no limit).
    /// - Throws: `AlbumError.invalidInput` naming the file with the reason (not sound FFmpeg can
    ///   read, no audio stream, corrupt, truncated, over the limit); `.io` when FFmpeg or TagLib
    ///   cannot be loaded.
    public static func read(_ url: URL, maxDurationMs: Int64? = nil) throws(AlbumError) -> AudioFacts {
        let path = url.path
        if let why = unavailable { throw .io(why, subject: .file(path)) }
        try WAVHeader.check(url)
        var facts = ga_audio_facts()
        var error = [CChar](repeating: 0, count: 256)
        let status = ga_audio_decode(path, Int32(waveformPeaks), maxDurationMs ?? 0, &facts, &error, error.count)
        guard status == 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .invalidInput(reason, subject: .file(path))
        }
        var tags = try AudioTags.read(path: path)
        // What TagLib's C API does not read (a WAV's INFO chunk), the container's own tags give.
        tags.title = tags.title ?? nonEmpty(string(facts.title))
        tags.artist = tags.artist ?? nonEmpty(string(facts.artist))
        tags.album = tags.album ?? nonEmpty(string(facts.album))
        let peaks = withUnsafeBytes(of: facts.peaks) { Array($0.prefix(Int(facts.peak_count))) }
        return AudioFacts(
            durationMs: facts.duration_ms, codec: string(facts.codec), container: string(facts.container),
            sampleRate: Int(facts.sample_rate), channels: Int(facts.channels), waveform: peaks, tags: tags,
            mediaType: mediaTypes[url.pathExtension.lowercased()] ?? "application/octet-stream",
            dateTag: SoundTime(tag: string(facts.date)), creationTime: SoundTime(tag: string(facts.creation_time)),
            position: ISO6709.coordinate(string(facts.location)))
    }

    private static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A fixed C char array as text.
    private static func string<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
