import Foundation

/// Names a running process as `pid:start-ticks`, so a claim left by a dead process is told apart
/// from one held by a live process (even when the pid has been reused).
public enum ProcessToken {
    /// This process's token.
    public static let current: String = token(pid: getpid()) ?? "\(getpid()):0"

    /// Whether the process a token names is still running.
    public static func isAlive(_ token: String) -> Bool {
        let parts = token.split(separator: ":")
        guard parts.count == 2, let pid = Int32(parts[0]) else { return false }
        return Self.token(pid: pid) == token
    }

    /// `pid:starttime` from /proc/PID/stat (field 22, clock ticks since boot).
    private static func token(pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name (which may hold spaces) start at field 3.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19 else { return nil }
        return "\(pid):\(fields[19])"
    }
}
