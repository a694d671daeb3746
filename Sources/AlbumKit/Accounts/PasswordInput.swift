import AlbumModel
import Foundation

/// A password from the terminal (typed twice with echo off, when `confirming`) or, when stdin is
/// not a terminal, the first line of stdin: never from an argument, which `ps` and the shell's
/// history would show.
public enum PasswordInput {
    /// - Throws: `AlbumError.invalidInput` when nothing is given or the two typings differ.
    public static func read(prompt: String, confirming: Bool) throws(AlbumError) -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = readLine(strippingNewline: true) else {
                throw .invalidInput("no password on stdin: type it at the terminal or pipe one line")
            }
            let password = line.hasSuffix("\r") ? String(line.dropLast()) : line
            guard !password.isEmpty else { throw .invalidInput("the password on stdin is empty") }
            return password
        }
        let first = try typed(prompt)
        if confirming, try typed("again: ") != first { throw .invalidInput("the two passwords differ") }
        return first
    }

    /// One line typed at the terminal with echo off (restored even when reading fails).
    private static func typed(_ prompt: String) throws(AlbumError) -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        let line = readLine(strippingNewline: true)
        if canHide { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
        FileHandle.standardError.write(Data("\n".utf8))
        guard let line, !line.isEmpty else { throw .invalidInput("no password typed") }
        return line
    }
}
