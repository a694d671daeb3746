import AlbumModel
import AlbumSeam

/// `EntryStore` on SQLite: each method runs the `AlbumDatabase` method of the same name
/// (`Entries/EntryRecords.swift`) as one read or one write.
extension SQLiteLibraryStore {
    public func addEntry(_ entry: NewEntry) async throws(AlbumError) -> (entry: Entry, created: Bool) {
        try await database.write { db throws(AlbumError) in try db.addEntry(entry) }
    }

    public func entry(id: Int64) async throws(AlbumError) -> Entry? {
        try await database.read { db throws(AlbumError) in try db.entry(id: id) }
    }

    public func entries(_ filter: EntryFilter, offset: Int, limit: Int) async throws(AlbumError) -> EntryList {
        try await database.read { db throws(AlbumError) in try db.entries(filter, offset: offset, limit: limit) }
    }

    public func editEntry(id: Int64, _ edit: EntryEdit) async throws(AlbumError) -> Entry {
        try await database.write { db throws(AlbumError) in try db.editEntry(id: id, edit) }
    }

    public func removeEntry(id: Int64) async throws(AlbumError) -> Entry {
        try await database.write { db throws(AlbumError) in try db.removeEntry(id: id) }
    }

    public func entryHolding(contentHash: String) async throws(AlbumError) -> Entry? {
        try await database.read { db throws(AlbumError) in try db.entryHolding(contentHash: contentHash) }
    }

    public func findEntries(_ text: SearchText, filter: EntryFilter, limit: Int) async throws(AlbumError) -> EntryList {
        try await database.read { db throws(AlbumError) in try db.findEntries(text, filter: filter, limit: limit) }
    }
}
