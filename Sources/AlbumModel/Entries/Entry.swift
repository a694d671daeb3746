import Foundation

/// What kind of memory an entry is (issue 26). Photos stay in `photos`; the other kinds are
/// entries, on the same timeline.
public enum EntryKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Text, in a Markdown subset (`NoteMarkdown` renders it, never raw HTML).
    case note
    /// A song listened to: title, artist, album, a link.
    case song
    /// A voice clip or any sound file: its duration, codec and a waveform for the player.
    case audio
    /// A check-in: a position or a pin, and a note; no media.
    case place

    public var description: String { rawValue }

    /// Parses a kind as the command line and the API name it.
    /// - Throws: `AlbumError.invalidInput` naming the kinds for anything else.
    public init(naming text: String) throws(AlbumError) {
        guard let kind = EntryKind(rawValue: text.lowercased()) else {
            throw .invalidInput("unknown entry kind '\(text)' (kinds: \(EntryKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self = kind
    }
}

/// A song as an entry holds it.
public struct Song: Sendable, Hashable {
    public var title: String
    public var artist: String
    public var album: String?
    /// An `http`/`https` link to the song.
    public var link: String?
    /// Its sound file, when it was imported from one (a file whose tags name a title and artist).
    public var clip: AudioClip?

    public init(title: String, artist: String, album: String? = nil, link: String? = nil, clip: AudioClip? = nil) {
        self.title = title
        self.artist = artist
        self.album = album
        self.link = link
        self.clip = clip
    }
}

/// A sound file as an entry holds it: what was read once at import.
public struct AudioClip: Sendable, Hashable {
    /// The decoded length in milliseconds.
    public var durationMs: Int64
    /// FFmpeg's codec name (`aac`, `opus`, `mp3`, `flac`, `pcm_s16le`).
    public var codec: String
    /// About 100 peaks of the absolute amplitude, 0…255, in time order.
    public var waveform: [UInt8]
    /// The file, relative to the library's folder (`audio/ab/<sha256>.m4a`).
    public var file: String
    public var contentHash: String
    public var bytes: Int64
    /// The file's media type (`audio/mp4`, `audio/ogg`, …), for serving it.
    public var mediaType: String

    public init(durationMs: Int64, codec: String, waveform: [UInt8], file: String, contentHash: String, bytes: Int64, mediaType: String) {
        self.durationMs = durationMs
        self.codec = codec
        self.waveform = waveform
        self.file = file
        self.contentHash = contentHash
        self.bytes = bytes
        self.mediaType = mediaType
    }
}

/// What an entry holds, by kind.
public enum EntryContent: Sendable, Hashable {
    case note(String)
    case song(Song)
    /// A sound file, with the title (and artist) its tags carry, if any.
    case audio(AudioClip, title: String?, artist: String?)
    /// A check-in, with its note.
    case place(note: String?)

    public var kind: EntryKind {
        switch self {
        case .note: .note
        case .song: .song
        case .audio: .audio
        case .place: .place
        }
    }
}

/// A memory that is not a photo: a note, a song, a sound, a check-in (issue 26), at a local
/// date-time with its offset, maybe at a position or a pin, with tags and maybe an owner.
public struct Entry: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var content: EntryContent
    /// When: the local date-time, with its UTC offset when known (and where it came from).
    public var at: PhotoTime
    public var coordinate: Coordinate?
    /// The pin it was made at, when it names one.
    public var pinId: Int64?
    /// The place name at its position, once named.
    public var placeName: String?
    public var tags: [TagName]
    /// The user it belongs to (issue 25); nil in a library without accounts.
    public var ownerId: Int64?
    /// How its text feels (a note's, a check-in's note, a clip's transcript; issue 32), once read.
    public var mood: Mood?
    /// A clip's transcript as shown and searched (the user's edit, else the engine's), once done.
    public var transcript: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: Int64, content: EntryContent, at: PhotoTime, coordinate: Coordinate? = nil, pinId: Int64? = nil,
        placeName: String? = nil, tags: [TagName] = [], ownerId: Int64? = nil, mood: Mood? = nil, transcript: String? = nil,
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.content = content
        self.at = at
        self.coordinate = coordinate
        self.pinId = pinId
        self.placeName = placeName
        self.tags = tags
        self.ownerId = ownerId
        self.mood = mood
        self.transcript = transcript
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public var kind: EntryKind { content.kind }
}

extension EntryContent {
    /// The sound file it holds: a sound's, or an imported song's.
    public var clip: AudioClip? {
        switch self {
        case .audio(let clip, _, _): clip
        case .song(let song): song.clip
        case .note, .place: nil
        }
    }
}

/// `no entry with id 7`.
extension AlbumError {
    public static func noEntry(_ id: Int64) -> AlbumError { .notFound("no entry with id \(id)") }
}
