import Foundation

/// Runs one delivery command (`--exec`, `notify-send`) to its end, within a time limit.
enum CommandRunner {
    /// Runs `executable` with `arguments`, writes `stdin` to it, and waits. Its stdout and stderr
    /// go to this process's stderr, so `album due --json` keeps one JSON document on stdout.
    /// - Returns: nil when it exited 0; else why not (`exit status 3`, `killed by signal 9`,
    ///   `timed out after 60 s`, or why it could not start).
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], stdin: Data, timeout: TimeInterval
    ) -> String? {
        run(executable, arguments, environment: environment, stdin: stdin, timeout: timeout, capturing: false).failure
    }

    /// How a command ended.
    struct Ending {
        /// nil when it exited 0; else why not.
        var failure: String?
        /// Stopped because it ran past the time limit.
        var timedOut = false
        /// Its stdout, when captured (else it went to this process's stderr).
        var output = ""
    }

    /// As `run`, with its stdout captured when `capturing` (`notify-send --action` prints the
    /// action chosen there).
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], stdin: Data, timeout: TimeInterval,
        capturing: Bool
    ) -> Ending {
        signal(SIGPIPE, SIG_IGN)  // a command that exits without reading stdin must not kill album
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = capturing ? output : FileHandle.standardError
        process.standardError = FileHandle.standardError
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            return Ending(failure: "cannot start \(executable): \(error.localizedDescription)")
        }
        // Read its stdout to the end on another thread, so a full pipe never blocks it.
        let captured = CapturedOutput()
        let reader = Thread {
            if capturing { captured.set(output.fileHandleForReading.readDataToEndOfFile()) }
            captured.finished.signal()
        }
        reader.start()
        // A command that does not read its stdin must not block us: write from another thread,
        // ignoring a closed pipe.
        let writer = Thread {
            try? input.fileHandleForWriting.write(contentsOf: stdin)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            if finished.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
            return Ending(failure: "timed out after \(Int(timeout)) s", timedOut: true)
        }
        _ = captured.finished.wait(timeout: .now() + 5)  // a child that kept its stdout open
        let text = String(decoding: captured.get(), as: UTF8.self)
        if process.terminationReason == .uncaughtSignal { return Ending(failure: "killed by signal \(process.terminationStatus)", output: text) }
        return Ending(failure: process.terminationStatus == 0 ? nil : "exit status \(process.terminationStatus)", output: text)
    }
}

/// A command's stdout, handed from the thread that reads it.
private final class CapturedOutput: @unchecked Sendable {
    let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var data = Data()

    func set(_ d: Data) { lock.withLock { data = d } }
    func get() -> Data { lock.withLock { data } }
}
