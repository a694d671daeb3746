import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album transcribe`: works the transcript queue of the voice diary (issue 32).
struct TranscribeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcribe",
        abstract: "Transcribe the voice clips waiting in the queue, and read the mood of new notes.",
        discussion: """
            Every voice clip (a sound entry) is queued: pending, transcribing, done, or failed with \
            its reason. The built-in engine is CMU PocketSphinx with its US English model (Debian's \
            libpocketsphinx3 and pocketsphinx-en-us); --transcriber CMD (or ALBUM_TRANSCRIBER) runs \
            CMD FILE instead, FILE a 16 kHz mono WAV of the clip, and takes what it prints. Several \
            runs at once take different clips (for cron or a timer), and a clip held by a killed \
            run is taken again. No transaction is open while a clip is transcribed. An edited \
            transcript (`album transcript edit`) is kept when a clip is transcribed again.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("A command that reads a sound file (its last argument) and prints its text.", valueName: "command"))
    var transcriber: String?
    // --timeout is due's wording: a --transcriber command on one clip (300 s unless given).
    @Option(help: ArgumentHelp("Stop a command that runs longer than this (seconds).", valueName: "s")) var timeout: Int?
    @Option(help: ArgumentHelp("Transcribe at most this many clips.", valueName: "n")) var clips: Int?
    @Option(help: ArgumentHelp("Queue this clip again first (its edit is kept).", valueName: "id")) var again: Int64?

    func validate() throws {
        if let clips, clips < 1 { throw ValidationError("--clips \(clips) must be 1 or more") }
        _ = try Transcriber.chosen(command: transcriber, timeout: timeout.map(TimeInterval.init), environment: [:])
    }

    func run() async throws {
        let engine = try Transcriber.chosen(
            command: transcriber, timeout: timeout.map(TimeInterval.init), environment: ProcessInfo.processInfo.environment)
        let (again, limit, json) = (self.again, self.clips, global.json)
        let report = try await global.withLibrary(.writing) { library in
            if let again { try await library.requeueTranscript(entryId: again) }
            return try await WorkerSignals.cancellingOnStop {
                try await library.transcribe(with: engine, limit: limit, progress: { id, result in
                    guard !json else { return }
                    switch result {
                    case .success(let text): Output.line("entry \(id): \(text.isEmpty ? "(no words heard)" : TerminalText.inline(text))")
                    case .failure(let error): Output.line("entry \(id): failed: \(error.description)")
                    }
                })
            }
        }
        if json { return try Output.json(TranscribeJSON(report)) }
        Output.line("\(Output.count(report.done.count, "clip")) transcribed, \(report.failed.count) failed; "
            + "\(report.counts[.pending] ?? 0) pending, \(report.counts[.failed] ?? 0) failed in all"
            + (report.moodsRead > 0 ? "; \(Output.count(report.moodsRead, "mood")) read" : ""))
    }
}

/// `{queued, done, failed: [{id, reason}], moodsRead, counts}`.
struct TranscribeJSON: Encodable {
    struct Failure: Encodable {
        let id: Int64
        let reason: String
    }
    let queued: Int
    let done: [Int64]
    let failed: [Failure]
    let moodsRead: Int
    let counts: [String: Int]

    init(_ report: TranscribeReport) {
        queued = report.queued
        done = report.done
        failed = report.failed.map { Failure(id: $0.id, reason: $0.reason) }
        moodsRead = report.moodsRead
        counts = Dictionary(uniqueKeysWithValues: TranscriptState.allCases.map { ($0.rawValue, report.counts[$0] ?? 0) })
    }
}

/// `album transcript show|edit ID`: a clip's transcript and its state in the queue.
struct TranscriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcript", abstract: "Show or edit a voice clip's transcript.", subcommands: [Show.self, Edit.self])

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a clip's transcript and its state.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.entryId) var id: Int64

        func run() async throws {
            let (entry, transcript) = try await global.withLibrary(.reading) { library in
                (try await library.entry(id: id), try await library.transcript(entryId: id))
            }
            guard entry.kind == .audio else { throw AlbumError.invalidInput("entry \(id) is a \(entry.kind), not a voice clip") }
            let json = TranscriptJSON(id: id, transcript: transcript, mood: entry.mood)
            if global.json { return try Output.json(json) }
            Output.line("state: \(json.state)" + (transcript?.reason.map { " (\($0))" } ?? ""))
            if let text = transcript?.text { Output.line(TerminalText.inline(text)) }
            if transcript?.editedText != nil { Output.line("(edited by hand)") }
            if let mood = entry.mood { Output.line(MoodCommand.describe(mood)) }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Replace a clip's transcript with your text (kept when the clip is transcribed again).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.entryId) var id: Int64
        @Argument(help: ArgumentHelp("The text (words are joined by spaces).", valueName: "text")) var text: [String] = []
        @Flag(help: "Drop your text: show the engine's again.") var clear = false

        func validate() throws {
            let joined = text.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            if clear != joined.isEmpty { throw ValidationError(clear ? "--clear takes no text" : "give the text, or --clear") }
        }

        func run() async throws {
            let text = clear ? nil : self.text.joined(separator: " ")
            let (transcript, entry) = try await global.withLibrary(.writing) { library in
                let transcript = try await library.editTranscript(entryId: id, text: text)
                return (transcript, try await library.entry(id: id))
            }
            let json = TranscriptJSON(id: id, transcript: transcript, mood: entry.mood)
            if global.json { return try Output.json(json) }
            Output.line("entry \(id): " + TerminalText.inline(transcript.text ?? "(no transcript yet)"))
            if let mood = entry.mood { Output.line(MoodCommand.describe(mood)) }
        }
    }
}

/// `{id, state, text, machineText, editedText, reason, engine, mood, moodScore}`.
struct TranscriptJSON: Encodable {
    let id: Int64
    let state: String
    let text, machineText, editedText, reason, engine: String?
    let attempts: Int
    let mood: String?
    let moodScore: Double?

    init(id: Int64, transcript: Transcript?, mood: Mood?) {
        self.id = id
        state = transcript?.state.rawValue ?? TranscriptState.pending.rawValue
        (text, machineText, editedText) = (transcript?.text, transcript?.machineText, transcript?.editedText)
        (reason, engine, attempts) = (transcript?.reason, transcript?.engine, transcript?.attempts ?? 0)
        (self.mood, moodScore) = (mood?.label.rawValue, mood?.score)
    }

    enum CodingKeys: String, CodingKey { case id, state, text, machineText, editedText, reason, engine, attempts, mood, moodScore }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(state, forKey: .state)
        try c.encode(text, forKey: .text)
        try c.encode(machineText, forKey: .machineText)
        try c.encode(editedText, forKey: .editedText)
        try c.encode(reason, forKey: .reason)
        try c.encode(engine, forKey: .engine)
        try c.encode(attempts, forKey: .attempts)
        try c.encode(mood, forKey: .mood)
        try c.encode(moodScore, forKey: .moodScore)
    }
}

/// `album mood ID [positive|neutral|negative|auto]`, `album mood --text TEXT`.
struct MoodCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mood", abstract: "Show or set an entry's mood, or read the mood of a text.",
        discussion: """
            Notes, check-in notes and voice clips' transcripts get a mood from VADER (a sentiment \
            lexicon, MIT): positive at a score of 0.05 and above, negative at -0.05 and below. Set \
            one by hand (kept when the text changes), or `auto` to read it from the text again.
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: Vocabulary.entryId) var id: Int64?
    @Argument(help: ArgumentHelp("positive, neutral, negative, or auto.", valueName: "mood")) var mood: String?
    @Option(help: ArgumentHelp("Read the mood of this text (no library).", valueName: "text")) var text: String?

    func validate() throws {
        if text != nil && (id != nil || mood != nil) { throw ValidationError("--text takes no entry id or mood") }
        if text == nil && id == nil { throw ValidationError("name an entry id, or --text") }
        if let mood, mood != "auto" { _ = try MoodLabel(naming: mood) }
    }

    func run() async throws {
        if let text {
            let mood = Library.mood(of: text)
            return global.json ? try Output.json(MoodJSON(id: nil, mood: mood)) : Output.line(Self.describe(mood))
        }
        guard let id else { return }
        let label = try mood.flatMap { $0 == "auto" ? nil : try MoodLabel(naming: $0) }
        let entry = try await global.withLibrary(mood == nil ? .reading : .writing) { library in
            mood == nil ? try await library.entry(id: id) : try await library.setMood(entryId: id, label)
        }
        if global.json { return try Output.json(MoodJSON(id: id, mood: entry.mood)) }
        Output.line(entry.mood.map(Self.describe) ?? "entry \(id) has no mood yet")
    }

    /// `mood: positive (0.7579)`, with `, set by hand` when it was.
    static func describe(_ mood: Mood) -> String {
        "mood: \(mood.label) (\(String(format: "%.4f", mood.score))\(mood.source == .user ? ", set by hand" : ""))"
    }
}

/// `{id, mood, score, source}`.
struct MoodJSON: Encodable {
    let id: Int64?
    let mood: String?
    let score: Double?
    let source: String?

    init(id: Int64?, mood: Mood?) {
        self.id = id
        (self.mood, score, source) = (mood?.label.rawValue, mood?.score, mood?.source.rawValue)
    }

    enum CodingKeys: String, CodingKey { case id, mood, score, source }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(mood, forKey: .mood)
        try c.encode(score, forKey: .score)
        try c.encode(source, forKey: .source)
    }
}
