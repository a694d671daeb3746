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
    enum GroupKey: String, CodingKey { case key, from, to, count, photos, entries, items }
    enum ItemKey: String, CodingKey { case kind, id }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(page.by, forKey: .by)
        try c.encode(kinds.listed, forKey: .kinds)
        var groups = c.nestedUnkeyedContainer(forKey: .groups)
        for group in page.groups {
            var g = groups.nestedContainer(keyedBy: GroupKey.self)
            try g.encode(group.key, forKey: .key)
            try g.encode(group.from, forKey: .from)
            try g.encode(group.to, forKey: .to)
            try g.encode(group.count, forKey: .count)
            try g.encode(group.photos, forKey: .photos)
            try g.encode(group.entries.map { EntryJSON(entry: $0, media: media) }, forKey: .entries)
            var items = g.nestedUnkeyedContainer(forKey: .items)
            for item in group.items {
                var i = items.nestedContainer(keyedBy: ItemKey.self)
                switch item {
                case .photo(let photo):
                    try i.encode("photo", forKey: .kind)
                    try i.encode(photo.id, forKey: .id)
                case .entry(let entry):
                    try i.encode(entry.kind.rawValue, forKey: .kind)
                    try i.encode(entry.id, forKey: .id)
                }
            }
        }
        try c.encode(page.page, forKey: .page)
        try c.encode(page.pages, forKey: .pages)
        try c.encode(page.pageSize, forKey: .pageSize)
        try c.encode(page.total, forKey: .total)
        try c.encode(page.asOf, forKey: .asOf)
    }
}
