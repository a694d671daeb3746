import AlbumModel
import Foundation

/// Entries (issue 26: notes, songs, sounds, check-ins) on the store seam. `LibraryStore` refines
/// it; SQLite answers it in `AlbumDatabase+Entries` (table `entries`, FTS5 `entry_search`),
/// PostgreSQL in `PostgresStore+Entries` (a `tsvector` column). Each method is one read or one
/// write transaction. Errors are `AlbumError`: `.notFound` for an unknown entry or pin,
/// `.invalidInput` for an edit the kind does not take, `.database` when the store fails.
public protocol EntryStore: Sendable {
    /// Stores an entry with its tags, in one transaction; an entry with the same `clientId`, or
    /// a sound with the same content, is returned instead (`created` false).
    func addEntry(_ entry: NewEntry) async throws(AlbumError) -> (entry: Entry, created: Bool)
    /// The entry with this id, nil when there is none.
    func entry(id: Int64) async throws(AlbumError) -> Entry?
    /// The entries the filter selects, newest first (local time, then id), `limit` after `offset`.
    func entries(_ filter: EntryFilter, offset: Int, limit: Int) async throws(AlbumError) -> EntryList
    /// Entries per local day from `from` to `to` (inclusive, within the filter's own dates) that
    /// the filter selects: the mixed timeline's group counts. Read from the `day_cells` roll-up
    /// when only dates narrow the filter (`EntryFilterSQL.rollUpAnswers`).
    func entriesPerDay(_ filter: EntryFilter, from: LocalDate, to: LocalDate) async throws(AlbumError) -> [LocalDate: Int]
    /// What a summary counts of the entries of `from…to` (every one of them), with the `words`
    /// most used words of their notes and check-ins for its word cloud (`EntryPeriodSQL.words`),
    /// in one snapshot.
    func entryPeriodFacts(from: LocalDate, to: LocalDate, words: Int) async throws(AlbumError) -> EntryPeriodFacts
    /// Changes an entry (`EntryEdit.applied` decides what its kind takes), in one transaction.
    func editEntry(id: Int64, _ edit: EntryEdit) async throws(AlbumError) -> Entry
    /// Removes an entry and its tags; returns it (its file is the caller's to remove).
    func removeEntry(id: Int64) async throws(AlbumError) -> Entry
    /// Whether another entry still holds this file (by content hash).
    func entryHolding(contentHash: String) async throws(AlbumError) -> Entry?
    /// Entries whose text, title, artist, album, tags or place match `text` (case and
    /// diacritics folded, prefixes and phrases) and that the filter selects, newest first.
    func findEntries(_ text: SearchText, filter: EntryFilter, limit: Int) async throws(AlbumError) -> EntryList
    /// Adds (`adding`) or removes tags on every entry of a local day (`tag --day`), in one
    /// transaction, their search rows rewritten: the entries of the day and the tag rows changed.
    func changeTags(_ tags: [TagName], ofEntriesOn day: LocalDate, adding: Bool) async throws(AlbumError) -> TagChange
}

extension RowDecoder {
    /// The separator of the `tags` column the entry queries return (a tag holds no control character).
    public static let tagSeparator: Character = "\u{1F}"

    /// An `entries` row, with `tags` (the entry's tags joined by `tagSeparator`, or NULL).
    public static func entryRecord(_ row: some StoredRow) throws(AlbumError) -> Entry {
        let id = row.int64("id") ?? 0
        guard let time = PhotoTime(parsing: row.string("taken_at") ?? "", offset: row.string("utc_offset"),
                                   offsetSource: row.string("offset_source").flatMap(OffsetSource.init(rawValue:)))
        else { throw .database("entry \(id) has no readable time (\(row.string("taken_at") ?? "NULL"))") }
        var clip: AudioClip?
        if let file = row.string("file") {
            clip = AudioClip(
                durationMs: row.int64("duration_ms") ?? 0, codec: row.string("codec") ?? "",
                waveform: WaveformText.decode(row.string("waveform")), file: file,
                contentHash: row.string("content_hash") ?? "", bytes: row.int64("bytes") ?? 0,
                mediaType: row.string("media_type") ?? "application/octet-stream")
        }
        let content: EntryContent
        switch (row.string("kind"), clip) {
        case ("note", _): content = .note(row.string("body") ?? "")
        case ("song", _):
            content = .song(Song(title: row.string("title") ?? "", artist: row.string("artist") ?? "",
                                 album: row.string("album"), link: row.string("link"), clip: clip))
        case ("audio", let clip?):
            content = .audio(clip, title: row.string("title"), artist: row.string("artist"))
        case ("place", _): content = .place(note: row.string("body"))
        case (let other, _): throw .database("entry \(id) has an unknown kind '\(other ?? "NULL")' or a sound without its file")
        }
        var coordinate: Coordinate?
        if let lat = row.double("latitude"), let lon = row.double("longitude") {
            coordinate = try? Coordinate(latitude: lat, longitude: lon)
        }
        let tags = (row.string("tags") ?? "").split(separator: tagSeparator).map { TagName(stored: String($0)) }.sorted()
        return Entry(
            id: id, content: content, at: time, coordinate: coordinate, pinId: row.int64("pin_id"),
            placeName: row.string("place_name"), tags: tags, ownerId: row.int64("owner_id"),
            mood: mood(row), transcript: row.string("transcript"),
            createdAt: Timestamp.parse(row.string("created_at")), updatedAt: Timestamp.parse(row.string("updated_at")))
    }
}

/// The columns of an entry as both stores write them, by name (an insert, or an edit's update).
public struct EntryColumns: Sendable {
    public var kind: String
    public var body: String?
    public var title: String?
    public var artist: String?
    public var album: String?
    public var link: String?
    public var durationMs: Int64?
    public var codec: String?
    public var waveform: String?
    public var file: String?
    public var contentHash: String?
    public var bytes: Int64?
    public var mediaType: String?
    /// The text `find` searches (the tags and place are added by the store).
    public var searchText: String
    /// The words of a note's or check-in's text with their counts (`EntryWords.json`), which the
    /// word cloud's roll-up `word_periods` adds up (decision 0134-entries).
    public var words: String?

    public init(_ content: EntryContent) {
        kind = content.kind.rawValue
        switch content {
        case .note(let text): body = text
        case .song(let song): (title, artist, album, link) = (song.title, song.artist, song.album, song.link)
        case .audio(_, let clipTitle, let clipArtist): (title, artist) = (clipTitle, clipArtist)
        case .place(let note): body = note
        }
        if let clip = content.clip {
            (durationMs, codec, waveform) = (clip.durationMs, clip.codec, WaveformText.encode(clip.waveform))
            (file, contentHash, bytes, mediaType) = (clip.file, clip.contentHash, clip.bytes, clip.mediaType)
        }
        searchText = [body, title, artist, album].compactMap { $0 }.joined(separator: " ")
        words = EntryWords.json(body)
    }

    /// The time columns: `taken_at` (local), `utc_offset`, `offset_source`.
    public static func time(_ at: PhotoTime) -> (takenAt: String, offset: String?, source: String?) {
        (at.localText, at.offsetText, at.offsetText == nil ? nil : (at.offsetSource ?? .user).rawValue)
    }
}
