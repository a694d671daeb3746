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
        signal(SIGPIPE, SIG_IGN)  // a command that exits without reading stdin must not kill album
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.standardError
        process.standardError = FileHandle.standardError
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            return "cannot start \(executable): \(error.localizedDescription)"
        }
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
            return "timed out after \(Int(timeout)) s"
        }
        if process.terminationReason == .uncaughtSignal { return "killed by signal \(process.terminationStatus)" }
        return process.terminationStatus == 0 ? nil : "exit status \(process.terminationStatus)"
    }
}
