import AlbumAudio
import AlbumModel
import Foundation
import Synchronization

/// What turns a clip's 16 kHz samples into text (issue 32): the built-in PocketSphinx, or any
/// command that reads a sound file and prints its text (whisper.cpp, say), under a time limit.
public enum Transcriber: Sendable, Hashable {
    case pocketSphinx(modelFolder: String)
    /// Run by `/bin/sh -c 'COMMAND "$1"'` with a 16 kHz mono WAV file as `$1`; its standard
    /// output is the text; killed after `timeout` seconds.
    case command(String, timeout: TimeInterval)

    /// The environment variable that names a command when `--transcriber` does not (the setting).
    public static let settingName = "ALBUM_TRANSCRIBER"
    public static let defaultTimeout: TimeInterval = 300

    public static let builtIn = Transcriber.pocketSphinx(modelFolder: PocketSphinx.defaultModelFolder)

    /// `--transcriber`, else `ALBUM_TRANSCRIBER`, else PocketSphinx.
    /// - Throws: `.invalidInput` for an empty command or a time limit out of 1…3600 s.
    public static func chosen(command: String?, timeout: TimeInterval?, environment: [String: String]) throws(AlbumError) -> Transcriber {
        let timeout = timeout ?? defaultTimeout
        guard (1...3600).contains(timeout) else { throw .invalidInput("--timeout \(Int(timeout)) must be between 1 and 3600 seconds") }
        let named = command ?? environment[settingName]
        guard let named else { return builtIn }
        let trimmed = named.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidInput("--transcriber is empty: name a command that reads a sound file and prints its text") }
        if trimmed == "pocketsphinx" { return builtIn }
        return .command(trimmed, timeout: timeout)
    }

    /// How the queue names this engine.
    public var name: String {
        switch self {
        case .pocketSphinx: "pocketsphinx"
        case .command(let command, _): command
        }
    }

    /// Fails early when the engine cannot run at all (a missing library or model).
    public func check() throws(AlbumError) {
        if case .pocketSphinx(let folder) = self { try PocketSphinx(modelFolder: folder).check() }
    }

    /// The text of the clip at `url` (decoded and resampled here, outside any transaction).
    /// - Throws: `.invalidInput` with the reason (the clip does not decode, the command failed or
    ///   timed out), `.io` when a library is missing.
    public func transcribe(_ url: URL) throws(AlbumError) -> String {
        let samples = try Speech.samples(of: url)
        switch self {
        case .pocketSphinx(let folder):
            return try PocketSphinx(modelFolder: folder).transcribe(samples)
        case .command(let command, let timeout):
            let wav = TranscriberFiles.next()
            do { try Speech.wav(samples).write(to: wav) } catch { throw .io("cannot write \(wav.path): \(error.localizedDescription)") }
            defer { try? FileManager.default.removeItem(at: wav) }
            return try TranscriberCommand.run(command, file: wav.path, timeout: timeout)
        }
    }
}

/// The WAV files handed to `--transcriber` commands: `album-transcribe-PID-UUID.wav` in the
/// temporary folder, removed once the command is done. A process killed meanwhile (kill -9, a
/// worker stopped hard) cannot remove its file: the next process that transcribes removes the
/// files of processes that are gone (and, once an hour old, those named by older `album`s,
/// without a process id).
enum TranscriberFiles {
    static let prefix = "album-transcribe-"

    /// A new file's URL (not created); the first call in a process sweeps what dead ones left.
    static func next(folder: URL = FileManager.default.temporaryDirectory) -> URL {
        swept.withLock { done in
            if !done { sweep(folder) }
            done = true
        }
        return folder.appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString).wav")
    }

    private static let swept = Mutex(false)

    /// Removes the files in `folder` whose process is gone.
    static func sweep(_ folder: URL, now: Date = Date()) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".wav") {
            let path = folder.appendingPathComponent(name).path
            let owner = name.dropFirst(prefix.count).split(separator: "-", maxSplits: 1).first.flatMap { Int32($0) }
            let gone: Bool
            if let owner, owner > 0 {
                gone = kill(owner, 0) != 0 && errno == ESRCH
            } else {
                let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? now
                gone = now.timeIntervalSince(modified) > 3600
            }
            if gone { unlink(path) }
        }
    }
}

/// Runs a `--transcriber` command and reads what it prints.
enum TranscriberCommand {
    static func run(_ command: String, file: String, timeout: TimeInterval) throws(AlbumError) -> String {
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "album-transcriber", file]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch { throw .invalidInput("cannot start the transcriber '\(command)': \(error.localizedDescription)") }
        // Both pipes are read on their own threads: a command that prints much never blocks.
        let output = PipeReader(out), errors = PipeReader(err)
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            kill(-process.processIdentifier, SIGKILL)
            process.terminate()
            if finished.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
            throw .invalidInput("the transcriber '\(command)' timed out after \(Int(timeout)) s")
        }
        let text = String(decoding: output.wait(), as: UTF8.self)
        let message = String(decoding: errors.wait(), as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        if process.terminationReason == .uncaughtSignal {
            throw .invalidInput("the transcriber '\(command)' was killed by signal \(process.terminationStatus)")
        }
        guard process.terminationStatus == 0 else {
            throw .invalidInput("the transcriber '\(command)' exited \(process.terminationStatus)\(message.isEmpty ? "" : ": \(message)")")
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}

/// Reads a pipe to its end on a thread of its own.
final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
