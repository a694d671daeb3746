import AlbumModel
import Foundation

/// What an export covers: every pin or one, and optionally only photos taken in a date range.
public struct ExportSelection: Sendable, Hashable {
    /// One pin only, or nil for every pin.
    public var pinId: Int64?
    /// First and last local day (`YYYY-MM-DD`, inclusive) a photo was taken on, or nil.
    public var from: String?
    public var to: String?

    /// - Throws: `AlbumError.invalidInput` naming `--from` or `--to` when a day is not a real
    ///   `YYYY-MM-DD` date, or when `from` is after `to`.
    public init(pinId: Int64? = nil, from: String? = nil, to: String? = nil) throws(AlbumError) {
        for (name, day) in [("--from", from), ("--to", to)] {
            if let day, !Self.isDay(day) { throw .invalidInput("\(name) '\(day)' is not a date YYYY-MM-DD") }
        }
        if let from, let to, from > to { throw .invalidInput("--from \(from) is after --to \(to)") }
        self.pinId = pinId
        self.from = from
        self.to = to
    }

    /// Whether a date filter is set.
    public var hasDateRange: Bool { from != nil || to != nil }

    /// Whether a photo taken at `takenAt` (ISO 8601 local time) is in the range. A photo with no
    /// date is in only when no range is set.
    public func includes(takenAt: String?) -> Bool {
        guard hasDateRange else { return true }
        guard let takenAt, takenAt.count >= 10 else { return false }
        let day = String(takenAt.prefix(10))
        if let from, day < from { return false }
        if let to, day > to { return false }
        return true
    }

    static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), parts.allSatisfy({ $0.allSatisfy(\.isASCII) })
        else { return false }
        var c = DateComponents()
        c.year = y
        c.month = m
        c.day = d
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return (1...12).contains(m) && d >= 1 && c.isValidDate(in: calendar)
    }
}

/// A pin with the photos an export shows of it.
public struct ExportedPin: Sendable {
    public var pin: Pin
    public var photos: [ExportedPhoto]
}

/// A downloaded photo with where to draw it and its files.
public struct ExportedPhoto: Sendable {
    public var photo: Photo
    /// The photo's own position, else its pin's.
    public var position: Coordinate
    /// Whether `position` is the pin's because the photo has none of its own.
    public var positionFromPin: Bool
    /// Absolute URLs of the original and thumbnail files.
    public var file: URL?
    public var thumbnail: URL?
}

/// An entry (a note, song, sound or check-in) with a position, as the exports show it (issue 26).
public struct ExportedEntry: Sendable {
    public var entry: Entry
    /// The entry's own position, else its pin's.
    public var position: Coordinate
    /// A sound's file, absolute.
    public var file: URL?

    /// A title for a map: a song's "artist – title", a sound's tags, else the start of its text.
    public var name: String {
        switch entry.content {
        case .song(let song): return "\(song.artist) – \(song.title)"
        case .audio(_, let title, let artist):
            let named = [artist, title].compactMap { $0 }.joined(separator: " – ")
            if !named.isEmpty { return named }
            return entry.transcript.map(Self.excerpt) ?? "Voice clip \(entry.id)"
        case .note(let text): return Self.excerpt(text)
        case .place(let note): return note.map(Self.excerpt) ?? (entry.placeName ?? "Check-in \(entry.id)")
        }
    }

    /// The entry's words: a note's text, a check-in's note, a clip's transcript.
    public var text: String? {
        switch entry.content {
        case .note(let text): text
        case .place(let note): note
        case .audio, .song: entry.transcript
        }
    }

    static func excerpt(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
    }
}

/// Everything one export writes, in pin order, photos in album order, then the entries with a
/// position, newest first.
public struct ExportContent: Sendable {
    public var pins: [ExportedPin]
    public var selection: ExportSelection
    public var entries: [ExportedEntry] = []
    /// A trip's name (`export gpx --trip N`, issue 29): the document is that trip, and its track
    /// is the route, photos and entries together in time order.
    public var tripName: String?

    /// Every exported photo with a capture date, oldest first (instants where the offset is known).
    public var photosInTimeOrder: [ExportedPhoto] {
        var timed: [(photo: ExportedPhoto, key: Int64)] = []
        for entry in pins {
            for photo in entry.photos {
                guard let time = PhotoTime(exporting: photo.photo) else { continue }
                timed.append((photo, time.exportSortKey))
            }
        }
        timed.sort { a, b in a.key != b.key ? a.key < b.key : a.photo.photo.id < b.photo.photo.id }
        return timed.map(\.photo)
    }
}

extension Library {
    /// The pins and downloaded photos an export shows. With a date range, only photos taken in it
    /// and only pins with at least one such photo.
    /// - Throws: `AlbumError.notFound` for an unknown pin id.
    public func exportContent(_ selection: ExportSelection) async throws(AlbumError) -> ExportContent {
        let pins: [Pin]
        if let id = selection.pinId { pins = [try await store.requirePin(id: id)] } else { pins = try await store.pins() }
        var result: [ExportedPin] = []
        for pin in pins {
            let photos = try await store.photos(pinId: pin.id)
                .filter { $0.state == .downloaded && selection.includes(takenAt: $0.takenAt) }
                .map { photo in
                    ExportedPhoto(
                        photo: photo, position: photo.coordinate ?? pin.coordinate, positionFromPin: photo.coordinate == nil,
                        file: photo.file.map { url(forStoredPath: $0) }, thumbnail: photo.thumbnail.map { url(forStoredPath: $0) })
                }
            if selection.hasDateRange && photos.isEmpty { continue }
            result.append(ExportedPin(pin: pin, photos: photos))
        }
        var content = ExportContent(pins: result, selection: selection)
        content.entries = try await exportedEntries(selection, pins: pins)
        return content
    }

    /// The entries with a position (their own, else their pin's) in the selection's pin and
    /// days, read a page at a time.
    func exportedEntries(_ selection: ExportSelection, pins: [Pin]) async throws(AlbumError) -> [ExportedEntry] {
        let pinPositions = Dictionary(pins.map { ($0.id, $0.coordinate) }, uniquingKeysWith: { a, _ in a })
        let filter = EntryFilter(
            from: selection.from.flatMap { LocalDate($0) }, to: selection.to.flatMap { LocalDate($0) }, pinId: selection.pinId)
        var out: [ExportedEntry] = []
        var offset = 0
        while true {
            let page = try await store.entries(filter, offset: offset, limit: Self.maxEntryPage)
            for entry in page.entries {
                guard let position = entry.coordinate ?? entry.pinId.flatMap({ pinPositions[$0] }) else { continue }
                out.append(ExportedEntry(entry: entry, position: position, file: entry.content.clip.map { url(forStoredPath: $0.file) }))
            }
            offset += page.entries.count
            if page.entries.isEmpty || offset >= page.total { break }
        }
        return out
    }
}
