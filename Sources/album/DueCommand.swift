import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album due [--exec CMD] [--notify]`: deliver the reminders whose time has come, each once.
struct DueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due", abstract: "Deliver every reminder whose time has come, once; for cron or a systemd timer.",
        discussion: """
            Each due reminder is printed and marked delivered; a repeating one is scheduled again. Two runs at \
            the same moment deliver each reminder once. A reminder missed while the machine was off is delivered \
            on the next run, marked late; a repeating one is delivered once, not once per missed day.

            Printing only: a reminder is marked delivered in the same transaction that finds it due (exactly \
            once in the library), then printed.

            --exec and --notify are AT-LEAST-ONCE: the reminder is held while the command runs and marked \
            delivered only when it exits 0; a non-zero exit (or a time-out) keeps it due for the next run. If \
            this run is killed after the command ran but before the mark, the next run runs it again; \
            ALBUM_DELIVERY_ID is the same on every attempt, so a command can drop a repeat. The command gets \
            ALBUM_REMINDER_ID, _TEXT, _PIN, _DUE, _ZONE, _LATE, _MISSED, _SNOOZED, ALBUM_DELIVERY_ID, and the \
            reminder as JSON on stdin; its output goes to stderr.

            --notify offers three actions, and acts on the one chosen: Reply (a note entry about the reminder, \
            tagged "reminder", to write in the diary), Cancel (done: never again) and Remind me later (snoozed for \
            --snooze). notify-send waits for the answer, up to --timeout; a notification left unanswered counts as \
            shown. A notification daemon without actions shows it plainly.

            --install-timer prints a systemd user timer and service and a crontab line; it writes nothing. \
            A postgres:// library with a password goes in ~/.config/album-due.env, off the command line.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Run this shell command for each reminder.", valueName: "cmd")) var exec: String?
    @Flag(help: "Show each reminder with notify-send.") var notify = false
    @Option(help: ArgumentHelp("Stop a command that runs longer than this (seconds).", valueName: "s")) var timeout: Double = DueCommand.defaultTimeout
    @Option(help: ArgumentHelp("How long a notification's \"Remind me later\" waits (10m, 2h, 1d).", valueName: "duration"))
    var snooze = DueCommand.defaultSnooze
    @Flag(name: .customLong("install-timer"), help: "Print a systemd user timer and service and a crontab line; write nothing.")
    var installTimer = false

    /// The defaults of --timeout and --snooze (`HotCommand` makes a plain `album due` with them).
    static let defaultTimeout: Double = 60
    static let defaultSnooze = "10m"

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout \(timeout) must be in (0, 3600]") }
        if let exec, exec.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--exec is empty") }
        _ = try snoozeSeconds()
    }

    func snoozeSeconds() throws -> TimeInterval {
        try validation { () throws(AlbumError) in try DurationText.seconds(snooze, option: "--snooze") }
    }

    func run() async throws {
        if installTimer { return Output.text(try DueTimer(global, exec: exec, notify: notify).lines) }
        var notifySend: String?
        if notify {
            guard let found = DueOptions.findNotifySend() else {
                throw AlbumError.invalidInput(
                    "--notify needs notify-send, which is not on PATH (Debian: apt-get install libnotify-bin); nothing was delivered")
            }
            notifySend = found
        }
        let now = try CommandClock.now()
        var options = DueOptions(exec: exec, notifySend: notifySend, timeoutSeconds: timeout) { DeliveryJSON.data($0, now: now) }
        options.snoozeSeconds = try snoozeSeconds()
        let outcome = try await global.withLibrary(.writing) { try await $0.deliverDue(now: now, options: options) }
        let answers = Dictionary(outcome.answers.map { ($0.delivery.deliveryId, ($0.answer, $0.outcome)) }, uniquingKeysWith: { a, _ in a })
        if global.json {
            try Output.json(outcome.delivered.map { d in
                DeliveryJSON(delivery: d, now: now, answer: answers[d.deliveryId].map { AnswerJSON(answer: $0.0, outcome: $0.1) })
            })
        } else {
            for d in outcome.delivered {
                Output.line(DeliveryJSON.text(d))
                if let (answer, result) = answers[d.deliveryId] { Output.line("  " + AnswerJSON.text(answer, result)) }
            }
        }
        for (d, answer, result) in outcome.answers {
            if case .failure(let error) = result {
                Output.toStderr(Data("album: reminder \(d.reminder.id): \(answer.label) not done: \(TerminalText.inline(error.description))\n".utf8))
            }
        }
        for failure in outcome.failed {
            Output.toStderr(Data("album: reminder \(failure.delivery.reminder.id) stays due: \(TerminalText.inline(failure.reason))\n".utf8))
        }
        if !outcome.failed.isEmpty {
            let n = outcome.failed.count
            throw AlbumError.source("\(n) reminder\(n == 1 ? "" : "s") not delivered (still due): \(outcome.failed[0].reason)")
        }
    }
}

/// The systemd user units and crontab line `album due --install-timer` prints.
struct DueTimer {
    /// The `--library` value of the command; nil when the library comes from `environmentFile`.
    let library: String?
    /// A PostgreSQL URL with a password goes in an environment file the user keeps private
    /// (`ALBUM_DATABASE_URL`), never on the command line (every user's `ps` shows it) nor in the
    /// unit (world-readable by default).
    let environmentFile: (path: String, url: String)?
    /// A shared library's `--files`, when the URL does not name its files folder.
    let files: String?
    /// Where cron appends the runs' output: the library folder, or a shared library's files folder.
    let log: String
    let exec: String?
    let notify: Bool

    /// Where a PostgreSQL URL with a password is kept, `~` for systemd (`%h`) and sh (`$HOME`).
    static let environmentPath = ".config/album-due.env"

    /// For the library the options name: a folder by its absolute path, a PostgreSQL library by
    /// its URL as given (`--library` or `ALBUM_DATABASE_URL`), or through the environment file
    /// when that URL holds a password.
    init(_ global: GlobalOptions, exec: String?, notify: Bool) throws {
        switch try global.location() {
        case .folder(let folder):
            (library, environmentFile, files, log) = (folder.path, nil, nil, folder.path + "/due.log")
        case .postgres(let location):
            let url = global.library ?? ProcessInfo.processInfo.environment["ALBUM_DATABASE_URL"] ?? location.description
            log = (location.files?.path ?? FileManager.default.currentDirectoryPath) + "/due.log"
            files = global.files == nil ? nil : location.files?.path  // absolute: cron starts in $HOME
            if location.password == nil {
                (library, environmentFile) = (url, nil)
            } else {
                (library, environmentFile) = (nil, (Self.environmentPath, url))
            }
        }
        self.exec = exec
        self.notify = notify
    }

    var command: String {
        var parts = [Self.binary, "due"]
        if let library { parts += ["--library", Self.quote(library)] }
        if let files { parts += ["--files", Self.quote(files)] }
        if let exec { parts += ["--exec", Self.quote(exec)] }
        if notify { parts.append("--notify") }
        return parts.joined(separator: " ")
    }

    var lines: [String] {
        var secret: [String] = []
        if let environmentFile {
            secret = [
                "# ~/\(environmentFile.path)  (the database password: chmod 600 ~/\(environmentFile.path))",
                "ALBUM_DATABASE_URL=\(Self.quote(environmentFile.url))",
                "",
            ]
        }
        return secret + [
            "# ~/.config/systemd/user/album-due.service",
            "[Unit]",
            "Description=GeoAlbum: deliver due reminders",
            "",
            "[Service]",
            "Type=oneshot",
        ] + (environmentFile.map { ["EnvironmentFile=%h/\($0.path)"] } ?? []) + [
            "ExecStart=\(command)",
            "",
            "# ~/.config/systemd/user/album-due.timer",
            "[Unit]",
            "Description=GeoAlbum: look for due reminders every minute",
            "",
            "[Timer]",
            "OnCalendar=*-*-* *:*:00",
            "AccuracySec=1s",
            "Persistent=true",
            "",
            "[Install]",
            "WantedBy=timers.target",
            "",
            "# then: systemctl --user daemon-reload && systemctl --user enable --now album-due.timer",
            "",
            "# or, with cron (crontab -e):",
        ] + (notify ? ["# (cron has no desktop session: put DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/UID/bus before the command)"] : [])
            + ["* * * * * \(environmentFile.map { "set -a && . \"$HOME/\($0.path)\" && " } ?? "")\(command) >>\(Self.quote(log)) 2>&1"]
    }

    /// This executable's absolute path.
    static var binary: String {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        return quote(exe.isEmpty ? CommandLine.arguments[0] : exe)
    }

    /// Single-quoted for sh (and systemd) when it needs quoting.
    static func quote(_ s: String) -> String {
        let plain = s.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:=@,".contains($0) }
        return plain && !s.isEmpty ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
