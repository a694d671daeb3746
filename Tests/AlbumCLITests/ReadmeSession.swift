import Foundation
import TestSupport

/// One ```console block of README.md: where it is, the library it names, and its commands with
/// the output each is shown to print.
struct ReadmeBlock: Sendable, CustomStringConvertible {
    /// 1-based: the n-th console block of the README.
    let number: Int
    /// The README line of the opening ```console fence.
    let line: Int
    /// The path of `$ export ALBUM_LIBRARY=…` (the block's first line), or nil when it has none.
    let library: String?
    let commands: [ReadmeCommand]

    var description: String { "console block \(number) (README.md line \(line))" }
}

/// A `$ …` line and the lines shown under it.
struct ReadmeCommand: Sendable {
    /// The README line of the `$` line.
    let line: Int
    /// The command as written, without `$ ` and without its `#` comment.
    let text: String
    /// The lines shown under it, up to the next `$` line or the end of the block.
    let expected: [String]
}

/// Reading README.md's console blocks, and matching output against what a block shows.
enum ReadmeSession {
    static var readme: URL { Fixtures.repositoryRoot.appendingPathComponent("README.md") }

    /// Every ```console block of the README, in order.
    static func blocks(of text: String) -> [ReadmeBlock] {
        var blocks: [ReadmeBlock] = []
        var current: (line: Int, lines: [(Int, String)])?
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : raw
            if let open = current {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    blocks.append(block(number: blocks.count + 1, line: open.line, lines: open.lines))
                    current = nil
                } else {
                    current?.lines.append((index + 1, line))
                }
            } else if line.trimmingCharacters(in: .whitespaces) == "```console" {
                current = (index + 1, [])
            }
        }
        if let open = current {  // an unclosed block still runs (and fails on its own merits)
            blocks.append(block(number: blocks.count + 1, line: open.line, lines: open.lines))
        }
        return blocks
    }

    static func blocks() -> [ReadmeBlock] {
        (try? String(contentsOf: readme, encoding: .utf8)).map { blocks(of: $0) } ?? []
    }

    private static func block(number: Int, line: Int, lines: [(Int, String)]) -> ReadmeBlock {
        var commands: [ReadmeCommand] = []
        var pending: (line: Int, text: String, expected: [String])?
        for (number, text) in lines {
            if text.hasPrefix("$ ") {
                if let p = pending { commands.append(ReadmeCommand(line: p.line, text: p.text, expected: p.expected)) }
                pending = (number, withoutComment(String(text.dropFirst(2))), [])
            } else if pending != nil {
                pending?.expected.append(text)
            } else {
                // Output before any command: kept as a command that cannot run, so the test names it.
                pending = (number, "", [text])
            }
        }
        if let p = pending { commands.append(ReadmeCommand(line: p.line, text: p.text, expected: p.expected)) }
        var library: String?
        if let first = commands.first, let words = try? words(first.text), words.count == 2, words[0] == "export",
            words[1].hasPrefix("ALBUM_LIBRARY=")
        {
            library = String(words[1].dropFirst("ALBUM_LIBRARY=".count))
        }
        return ReadmeBlock(number: number, line: line, library: library, commands: commands)
    }

    /// The command without a trailing `# comment` (a `#` that starts a word outside quotes) and
    /// without trailing spaces.
    static func withoutComment(_ text: String) -> String {
        var quote: Character?
        var previous: Character = " "
        var escaped = false
        for index in text.indices {
            let c = text[index]
            defer { previous = c }
            if escaped { escaped = false; continue }
            if c == "\\" && quote != "'" { escaped = true; continue }
            if let q = quote {
                if c == q { quote = nil }
                continue
            }
            if c == "'" || c == "\"" { quote = c; continue }
            if c == "#" && previous.isWhitespace {
                return String(text[..<index]).trimmingCharacters(in: .whitespaces)
            }
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Why a command line cannot be split into words.
    struct SyntaxError: Error, CustomStringConvertible { let description: String }

    /// Splits a command line as a POSIX shell would for simple commands: words separated by
    /// blanks, '…' and "…" quoting, backslash escapes, `$NAME` and `${NAME}` from `variables`.
    /// Pipes, redirections, `;`, `&`, globs and `~` are refused: the README shows commands, not scripts.
    static func words(_ text: String, variables: [String: String] = [:]) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var chars = Array(text)[...]
        func variable() throws -> String {
            var name = ""
            if chars.first == "{" {
                chars.removeFirst()
                while let c = chars.first, c != "}" { name.append(c); chars.removeFirst() }
                guard chars.first == "}" else { throw SyntaxError(description: "unclosed ${ in `\(text)`") }
                chars.removeFirst()
            } else {
                while let c = chars.first, c.isLetter || c.isNumber || c == "_" { name.append(c); chars.removeFirst() }
            }
            guard !name.isEmpty else { return "$" }
            guard let value = variables[name] else { throw SyntaxError(description: "$\(name) is not set in the block") }
            return value
        }
        while let c = chars.popFirst() {
            switch (quote, c) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                word.append(c)
            case ("\"", "\\"):
                if let next = chars.popFirst() {
                    if !"$`\"\\".contains(next) { word.append("\\") }
                    word.append(next)
                }
            case ("\"", "$"):
                word += try variable()
            case ("\"", _):
                word.append(c)
            case (_, "'"), (_, "\""):
                quote = c
                inWord = true
            case (_, "\\"):
                if let next = chars.popFirst() { word.append(next) }
                inWord = true
            case (_, "$"):
                word += try variable()
                inWord = true
            case (_, _) where c == " " || c == "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case (_, _) where "|<>;&`*?~(){}".contains(c):
                throw SyntaxError(description: "`\(c)` in `\(text)`: a README command is one simple command")
            default:
                word.append(c)
                inWord = true
            }
        }
        guard quote == nil else { throw SyntaxError(description: "unclosed \(quote!) in `\(text)`") }
        if inWord { words.append(word) }
        return words
    }
}

/// Matching output lines against the lines a README block shows, where `…` stands for anything.
struct OutputMatch {
    let expected: [String]
    let actual: [String]

    /// Where the match failed: the first expected line that could not be matched, and the actual
    /// line it was compared with (nil past the end of either).
    struct Mismatch: Equatable {
        let expectedLine: Int?
        let actualLine: Int?
    }

    /// nil when `actual` matches `expected`.
    func mismatch() -> Mismatch? {
        var memo: [Int: Bool] = [:]
        var deepest = (e: 0, a: 0)
        func match(_ e: Int, _ a: Int) -> Bool {
            let key = e * (actual.count + 1) + a
            if let known = memo[key] { return known }
            if (e, a) > deepest { deepest = (e, a) }
            let result: Bool
            if e == expected.count {
                result = a == actual.count
            } else if expected[e].trimmingCharacters(in: .whitespaces) == "…" {
                result = match(e + 1, a) || (a < actual.count && match(e, a + 1))
            } else {
                result = a < actual.count && Self.line(actual[a], matches: expected[e]) && match(e + 1, a + 1)
            }
            memo[key] = result
            return result
        }
        if match(0, 0) { return nil }
        // Report the furthest point reached, skipping over a `…` line to the line after it.
        var e = deepest.e
        while e < expected.count && expected[e].trimmingCharacters(in: .whitespaces) == "…" { e += 1 }
        return Mismatch(expectedLine: e < expected.count ? e : nil, actualLine: deepest.a < actual.count ? deepest.a : nil)
    }

    /// True when `line` is `pattern`, where each `…` in the pattern stands for any text.
    static func line(_ line: String, matches pattern: String) -> Bool {
        let parts = pattern.components(separatedBy: "…")
        guard parts.count > 1 else { return line == pattern }
        let (head, tail) = (parts[0], parts[parts.count - 1])
        // A line shorter than its fixed start and end together cannot match (they may not overlap).
        guard line.count >= head.count + tail.count, line.hasPrefix(head), line.hasSuffix(tail) else { return false }
        var rest = Substring(line).dropFirst(head.count).dropLast(tail.count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
