import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// Where and when a new entry is, and its tags: `--at`, `--pin | --lat/--lon | --place`, `--tag`.
struct EntryPlaceOptions: ParsableArguments {
    @Option(help: Vocabulary.entryAt) var at: String?
    @Option(help: Vocabulary.entryPin) var pin: Int64?
    @Option(parsing: .unconditional, help: Vocabulary.latitude) var lat: Double?
    @Option(parsing: .unconditional, help: Vocabulary.longitude) var lon: Double?
    @Option(help: PlaceOption.help) var place: String?
    @Option(help: Vocabulary.entryTag) var tag: [String] = []

    func validate() throws {
        if pin != nil, lat != nil || lon != nil || place != nil { throw ValidationError("give one of --pin, --lat/--lon or --place") }
        try PlaceOption.validate(lat: lat, lon: lon, place: place, required: false)
        if let at { _ = try EntryClock.Given(parsing: at) }
        _ = try tags()
    }

    var hasPosition: Bool { pin != nil || lat != nil || place != nil }

    func position() throws -> EntryPosition? {
        if let pin { return .pin(pin) }
        return try PlaceOption.position(lat: lat, lon: lon, place: place).map { .coordinate($0.coordinate) }
    }

    func given() throws -> EntryClock.Given? { try at.map { text throws(AlbumError) in try EntryClock.Given(parsing: text) } }

    func tags() throws -> [TagName] { try tag.map { text throws(AlbumError) in try TagName(text) } }

    /// Stores the entry and prints it (`added note 3 …`, or the entry's JSON).
    func add(_ content: EntryContent, global: GlobalOptions) async throws {
        let position = try position()
        let given = try given()
        let tags = try tags()
        let now = try CommandClock.now()
        let (entry, json) = try await global.withLibrary(.writing) { library in
            let (entry, _) = try await library.addEntry(
                content, at: given, position: position, tags: tags, now: now, systemZone: CommandClock.systemZone)
            return (entry, EntryJSON(entry: entry, library: library))
        }
        try global.json ? Output.json(json) : Output.line("added " + entry.line)
    }
}

extension Entry {
    /// `note 3  2026-06-14 09:43 +02:00  Kyoto  "First day…"  #travel`.
    var line: String {
        var parts = ["\(kind) \(id)", at.localText.prefix(16).replacingOccurrences(of: "T", with: " ") + (at.offsetText.map { " " + $0 } ?? "")]
        if let placeName { parts.append(TerminalText.inline(placeName)) } else if let pinId { parts.append("pin \(pinId)") }
        switch content {
        case .note(let text): parts.append(TerminalText.inline("\"" + Self.excerpt(text) + "\""))
        case .song(let song):
            parts.append(TerminalText.inline("\(song.artist) – \(song.title)" + (song.album.map { " (\($0))" } ?? "")
                + (song.clip.map { "  \(Self.duration($0.durationMs)) \($0.codec)" } ?? "")))
        case .audio(let clip, let title, let artist):
            let name = [artist, title].compactMap { $0 }.joined(separator: " – ")
            parts.append(TerminalText.inline((name.isEmpty ? "" : name + "  ") + "\(Self.duration(clip.durationMs)) \(clip.codec)"))
            // The voice diary (issue 32): what was said, and how it felt.
            if let transcript { parts.append(TerminalText.inline("\"" + Self.excerpt(transcript) + "\"")) }
            if let mood { parts.append("(\(mood.label))") }
        case .place(let note): if let note { parts.append(TerminalText.inline("\"" + Self.excerpt(note) + "\"")) }
        }
        if !tags.isEmpty { parts.append(tags.map { "#" + TerminalText.inline($0.value) }.joined(separator: " ")) }
        return parts.joined(separator: "  ")
    }

    static func excerpt(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
    }

    /// `1:05` (minutes and seconds).
    static func duration(_ ms: Int64) -> String {
        let s = (ms + 500) / 1000
        return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }
}
