import AlbumModel

/// The conditions a `PhotoFilter` puts on the photo `p` (its pin joined or not), written once for
/// both stores: `?` placeholders (SQLite binds them in order; PostgreSQL numbers them `$1`, `$2`,
/// …) and the tables both stores have (`photo_tags`, `pin_tags`, `photos.local_date`).
public struct PhotoFilterSQL: Sendable {
    /// A value bound to one `?`.
    public enum Value: Sendable, Hashable {
        case text(String)
        case integer(Int64)
    }

    /// Always at least `true`, joined with `AND`.
    public let sql: String
    public let arguments: [Value]

    public init(_ filter: PhotoFilter) {
        var parts = ["true"]
        var arguments: [Value] = []
        if let from = filter.from {
            parts.append("p.local_date >= ?")
            arguments.append(.text(from.description))
        }
        if let to = filter.to {
            parts.append("p.local_date <= ?")
            arguments.append(.text(to.description))
        }
        if let pin = filter.pinId {
            parts.append("p.pin_id = ?")
            arguments.append(.integer(pin))
        }
        if let tag = filter.tag {
            parts.append("""
                (EXISTS (SELECT 1 FROM photo_tags t WHERE t.photo_id = p.id AND t.tag = ?)
                 OR EXISTS (SELECT 1 FROM pin_tags t WHERE t.pin_id = p.pin_id AND t.tag = ?))
                """)
            arguments += [.text(tag.value), .text(tag.value)]
        }
        if let source = filter.source {
            // `bundle` selects every bundle (`bundle:/path`); a full name selects one.
            parts.append("(p.source = ? OR p.source LIKE ? ESCAPE '\\')")
            arguments += [.text(source), .text(Self.likeEscaped(source) + ":%")]
        }
        if let asOf = filter.asOf {
            parts.append("p.id <= ?")
            arguments.append(.integer(asOf))
        }
        sql = parts.joined(separator: " AND ")
        self.arguments = arguments
    }

    static func likeEscaped(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }
}
