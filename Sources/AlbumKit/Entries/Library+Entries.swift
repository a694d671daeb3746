import AlbumModel
import AlbumSeam
import Foundation

/// Where an entry is: a pin (its position), or a position.
public enum EntryPosition: Sendable, Hashable {
    case pin(Int64)
    case coordinate(Coordinate)
}

extension Library {
    /// The most entries one page lists.
    public static let maxEntryPage = 1000

    /// Stores a note, song or check-in (a sound comes through `importAudio`): its time made a
    /// `PhotoTime` by `EntryClock` (the given offset, else the zone at its position, else the
    /// system's), the place name at its position, its tags; an entry with the same `clientId`
    /// is returned instead (`created` false).
    /// - Throws: `AlbumError.notFound` for an unknown pin, `.invalidInput` for a check-in
    ///   without a position.
    public func addEntry(
        _ content: EntryContent, at given: EntryClock.Given?, position: EntryPosition?, tags: [TagName] = [],
        ownerId: Int64? = nil, clientId: String? = nil, now: Date, systemZone: String
    ) async throws(AlbumError) -> (entry: Entry, created: Bool) {
        if case .place = content, position == nil { throw .invalidInput("a check-in needs a place: --pin, --lat/--lon or --place") }
        var pinId: Int64?
        var coordinate: Coordinate?
        switch position {
        case .pin(let id):
            let pin = try await store.requirePin(id: id)
            (pinId, coordinate) = (pin.id, pin.coordinate)
        case .coordinate(let c): coordinate = c
        case nil: break
        }
        let time = try EntryClock.time(given: given, position: coordinate, now: now, systemZone: systemZone)
        let new = NewEntry(
            content: content, at: time, coordinate: coordinate, pinId: pinId, placeName: EntryClock.placeName(at: coordinate),
            tags: tags, ownerId: ownerId, clientId: clientId)
        let added = try await store.addEntry(new)
        return (added.created ? try await refreshMood(of: added.entry) : added.entry, added.created)
    }

    /// The entry with this id. - Throws: `AlbumError.notFound` when there is none.
    public func entry(id: Int64) async throws(AlbumError) -> Entry {
        guard let entry = try await store.entry(id: id) else { throw .noEntry(id) }
        return entry
    }

    /// A page of the entries the filter selects, newest first.
    /// - Throws: `AlbumError.invalidInput` for a page below 1, a size out of 1…1000 or `from` after `to`.
    public func entries(_ filter: EntryFilter, page: Int = 1, pageSize: Int = 100) async throws(AlbumError) -> EntryList {
        guard page >= 1 else { throw .invalidInput("--page \(page) must be 1 or more") }
        guard (1...Self.maxEntryPage).contains(pageSize) else {
            throw .invalidInput("--page-size \(pageSize) must be between 1 and \(Self.maxEntryPage)")
        }
        return try await store.entries(try filter.validated(), offset: (page - 1) * pageSize, limit: pageSize)
    }

    /// Changes an entry. - Throws: `AlbumError.notFound` for an unknown entry, `.invalidInput`
    /// for a field its kind does not have (or an empty note).
    public func editEntry(id: Int64, _ edit: EntryEdit) async throws(AlbumError) -> Entry {
        try await refreshMood(of: try await store.editEntry(id: id, edit))
    }

    /// Removes an entry, then its file (a sound's), which no other entry holds (files are
    /// named by content, one entry each). The row goes first: a crash in between leaves an
    /// orphan file `verify` finds, never an entry without its file.
    public func removeEntry(id: Int64) async throws(AlbumError) -> Entry {
        let removed = try await store.removeEntry(id: id)
        if let clip = removed.content.clip, try await store.entryHolding(contentHash: clip.contentHash) == nil {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(clip.file))
        }
        return removed
    }

    /// Entries matching the text (note text, song titles and artists, check-in notes, tags,
    /// places; diacritics folded), newest first.
    public func findEntries(_ text: SearchText, filter: EntryFilter = EntryFilter(), limit: Int = 50) async throws(AlbumError) -> EntryList {
        guard (1...Self.maxEntryPage).contains(limit) else {
            throw .invalidInput("--limit \(limit) must be between 1 and \(Self.maxEntryPage)")
        }
        return try await store.findEntries(text, filter: try filter.validated(), limit: limit)
    }
}
