import AlbumModel

/// What a sound file is, read once at import (issue 26): its decoded length, codec, container
/// and waveform (FFmpeg, `AudioDecoder`), and its tags (TagLib, `AudioTags`).
public struct AudioFacts: Sendable, Hashable {
    public var durationMs: Int64
    /// FFmpeg's codec name (`aac`, `opus`, `mp3`, `flac`, `pcm_s16le`).
    public var codec: String
    /// FFmpeg's container name (`ogg`, `wav`, `mov,mp4,m4a,3gp,3g2,mj2`, …).
    public var container: String
    public var sampleRate: Int
    public var channels: Int
    /// `AudioReader.waveformPeaks` peaks (fewer for a very short file), 0…255, the loudest 255.
    public var waveform: [UInt8]
    public var tags: AudioTags.Values
    /// The media type to serve it as, from its name (`audio/mp4`, `audio/ogg`, …).
    public var mediaType: String

    /// Its `date` tag, when it is a date or a time (not a year alone).
    public var dateTag: SoundTime?
    /// Its container's creation time (an m4a's movie header: when the recorder made the file).
    public var creationTime: SoundTime?
    /// Where it was recorded, from an ISO 6709 location tag.
    public var position: Coordinate?

    /// A song when its tags name a title and an artist; else a voice clip or other sound.
    public var isSong: Bool { tags.title != nil && tags.artist != nil }

    /// When it was recorded, as the file says: a clip's `date` tag when it has a time, else the
    /// container's creation time, else a clip's date alone; a song's `date` is its release, so a
    /// song has only its creation time. Nil: the file does not say (the import uses its mtime).
    public var recorded: SoundTime? {
        if isSong { return creationTime }
        if let dateTag, case .day = dateTag { return creationTime ?? dateTag }
        return dateTag ?? creationTime
    }
}
