import AlbumModel
import Foundation

/// The system's IANA zone: `TZ` when it names one, else the target of /etc/localtime, else UTC.
public enum SystemZone {
    /// - Parameters:
    ///   - environment: where `TZ` is read (injected by tests).
    ///   - localtime: the zone file link to follow.
    public static func identifier(
        environment: [String: String] = ProcessInfo.processInfo.environment, localtime: String = "/etc/localtime"
    ) -> String {
        if var tz = environment["TZ"], !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if let name = zoneName(fromPath: tz) ?? (isKnown(tz) ? tz : nil) { return name }
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime),
           let name = zoneName(fromPath: target) {
            return name
        }
        let current = TimeZone.current.identifier
        return isKnown(current) ? current : "UTC"
    }

    /// `Europe/Berlin` from `/usr/share/zoneinfo/Europe/Berlin` (or `../usr/share/zoneinfo/…`).
    private static func zoneName(fromPath path: String) -> String? {
        guard let range = path.range(of: "zoneinfo/") else { return nil }
        var name = String(path[range.upperBound...])
        for prefix in ["posix/", "right/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        if name == "Etc/UTC" || name == "Etc/UCT" || name == "UCT" || name == "Zulu" || name == "Etc/Zulu" { return "UTC" }
        return isKnown(name) ? name : nil
    }

    private static func isKnown(_ name: String) -> Bool { (try? TimeZone.iana(name)) != nil }
}
