import Foundation

/// How an entry's text feels (issue 32): VADER's three labels.
public enum MoodLabel: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case positive
    case neutral
    case negative

    public var description: String { rawValue }

    /// VADER's documented thresholds on the compound score: positive at 0.05 and above,
    /// negative at -0.05 and below, neutral between.
    public init(compound: Double) {
        if compound >= 0.05 {
            self = .positive
        } else if compound <= -0.05 {
            self = .negative
        } else {
            self = .neutral
        }
    }

    /// Parses a label as the command line and the API name it.
    /// - Throws: `AlbumError.invalidInput` naming the labels for anything else.
    public init(naming text: String) throws(AlbumError) {
        guard let label = MoodLabel(rawValue: text.lowercased()) else {
            throw .invalidInput("unknown mood '\(text)' (moods: \(MoodLabel.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self = label
    }
}

/// Who decided an entry's mood.
public enum MoodSource: String, Sendable, Hashable, Codable {
    /// Computed from the text (VADER).
    case computed
    /// Set by hand: kept when the text changes.
    case user
}

/// An entry's mood: a label, VADER's compound score (-1…1), and who decided it.
public struct Mood: Sendable, Hashable {
    public var label: MoodLabel
    public var score: Double
    public var source: MoodSource

    public init(label: MoodLabel, score: Double, source: MoodSource) {
        self.label = label
        self.score = score
        self.source = source
    }

    /// A mood set by hand: the label, with a score at the middle of the label's range
    /// (1, 0 or -1 scaled to VADER's 0.5) unless one is given.
    public static func byHand(_ label: MoodLabel, score: Double? = nil) -> Mood {
        let middle: Double = switch label {
        case .positive: 0.5
        case .neutral: 0
        case .negative: -0.5
        }
        return Mood(label: label, score: score ?? middle, source: .user)
    }
}
