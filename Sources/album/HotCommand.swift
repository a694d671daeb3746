import ArgumentParser

/// The commands scripts and timers run over and over, parsed without argument-parser when they
/// are plain (issue 28, decision 0115): `album status` and `album due` (cron, every minute) with
/// only `--library DIR`, `--json` and `--user EMAIL`. The root parse walks the whole command tree
/// with reflection and runs the completion-script check twice, ~2.5 ms of CPU, a fifth of
/// `album status` on an empty library. Anything else (another option, a value that looks like an
/// option, an option given twice, `--`, help) returns nil, and the root parse does it, so help,
/// usage and every error read exactly as before.
enum HotCommand {
    /// `arguments` (without the program name) as a plain hot command, or nil.
    static func parse(_ arguments: [String]) -> (any AsyncParsableCommand)? {
        var library: String?, user: String?, json = false
        var command: String?
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            if command == nil, word == "status" || word == "due" {
                command = word
                i += 1
                continue
            }
            switch word {
            case "--json":
                guard !json else { return nil }
                json = true
                i += 1
            case "--library", "--user":
                // Before the command only the global options of `CommandLineOrder` stand (not --user).
                guard command != nil || word == "--library", i + 1 < arguments.count else { return nil }
                let value = arguments[i + 1]
                guard value.utf8.first != UInt8(ascii: "-") else { return nil }
                if word == "--library" {
                    guard library == nil else { return nil }
                    library = value
                } else {
                    guard user == nil else { return nil }
                    user = value
                }
                i += 2
            default:
                return nil
            }
        }
        var global = GlobalOptions()
        global.library = library
        global.json = json
        global.user = user
        global.files = nil
        global.leaseSeconds = GlobalOptions.defaultLeaseSeconds
        switch command {
        case "status":
            var status = StatusCommand()
            status.global = global
            return status
        case "due":
            var due = DueCommand()
            due.global = global
            due.exec = nil
            due.notify = false
            due.timeout = DueCommand.defaultTimeout
            due.snooze = DueCommand.defaultSnooze
            due.installTimer = false
            return due
        default:
            return nil
        }
    }
}
