import AlbumModel
import Foundation

/// An entry as the JSON contract has it (issue 26), for `album --json` and `album serve`'s API:
/// `{id, kind, at, offset, offsetSource, date, latitude, longitude, pinId, place, tags, ownerId,
/// createdAt, updatedAt}`, then by kind `text` and `html` (a note's, a check-in's note), `title,
/// artist, album, link` (a song; a sound's tags), `durationMs, codec, waveform, file,
/// mediaType, bytes` (a sound). Every key is always present, null when it does not apply.
public struct EntryJSON: Encodable, Sendable {
    public let entry: Entry
    public let media: PhotoJSON.Media

    public init(entry: Entry, media: PhotoJSON.Media) {
        self.entry = entry
        self.media = media
    }

    /// Files as absolute paths in `library`'s folder.
    public init(entry: Entry, library: Library) {
        self.init(entry: entry, media: .files { library.url(forStoredPath: $0) })
    }

    enum Key: String, CodingKey {
        case id, kind, at, offset, offsetSource, date, latitude, longitude, pinId, place, tags, ownerId, createdAt, updatedAt
        case text, html, title, artist, album, link, durationMs, codec, waveform, file, mediaType, bytes
        case mood, moodScore, moodSource, transcript
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(entry.id, forKey: .id)
        try c.encode(entry.kind.rawValue, forKey: .kind)
        try c.encode(entry.at.localText, forKey: .at)
        try c.encode(entry.at.offsetText, forKey: .offset)
        try c.encode(entry.at.offsetSource?.rawValue, forKey: .offsetSource)
        try c.encode(entry.at.date.description, forKey: .date)
        try c.encode(entry.coordinate?.latitude, forKey: .latitude)
        try c.encode(entry.coordinate?.longitude, forKey: .longitude)
        try c.encode(entry.pinId, forKey: .pinId)
        try c.encode(entry.placeName, forKey: .place)
        try c.encode(entry.tags, forKey: .tags)
        try c.encode(entry.ownerId, forKey: .ownerId)
        try c.encode(Self.timestamp(entry.createdAt), forKey: .createdAt)
        try c.encode(Self.timestamp(entry.updatedAt), forKey: .updatedAt)
        var text: String?
        var song: Song?
        var clipTags: (title: String?, artist: String?) = (nil, nil)
        let clip = entry.content.clip
        switch entry.content {
        case .note(let t): text = t
        case .place(let note): text = note
        case .song(let s): song = s
        case .audio(_, let title, let artist): clipTags = (title, artist)
        }
        try c.encode(text, forKey: .text)
        try c.encode(text.map(NoteMarkdown.html), forKey: .html)
        try c.encode(song?.title ?? clipTags.title, forKey: .title)
        try c.encode(song?.artist ?? clipTags.artist, forKey: .artist)
        try c.encode(song?.album, forKey: .album)
        try c.encode(song?.link, forKey: .link)
        try c.encode(clip?.durationMs, forKey: .durationMs)
        try c.encode(clip?.codec, forKey: .codec)
        try c.encode(clip?.waveform.map(Int.init), forKey: .waveform)
        switch media {
        case .files(let url): try c.encode(clip.map { url($0.file).path }, forKey: .file)
        case .served: try c.encode(clip == nil ? nil : "/api/entries/\(entry.id)/media", forKey: .file)
        }
        try c.encode(clip?.mediaType, forKey: .mediaType)
        try c.encode(clip?.bytes, forKey: .bytes)
        // The voice diary (issue 32): the mood of its text, a clip's transcript.
        try c.encode(entry.mood?.label.rawValue, forKey: .mood)
        try c.encode(entry.mood?.score, forKey: .moodScore)
        try c.encode(entry.mood?.source.rawValue, forKey: .moodSource)
        try c.encode(entry.transcript, forKey: .transcript)
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}

/// A page of entries: `{total, page, pageSize, entries}`.
public struct EntryListJSON: Encodable, Sendable {
    public let total: Int
    public let page: Int
    public let pageSize: Int
    public let entries: [EntryJSON]

    public init(_ list: EntryList, page: Int, pageSize: Int, media: PhotoJSON.Media) {
        total = list.total
        self.page = page
        self.pageSize = pageSize
        entries = list.entries.map { EntryJSON(entry: $0, media: media) }
    }
}
