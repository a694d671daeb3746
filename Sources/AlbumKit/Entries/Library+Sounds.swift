import AlbumAudio
import AlbumFiles
import AlbumModel
import AlbumSeam
import Foundation

/// A sound file the import read: what it is and where the library keeps its copy.
struct ScannedSound: Sendable {
    var path: String
    var facts: AudioFacts
    var hash: ContentHash
    var bytes: Int64
    /// When it was last written: a recorder's file is written when the recording ends.
    var modified: Date
    /// `audio/ab/<hash>.<ext>`, relative to the library folder.
    var stored: String
}

/// An entry an import made (or, for a dry run, would make) from a sound file.
public struct ImportedSound: Sendable, Hashable {
    public var file: String
    /// `song` when its tags name a title and an artist, else `audio`.
    public var kind: EntryKind
    public var durationMs: Int64
    public var codec: String
    /// The entry stored; nil for a dry run.
    public var entryId: Int64?
}

extension Library {
    /// `audio/ab/<hash>.<ext>`: a sound file's copy in the library, named by content.
    static func soundPath(_ hash: ContentHash, extension ext: String) -> String {
        "audio/" + hash.shardedPath(extension: ext.isEmpty ? "audio" : ext.lowercased())
    }

    /// Reads one sound file for an import or an upload (issue 26, item 5: one pipeline): its
    /// content hash, its decode (length, codec, waveform) and tags; outside a dry run, its copy
    /// under `audio/` written to a temporary name and renamed, before any entry refers to it.
    /// - Returns: the sound, or why it is not imported (`skipped`, a one-line reason).
    /// - Throws: `AlbumError.storage` when the library cannot be written (a full disk stops the
    ///   import: skipping every file would hide it).
    func scanSound(_ path: String, dryRun: Bool, maxDurationMs: Int64? = nil) throws(AlbumError) -> ScanOutcome {
        let url = URL(fileURLWithPath: path)
        let facts: AudioFacts
        do {
            facts = try AudioReader.read(url, maxDurationMs: maxDurationMs)
        } catch {
            return .skipped(SkippedFile(file: path, reason: error.subject == .file(path) ? error.detail.reason : error.description))
        }
        let data: Data
        do {
            // Mapped, not read: a long recording is hashed without holding it in memory.
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            return .skipped(SkippedFile(file: path, reason: "unreadable: \(error.localizedDescription)"))
        }
        let hash = ContentHash(of: data)
        let stored = Self.soundPath(hash, extension: url.pathExtension)
        let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
        if !dryRun {
            let destination = self.url(forStoredPath: stored)
            if !FileManager.default.fileExists(atPath: destination.path) {
                do {
                    try AtomicFile.write(data, to: destination)
                } catch {
                    if case .storage = error { throw error }
                    return .skipped(SkippedFile(file: path, reason: "cannot be copied into the library: \(error.description)"))
                }
            }
        }
        return .sound(ScannedSound(path: path, facts: facts, hash: hash, bytes: Int64(data.count), modified: modified, stored: stored))
    }

    /// Stores sounds as entries, one transaction each: a song when its tags name a title and an
    /// artist, else a voice clip (or other sound), at the time and position its tags give
    /// (`EntryClock.soundTime`; else its mtime in the system's zone, no position). A sound the
    /// library holds already is a duplicate.
    func commitSounds(_ sounds: [ScannedSound], systemZone: String) async throws(AlbumError) -> (stored: [ImportedSound], duplicates: [SkippedFile]) {
        var stored: [ImportedSound] = []
        var duplicates: [SkippedFile] = []
        for sound in sounds.sorted(by: { $0.path < $1.path }) {
            let facts = sound.facts
            let clip = AudioClip(
                durationMs: facts.durationMs, codec: facts.codec, waveform: facts.waveform, file: sound.stored,
                contentHash: sound.hash.hex, bytes: sound.bytes, mediaType: facts.mediaType)
            let content: EntryContent
            if let title = facts.tags.title, let artist = facts.tags.artist {
                content = .song(Song(title: title, artist: artist, album: facts.tags.album, clip: clip))
            } else {
                content = .audio(clip, title: facts.tags.title, artist: facts.tags.artist)
            }
            let position = facts.position
            let time = try EntryClock.soundTime(facts.recorded, position: position, modified: sound.modified, systemZone: systemZone)
            let (entry, created) = try await store.addEntry(NewEntry(
                content: content, at: time, coordinate: position, placeName: EntryClock.placeName(at: position)))
            if created {
                stored.append(ImportedSound(
                    file: sound.path, kind: entry.kind, durationMs: facts.durationMs, codec: facts.codec, entryId: entry.id))
            } else {
                duplicates.append(SkippedFile(
                    file: sound.path, reason: "duplicate of entry \(entry.id)", duplicateOf: entry.content.clip.map { url(forStoredPath: $0.file).path }))
            }
        }
        return (stored, duplicates)
    }
}
