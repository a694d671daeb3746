import AlbumModel
import Foundation

/// Output for commands that work through many files (`exif`, `thumb`): the good ones are
/// printed, each bad one is reported, and the exit code says whether any failed.
extension Output {
    /// Prints `lines` with one write.
    static func text(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        Output.toStdout(Data((TerminalText.lines(lines.joined(separator: "\n")) + "\n").utf8))
    }

    /// Reports `failures` (one line each on stderr in human mode; JSON already carries them)
    /// and throws when there was any, so the process exits non-zero.
    static func finish(failures: [String], of total: Int, json: Bool) throws {
        guard !failures.isEmpty else { return }
        if total == 1 { throw AlbumError.invalidInput(failures[0]) }
        if !json {
            failures.forEach(Output.error)
        }
        throw AlbumError.invalidInput("\(failures.count) of \(total) files failed")
    }
}
