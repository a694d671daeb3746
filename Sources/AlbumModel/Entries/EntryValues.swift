/// Plain values the entry commands, the store seam and the API pass (issue 26).

/// An entry to store: everything but its id and the store's dates.
public struct NewEntry: Sendable, Hashable {
    public var content: EntryContent
    public var at: PhotoTime
    public var coordinate: Coordinate?
    public var pinId: Int64?
    /// The place name at its position (the place data's), when known.
    public var placeName: String?
    public var tags: [TagName]
    public var ownerId: Int64?
    /// The client's own id of a text entry (an upload retried, a sync): a second entry with the
    /// same id is the first, not a copy. Files are deduplicated by content instead.
    public var clientId: String?

    public init(
        content: EntryContent, at: PhotoTime, coordinate: Coordinate? = nil, pinId: Int64? = nil, placeName: String? = nil,
        tags: [TagName] = [], ownerId: Int64? = nil, clientId: String? = nil
    ) {
        self.content = content
        self.at = at
        self.coordinate = coordinate
        self.pinId = pinId
        self.placeName = placeName
        self.tags = tags
        self.ownerId = ownerId
        self.clientId = clientId
    }
}

/// What `album entry edit` changes; nil leaves a field as it is.
public struct EntryEdit: Sendable, Hashable {
    /// A note's text, or a check-in's note.
    public var text: String?
    public var title: String?
    public var artist: String?
    public var album: String?
    public var link: String?
    public var at: PhotoTime?
    public var addTags: [TagName]
    public var removeTags: [TagName]

    public init(
        text: String? = nil, title: String? = nil, artist: String? = nil, album: String? = nil, link: String? = nil,
        at: PhotoTime? = nil, addTags: [TagName] = [], removeTags: [TagName] = []
    ) {
        self.text = text
        self.title = title
        self.artist = artist
        self.album = album
        self.link = link
        self.at = at
        self.addTags = addTags
        self.removeTags = removeTags
    }

    /// The content after this edit: only the fields of its kind may change.
    /// - Throws: `AlbumError.invalidInput` naming a field the kind does not have, or an empty note.
    public func applied(to content: EntryContent) throws(AlbumError) -> EntryContent {
        func refuse(_ field: String, _ kind: EntryKind) -> AlbumError { .invalidInput("a \(kind) entry has no \(field)") }
        switch content {
        case .note(let old):
            if title != nil { throw refuse("title", .note) }
            if artist != nil { throw refuse("artist", .note) }
            if album != nil { throw refuse("album", .note) }
            if link != nil { throw refuse("link", .note) }
            return .note(try EntryText.note(text ?? old))
        case .song(var song):
            if text != nil { throw refuse("text", .song) }
            if let title { song.title = try EntryText.required(title, "title") }
            if let artist { song.artist = try EntryText.required(artist, "artist") }
            if let album { song.album = try EntryText.given(album, "album") }
            if let link { song.link = try EntryText.link(link) }
            return .song(song)
        case .audio(let clip, var clipTitle, var clipArtist):
            if text != nil { throw refuse("text", .audio) }
            if album != nil { throw refuse("album", .audio) }
            if link != nil { throw refuse("link", .audio) }
            if let title { clipTitle = try EntryText.given(title, "title") }
            if let artist { clipArtist = try EntryText.given(artist, "artist") }
            return .audio(clip, title: clipTitle, artist: clipArtist)
        case .place(let note):
            if title != nil { throw refuse("title", .place) }
            if artist != nil { throw refuse("artist", .place) }
            if album != nil { throw refuse("album", .place) }
            if link != nil { throw refuse("link", .place) }
            return .place(note: try text.map { t throws(AlbumError) in try EntryText.checkInNote(t) } ?? note)
        }
    }
}

/// Which entries to list: a kind, local days, a tag, and a page.
public struct EntryFilter: Sendable, Hashable {
    public var kind: EntryKind?
    /// Only entries of these kinds (the timeline's `--kind`); with `kind`, both apply.
    public var kinds: Set<EntryKind>?
    public var from: LocalDate?
    public var to: LocalDate?
    public var tag: TagName?
    /// Only the entries at this pin.
    public var pinId: Int64?

    public init(kind: EntryKind? = nil, from: LocalDate? = nil, to: LocalDate? = nil, tag: TagName? = nil, pinId: Int64? = nil) {
        self.kind = kind
        self.from = from
        self.to = to
        self.tag = tag
        self.pinId = pinId
    }

    /// This filter, narrowed to these kinds.
    public func withKinds(_ kinds: Set<EntryKind>) -> EntryFilter {
        var narrowed = self
        narrowed.kinds = kinds
        return narrowed
    }

    /// - Throws: `AlbumError.invalidInput` when `from` is after `to`.
    public func validated() throws(AlbumError) -> EntryFilter {
        if let from, let to, from > to { throw .invalidInput("--from \(from) is after --to \(to)") }
        return self
    }
}

/// A page of entries, newest first, with how many the filter selects in all.
public struct EntryList: Sendable, Hashable {
    public var total: Int
    public var entries: [Entry]

    public init(total: Int, entries: [Entry]) {
        self.total = total
        self.entries = entries
    }
}

/// Entries of each kind, for summaries.
public struct EntryCounts: Sendable, Hashable {
    public var byKind: [EntryKind: Int]
    /// Voice and sound minutes in all.
    public var audioMs: Int64

    public init(byKind: [EntryKind: Int] = [:], audioMs: Int64 = 0) {
        self.byKind = byKind
        self.audioMs = audioMs
    }
}

/// The checks every entry's text goes through, for the CLI and the API alike.
public enum EntryText {
    /// The longest note (characters).
    public static let maxNote = 100_000
    /// The longest title, artist, album or link.
    public static let maxField = 1_000

    /// A note's text: not empty once trimmed, at most `maxNote` characters, no NUL.
    public static func note(_ text: String) throws(AlbumError) -> String {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { throw .invalidInput("a note cannot be empty") }
        guard trimmed.count <= maxNote else { throw .invalidInput("a note is at most \(maxNote) characters (this one has \(trimmed.count))") }
        guard !trimmed.unicodeScalars.contains("\0") else { throw .invalidInput("a note cannot hold a NUL character") }
        return trimmed
    }

    /// A field that must have text (a song's title and artist).
    public static func required(_ text: String, _ name: String) throws(AlbumError) -> String {
        guard let value = try given(text, name) else { throw .invalidInput("a song's \(name) cannot be empty") }
        return value
    }

    /// A field a user gave (an album, a check-in's note when `limit` is `maxNote`): trimmed, nil
    /// when empty; longer than `limit` characters or holding a NUL is refused, never cut.
    public static func given(_ text: String, _ name: String, limit: Int = maxField) throws(AlbumError) -> String? {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.count <= limit else { throw .invalidInput("a \(name) is at most \(limit) characters (this one has \(trimmed.count))") }
        guard !trimmed.unicodeScalars.contains("\0") else { throw .invalidInput("a \(name) cannot hold a NUL character") }
        return trimmed
    }

    /// A check-in's note: optional, as long as a note may be.
    public static func checkInNote(_ text: String) throws(AlbumError) -> String? { try given(text, "check-in's note", limit: maxNote) }

    /// A field read from a file's tags (a sound's title): cut to `maxField`, NULs dropped, nil when empty.
    public static func optional(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace.filter { $0 != "\0" }
        return trimmed.isEmpty ? nil : String(trimmed.prefix(maxField))
    }

    /// A link: `http://` or `https://` with a host, nothing else (never `javascript:`).
    public static func link(_ text: String) throws(AlbumError) -> String? {
        guard let value = try given(text, "link") else { return nil }
        // By bytes, not characters: a mark after `//` (an emoji modifier) joins the `/` into one
        // character, and the scheme must still read as `https://`.
        let head = value.utf8.prefix(8).map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        let scheme = head.starts(with: "https://".utf8) ? 8 : head.starts(with: "http://".utf8) ? 7 : 0
        guard scheme > 0, value.utf8.count > scheme,
              !value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" })
        else { throw .invalidInput("link '\(value)' is not an http:// or https:// address") }
        return value
    }
}

extension String {
    /// Without leading and trailing white space and newlines, by code point (Unicode's
    /// White_Space, what the API's document says): a space with a mark on it is kept, as text.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}

/// A waveform as stored: two hex digits per peak.
public enum WaveformText {
    public static func encode(_ peaks: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(peaks.count * 2)
        for p in peaks {
            out.append(digits[Int(p >> 4)])
            out.append(digits[Int(p & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The peaks of stored text; empty for text that is not pairs of hex digits.
    public static func decode(_ text: String?) -> [UInt8] {
        guard let text else { return [] }
        let b = Array(text.utf8)
        guard b.count % 2 == 0 else { return [] }
        func v(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: c - 0x30
            case 0x61...0x66: c - 0x61 + 10
            default: nil
            }
        }
        var peaks: [UInt8] = []
        var i = 0
        while i < b.count {
            guard let h = v(b[i]), let l = v(b[i + 1]) else { return [] }
            peaks.append(h << 4 | l)
            i += 2
        }
        return peaks
    }
}
