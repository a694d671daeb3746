import AlbumModel
import Foundation

/// VADER (Hutto & Gilbert, ICWSM 2014), ported from its reference implementation,
/// vaderSentiment 3.3.2 (PyPI, MIT licence, Lexicon/LICENSE.txt), rule for rule, so the compound
/// score agrees with it (fixtures/mood, AlbumMoodTests). Pure Swift: the lexicons are embedded
/// (`VADERLexicon`), parsed once on first use.
///
/// The reference's quirks are kept on purpose, since agreement is the property tested: the "but"
/// rule finds each score by value (so equal scores before "but" halve the first one again), and
/// the punctuation of the whole text, not the sentence's, adds emphasis.
public struct VADER: Sendable {
    /// The shared analyzer: the lexicon (7,500 words) and emoji descriptions (3,570) parsed once.
    public static let shared = VADER()

    let lexicon: [String: Double]
    let emoji: [Unicode.Scalar: String]

    public init() {
        var lexicon: [String: Double] = [:]
        lexicon.reserveCapacity(7_600)
        for line in VADERLexicon.words.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, let value = Double(fields[1]) else { continue }
            lexicon[String(fields[0])] = value
        }
        var emoji: [Unicode.Scalar: String] = [:]
        for line in VADERLexicon.emoji.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2 else { continue }
            // The reference looks up one code point at a time: sequences never match.
            let scalars = fields[0].unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first else { continue }
            emoji[scalar] = String(fields[1])
        }
        self.lexicon = lexicon
        self.emoji = emoji
    }

    /// The mood of a text: VADER's compound score rounded to 4 places as the reference prints
    /// it, and its label.
    public func mood(of text: String) -> Mood {
        let compound = compoundScore(of: text)
        return Mood(label: MoodLabel(compound: compound), score: compound, source: .computed)
    }

    /// VADER's compound score, -1…1, rounded to 4 decimal places.
    public func compoundScore(of text: String) -> Double {
        let text = describingEmoji(text)
        let words = Self.wordsAndEmoticons(text)
        let capDifferential = Self.allCapDifferential(words)
        let lowered = words.map { $0.lowercased() }
        var sentiments: [Double] = []
        for (i, item) in words.enumerated() {
            let lower = lowered[i]
            if Self.boosters[lower] != nil {
                sentiments.append(0)
                continue
            }
            if i < words.count - 1 && lower == "kind" && lowered[i + 1] == "of" {
                sentiments.append(0)
                continue
            }
            sentiments.append(valence(of: item, at: i, words: words, lowered: lowered, capDifferential: capDifferential))
        }
        Self.butCheck(lowered, &sentiments)
        return Self.rounded(scoreValence(sentiments, text: text))
    }

    // MARK: - The reference's steps

    /// Each emoji of the lexicon becomes its description, with a space before it unless one is
    /// there; the result is trimmed.
    func describingEmoji(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previousSpace = true
        for scalar in text.unicodeScalars {
            if let description = emoji[scalar] {
                if !previousSpace { out.append(" ") }
                out.append(contentsOf: description.unicodeScalars)
                previousSpace = false
            } else {
                out.append(scalar)
                previousSpace = scalar == " "
            }
        }
        return Self.pythonStrip(String(out))
    }

    func valence(of item: String, at i: Int, words: [String], lowered: [String], capDifferential: Bool) -> Double {
        let lower = lowered[i]
        guard let base = lexicon[lower] else { return 0 }
        var valence = base
        if lower == "no" && i != words.count - 1 && lexicon[lowered[i + 1]] != nil {
            valence = 0
        }
        if (i > 0 && lowered[i - 1] == "no") || (i > 1 && lowered[i - 2] == "no")
            || (i > 2 && lowered[i - 3] == "no" && (lowered[i - 1] == "or" || lowered[i - 1] == "nor"))
        {
            valence = base * Self.negationScalar
        }
        if Self.isUpper(item) && capDifferential {
            valence += valence > 0 ? Self.capIncrement : -Self.capIncrement
        }
        for start in 0..<3 where i > start && lexicon[lowered[i - (start + 1)]] == nil {
            var s = Self.scalarIncDec(words[i - (start + 1)], valence: valence, capDifferential: capDifferential)
            if start == 1 && s != 0 { s *= 0.95 }
            if start == 2 && s != 0 { s *= 0.9 }
            valence += s
            valence = Self.negationCheck(valence, lowered, start: start, i: i)
            if start == 2 {
                valence = Self.specialIdiomsCheck(valence, lowered, i: i)
            }
        }
        return leastCheck(valence, lowered, i: i)
    }

    func leastCheck(_ valence: Double, _ lowered: [String], i: Int) -> Double {
        if i > 1 && lexicon[lowered[i - 1]] == nil && lowered[i - 1] == "least" {
            if lowered[i - 2] != "at" && lowered[i - 2] != "very" {
                return valence * Self.negationScalar
            }
        } else if i > 0 && lexicon[lowered[i - 1]] == nil && lowered[i - 1] == "least" {
            return valence * Self.negationScalar
        }
        return valence
    }

    /// "but": scores before it halved, after it one and a half times. As the reference does it:
    /// each score is looked up by value, so the first equal score is the one changed.
    static func butCheck(_ lowered: [String], _ sentiments: inout [Double]) {
        guard let but = lowered.firstIndex(of: "but") else { return }
        for k in sentiments.indices {
            let sentiment = sentiments[k]
            guard let si = sentiments.firstIndex(of: sentiment) else { continue }
            if si < but {
                sentiments[si] = sentiment * 0.5
            } else if si > but {
                sentiments[si] = sentiment * 1.5
            }
        }
    }

    static func negationCheck(_ valence: Double, _ w: [String], start: Int, i: Int) -> Double {
        switch start {
        case 0:
            if negated(w[i - 1]) { return valence * negationScalar }
        case 1:
            if w[i - 2] == "never" && (w[i - 1] == "so" || w[i - 1] == "this") {
                return valence * 1.25
            } else if w[i - 2] == "without" && w[i - 1] == "doubt" {
                return valence
            } else if negated(w[i - 2]) {
                return valence * negationScalar
            }
        default:
            if (w[i - 3] == "never" && (w[i - 2] == "so" || w[i - 2] == "this")) || (w[i - 1] == "so" || w[i - 1] == "this") {
                return valence * 1.25
            } else if w[i - 3] == "without" && (w[i - 2] == "doubt" || w[i - 1] == "doubt") {
                return valence
            } else if negated(w[i - 3]) {
                return valence * negationScalar
            }
        }
        return valence
    }

    static func specialIdiomsCheck(_ valence: Double, _ w: [String], i: Int) -> Double {
        var valence = valence
        let sequences = [
            "\(w[i - 1]) \(w[i])", "\(w[i - 2]) \(w[i - 1]) \(w[i])", "\(w[i - 2]) \(w[i - 1])",
            "\(w[i - 3]) \(w[i - 2]) \(w[i - 1])", "\(w[i - 3]) \(w[i - 2])",
        ]
        for sequence in sequences {
            if let special = specialCases[sequence] {
                valence = special
                break
            }
        }
        if w.count - 1 > i, let special = specialCases["\(w[i]) \(w[i + 1])"] {
            valence = special
        }
        if w.count - 1 > i + 1, let special = specialCases["\(w[i]) \(w[i + 1]) \(w[i + 2])"] {
            valence = special
        }
        for gram in ["\(w[i - 3]) \(w[i - 2]) \(w[i - 1])", "\(w[i - 3]) \(w[i - 2])", "\(w[i - 2]) \(w[i - 1])"] {
            if let boost = boosters[gram] { valence += boost }
        }
        return valence
    }

    static func scalarIncDec(_ word: String, valence: Double, capDifferential: Bool) -> Double {
        guard var scalar = boosters[word.lowercased()] else { return 0 }
        if valence < 0 { scalar *= -1 }
        if isUpper(word) && capDifferential {
            scalar += valence > 0 ? capIncrement : -capIncrement
        }
        return scalar
    }

    func scoreValence(_ sentiments: [Double], text: String) -> Double {
        guard !sentiments.isEmpty else { return 0 }
        var sum = sentiments.reduce(0, +)
        let emphasis = Self.punctuationEmphasis(text)
        if sum > 0 {
            sum += emphasis
        } else if sum < 0 {
            sum -= emphasis
        }
        return Self.normalize(sum)
    }

    static func punctuationEmphasis(_ text: String) -> Double {
        var exclamations = 0
        var questions = 0
        for scalar in text.unicodeScalars {
            if scalar == "!" { exclamations += 1 }
            if scalar == "?" { questions += 1 }
        }
        let ep = Double(min(exclamations, 4)) * 0.292
        var qm = 0.0
        if questions > 1 {
            qm = questions <= 3 ? Double(questions) * 0.18 : 0.96
        }
        return ep + qm
    }

    static func normalize(_ score: Double, alpha: Double = 15) -> Double {
        let normal = score / (score * score + alpha).squareRoot()
        return min(1, max(-1, normal))
    }

    static func rounded(_ value: Double) -> Double {
        (value * 10_000).rounded(.toNearestOrEven) / 10_000
    }

    // MARK: - Words

    /// The reference's tokens: split on whitespace, leading and trailing ASCII punctuation
    /// removed unless that leaves two characters or fewer (an emoticon such as ":)" stays).
    static func wordsAndEmoticons(_ text: String) -> [String] {
        pythonSplit(text).map { token in
            let stripped = stripPunctuation(token)
            return stripped.unicodeScalars.count <= 2 ? token : stripped
        }
    }

    /// True when some but not all words are in capitals.
    static func allCapDifferential(_ words: [String]) -> Bool {
        let capitals = words.count(where: isUpper)
        let differential = words.count - capitals
        return 0 < differential && differential < words.count
    }

    static func negated(_ word: String) -> Bool {
        negations.contains(word) || word.contains("n't")
    }

    /// Python's `str.isupper()`: at least one upper-case letter and no lower-case or title-case one.
    static func isUpper(_ word: String) -> Bool {
        var cased = false
        for scalar in word.unicodeScalars {
            let properties = scalar.properties
            if properties.isLowercase || properties.generalCategory == .titlecaseLetter { return false }
            if properties.isUppercase { cased = true }
        }
        return cased
    }

    static func stripPunctuation(_ token: String) -> String {
        let scalars = Array(token.unicodeScalars)
        var start = 0
        var end = scalars.count
        while start < end && asciiPunctuation.contains(scalars[start]) { start += 1 }
        while end > start && asciiPunctuation.contains(scalars[end - 1]) { end -= 1 }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    /// Python's `str.split()`: runs of Unicode white space separate words.
    static func pythonSplit(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isPythonSpace(scalar) {
                if !current.isEmpty {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                }
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    static func pythonStrip(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var start = 0
        var end = scalars.count
        while start < end && isPythonSpace(scalars[start]) { start += 1 }
        while end > start && isPythonSpace(scalars[end - 1]) { end -= 1 }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    static func isPythonSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x1C...0x1F, 0x20, 0x85: return true
        default: return scalar.properties.isWhitespace && scalar.value > 0x7F
        }
    }

    // MARK: - The reference's constants

    static let boosterIncrement = 0.293
    static let boosterDecrement = -0.293
    static let capIncrement = 0.733
    static let negationScalar = -0.74

    /// Python's `string.punctuation`.
    static let asciiPunctuation: Set<Unicode.Scalar> = Set(##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##.unicodeScalars)

    static let negations: Set<String> = [
        "aint", "arent", "cannot", "cant", "couldnt", "darent", "didnt", "doesnt",
        "ain't", "aren't", "can't", "couldn't", "daren't", "didn't", "doesn't",
        "dont", "hadnt", "hasnt", "havent", "isnt", "mightnt", "mustnt", "neither",
        "don't", "hadn't", "hasn't", "haven't", "isn't", "mightn't", "mustn't",
        "neednt", "needn't", "never", "none", "nope", "nor", "not", "nothing", "nowhere",
        "oughtnt", "shant", "shouldnt", "uhuh", "wasnt", "werent",
        "oughtn't", "shan't", "shouldn't", "uh-uh", "wasn't", "weren't",
        "without", "wont", "wouldnt", "won't", "wouldn't", "rarely", "seldom", "despite",
    ]

    static let boosters: [String: Double] = {
        let up = [
            "absolutely", "amazingly", "awfully", "completely", "considerable", "considerably", "decidedly", "deeply",
            "effing", "enormous", "enormously", "entirely", "especially", "exceptional", "exceptionally", "extreme",
            "extremely", "fabulously", "flipping", "flippin", "frackin", "fracking", "fricking", "frickin", "frigging",
            "friggin", "fully", "fuckin", "fucking", "fuggin", "fugging", "greatly", "hella", "highly", "hugely",
            "incredible", "incredibly", "intensely", "major", "majorly", "more", "most", "particularly", "purely",
            "quite", "really", "remarkably", "so", "substantially", "thoroughly", "total", "totally", "tremendous",
            "tremendously", "uber", "unbelievably", "unusually", "utter", "utterly", "very",
        ]
        let down = [
            "almost", "barely", "hardly", "just enough", "kind of", "kinda", "kindof", "kind-of", "less", "little",
            "marginal", "marginally", "occasional", "occasionally", "partly", "scarce", "scarcely", "slight",
            "slightly", "somewhat", "sort of", "sorta", "sortof", "sort-of",
        ]
        var table: [String: Double] = [:]
        for word in up { table[word] = boosterIncrement }
        for word in down { table[word] = boosterDecrement }
        return table
    }()

    static let specialCases: [String: Double] = [
        "the shit": 3, "the bomb": 3, "bad ass": 1.5, "badass": 1.5, "bus stop": 0.0,
        "yeah right": -2, "kiss of death": -1.5, "to die for": 3, "beating heart": 3.5,
    ]
}

extension VADER {
    /// A word's valence in the lexicon, nil when it has none (for tests and `album mood`).
    public func valence(_ word: String) -> Double? { lexicon[word] }

    /// How many words the lexicon holds.
    public var wordCount: Int { lexicon.count }
}
