import AlbumModel

/// A timeline page as the JSON contract has it (`album timeline --json`, `GET /api/entries`):
/// `{by, kinds, groups, page, pages, pageSize, total, asOf}`, each group `{key, from, to, count,
/// photos, entries, items}`: its photos (as before entries), its entries (`EntryJSON`), and
/// `items`, both in timeline order as `{kind, id}` (`kind` an entry's own: `place` for a check-in).
public struct TimelineJSON: Encodable, Sendable {
    public let page: TimelinePage
    public let kinds: TimelineKinds
    public let media: PhotoJSON.Media

    /// The photos as they are in `page` (made absolute or served by the caller); the entries'
    /// files by `media`.
    public init(_ page: TimelinePage, kinds: TimelineKinds, media: PhotoJSON.Media) {
        self.page = page
        self.kinds = kinds
        self.media = media
    }

    enum Key: String, CodingKey { case by, kinds, groups, page, pages, pageSize, total, asOf }

    /// One group. (Plain values, no nested containers: the server's streaming encoder hands
    /// those to `JSONEncoder`.)
    struct Group: Encodable {
        let group: TimelineGroup
        let media: PhotoJSON.Media
        enum Key: String, CodingKey { case key, from, to, count, photos, entries, items }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(group.key, forKey: .key)
            try c.encode(group.from, forKey: .from)
            try c.encode(group.to, forKey: .to)
            try c.encode(group.count, forKey: .count)
            try c.encode(group.photos, forKey: .photos)
            try c.encode(group.entries.map { EntryJSON(entry: $0, media: media) }, forKey: .entries)
            try c.encode(group.items.map(Item.init), forKey: .items)
        }
    }

    /// `{kind, id}`: `photo`, or the entry's own kind.
    struct Item: Encodable {
        let kind: String
        let id: Int64

        init(_ item: TimelineItem) {
            switch item {
            case .photo(let photo): (kind, id) = ("photo", photo.id)
            case .entry(let entry): (kind, id) = (entry.kind.rawValue, entry.id)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(page.by, forKey: .by)
        try c.encode(kinds.listed, forKey: .kinds)
        try c.encode(page.groups.map { Group(group: $0, media: media) }, forKey: .groups)
        try c.encode(page.page, forKey: .page)
        try c.encode(page.pages, forKey: .pages)
        try c.encode(page.pageSize, forKey: .pageSize)
        try c.encode(page.total, forKey: .total)
        try c.encode(page.asOf, forKey: .asOf)
    }
}
