import AlbumModel
import AlbumMood
import Foundation
import Testing

/// The Swift VADER against its reference, vaderSentiment 3.3.2: fixtures/mood/corpus.txt (made
/// for this test: diary sentences, negations, "but", capitals, exclamation and question marks,
/// emoticons, emoji, idioms) with the scores the reference gave them in fixtures/mood/expected.tsv
/// (scripts/mood-reference.py).
@Suite struct VADERTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Expected {
        let compound: Double
        let label: MoodLabel
        let sentence: String
    }

    static func expected() throws -> [Expected] {
        let text = try String(contentsOf: root.appendingPathComponent("fixtures/mood/expected.tsv"), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let compound = Double(fields[0]), let label = MoodLabel(rawValue: String(fields[1])) else {
                throw MoodTestError("a malformed line in expected.tsv: \(line)")
            }
            return Expected(compound: compound, label: label, sentence: String(fields[2]))
        }
    }

    @Test func theCorpusIsLargeAndCoversEveryLabelAndRule() throws {
        let corpus = try Self.expected()
        #expect(corpus.count >= 200)
        for label in MoodLabel.allCases {
            #expect(corpus.count { $0.label == label } >= 30, "\(label)")
        }
        let sentences = corpus.map(\.sentence)
        #expect(sentences.count { $0.range(of: " but ", options: .caseInsensitive) != nil } >= 10)
        #expect(sentences.count { $0.contains("not") || $0.contains("n't") || $0.contains("never") } >= 20)
        #expect(sentences.count { $0.contains("!") } >= 20)
        #expect(sentences.count { $0.split(separator: " ").contains { $0.count > 2 && $0 == $0.uppercased() && $0.contains(where: \.isLetter) } } >= 8)
        #expect(sentences.count { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } } >= 8)
    }

    /// Every label as the reference's, every score within 0.01 (the issue asks for 98 % of labels).
    @Test func agreesWithTheReferenceOnTheCorpus() throws {
        let corpus = try Self.expected()
        var labelsAgreeing = 0
        var far: [String] = []
        for item in corpus {
            let mood = VADER.shared.mood(of: item.sentence)
            if mood.label == item.label { labelsAgreeing += 1 }
            if abs(mood.score - item.compound) > 0.01 {
                far.append("\(item.sentence): \(mood.score) vs \(item.compound)")
            }
            #expect(mood.source == .computed)
        }
        #expect(Double(labelsAgreeing) >= 0.98 * Double(corpus.count), "\(labelsAgreeing) of \(corpus.count) labels agree")
        #expect(far.isEmpty, "scores more than 0.01 from the reference:\n\(far.joined(separator: "\n"))")
        // Not only within tolerance: the port is rule for rule, so it is exact on this corpus.
        #expect(labelsAgreeing == corpus.count)
    }

    @Test func theIssuesTwoSentences() {
        let beach = VADER.shared.mood(of: "Today I had a wonderful day at the beach; the weather was sunny")
        #expect(beach.label == .positive)
        #expect(VADER.shared.mood(of: "an awful, sad day").label == .negative)
        #expect(VADER.shared.mood(of: "").label == .neutral)
        #expect(VADER.shared.mood(of: "").score == 0)
        #expect(VADER.shared.mood(of: "   \n\t ").score == 0)
    }

    @Test func labelsFollowVADERsThresholds() {
        #expect(MoodLabel(compound: 0.05) == .positive)
        #expect(MoodLabel(compound: 0.0499) == .neutral)
        #expect(MoodLabel(compound: -0.05) == .negative)
        #expect(MoodLabel(compound: -0.0499) == .neutral)
        #expect(throws: AlbumError.self) { try MoodLabel(naming: "happy") }
        #expect((try? MoodLabel(naming: "Positive")) == .positive)
    }

    /// The embedded tables are the shipped files: the same words with the same valences.
    @Test func theEmbeddedLexiconIsTheShippedFile() throws {
        let folder = Self.root.appendingPathComponent("Sources/AlbumMood/Lexicon")
        let text = try String(contentsOf: folder.appendingPathComponent("vader_lexicon.txt"), encoding: .utf8)
        var words: [String: Double] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.trimmingCharacters(in: .whitespaces).split(separator: "\t")
            guard fields.count >= 2, let value = Double(fields[1]) else { continue }
            words[String(fields[0])] = value
        }
        #expect(words.count > 7_000)
        let vader = VADER.shared
        for (word, value) in words {
            #expect(vader.valence(word) == value, "\(word)")
        }
        #expect(vader.wordCount == words.count)
        let licence = try String(contentsOf: folder.appendingPathComponent("LICENSE.txt"), encoding: .utf8)
        #expect(licence.contains("MIT License") && licence.contains("C.J. Hutto"))
    }

    /// The reference run again: when Python finds vaderSentiment (installed, or in
    /// .build/pydeps as .ci/run puts it), scripts/mood-reference.py must print expected.tsv.
    @Test(.enabled(if: Self.referenceInstalled, "Python has no vaderSentiment (pip install --target .build/pydeps vaderSentiment==3.3.2): skipped"))
    func theCheckedInScoresAreTheReferencesToday() throws {
        let printed = try Self.python(["scripts/mood-reference.py"])
        let file = try Data(contentsOf: Self.root.appendingPathComponent("fixtures/mood/expected.tsv"))
        #expect(printed == file, "scripts/mood-reference.py prints other scores than fixtures/mood/expected.tsv")
    }

    static let referenceInstalled: Bool = (try? python(["-c", "import vaderSentiment.vaderSentiment"])) != nil

    static func python(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        let deps = root.appendingPathComponent(".build/pydeps").path
        environment["PYTHONPATH"] = [deps, environment["PYTHONPATH"]].compactMap { $0 }.joined(separator: ":")
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw MoodTestError("python3 \(arguments) exited \(process.terminationStatus)") }
        return data
    }
}

struct MoodTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
