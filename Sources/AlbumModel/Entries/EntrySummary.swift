/// What a summary says of a period's entries (issue 26): counts per kind, minutes of voice, the
/// music (top artists and songs), the words of the notes (a word cloud), and the most active
/// days over photos and entries together.
public struct EntrySummary: Sendable, Hashable, Codable, NullEncodable {
    public var notes: Int
    public var songs: Int
    /// Voice clips and other sounds (`audio` entries).
    public var sounds: Int
    public var checkIns: Int
    /// Minutes of `audio` entries (voice), to a tenth.
    public var voiceMinutes: Double
    /// Artists by songs, at most five.
    public var topArtists: [NameCount]
    /// Songs by times added (`Artist – Title`), at most five.
    public var topSongs: [NameCount]
    /// The notes' and check-in notes' words by use (folded, short and common words left out), at most 30.
    public var words: [NameCount]
    /// Days by photos plus entries, at most five, busiest first.
    public var activeDays: [DayCount]
    /// Entries of the period, every kind (each is counted; the word cloud reads the newest texts only).
    public var read: Int
    /// The moods of the period's notes, check-in notes and transcripts (issue 32).
    public var moods: MoodCounts = MoodCounts()

    public init(
        notes: Int = 0, songs: Int = 0, sounds: Int = 0, checkIns: Int = 0, voiceMinutes: Double = 0, topArtists: [NameCount] = [],
        topSongs: [NameCount] = [], words: [NameCount] = [], activeDays: [DayCount] = [], read: Int = 0
    ) {
        self.notes = notes
        self.songs = songs
        self.sounds = sounds
        self.checkIns = checkIns
        self.voiceMinutes = voiceMinutes
        self.topArtists = topArtists
        self.topSongs = topSongs
        self.words = words
        self.activeDays = activeDays
        self.read = read
    }
}

/// A name and how often it came up.
public struct NameCount: Sendable, Hashable, Codable {
    public var name: String
    public var count: Int

    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// How many entries of a period felt each way (issue 32).
public struct MoodCounts: Sendable, Hashable, Codable {
    public var positive: Int
    public var neutral: Int
    public var negative: Int

    public init(positive: Int = 0, neutral: Int = 0, negative: Int = 0) {
        self.positive = positive
        self.neutral = neutral
        self.negative = negative
    }

    public var total: Int { positive + neutral + negative }

    public mutating func add(_ label: MoodLabel, count n: Int = 1) {
        switch label {
        case .positive: positive += n
        case .neutral: neutral += n
        case .negative: negative += n
        }
    }
}
