import AlbumFiles
import AlbumCards
import AlbumImaging
import AlbumModel
import AlbumSeam
import Foundation

/// Chooses the collage of a summary card: photos that cover the period, spread over its days
/// and places rather than its first photos.
public enum CollagePlanner {
    /// `candidates` in time order, a few per (local day, pin). Groups are taken evenly over the
    /// period (one photo each) while there are more groups than tiles; otherwise every group
    /// gives its first photo, then its second, and so on. The chosen photos come back in that
    /// order of preference (the first `n` of them cover the period as well as `n` can).
    public static func choose(_ candidates: [PhotoEntry], count: Int) -> [PhotoEntry] {
        // Groups in the order they first appear, found by key (a linear search of the keys made
        // this quadratic: 100,000 photos in a year took minutes in a debug build).
        var groups: [[PhotoEntry]] = []
        var index: [String: Int] = [:]
        for photo in candidates {
            let key = "\(photo.localDate?.description ?? "")|\(photo.pinId ?? 0)"
            if let i = index[key] { groups[i].append(photo); continue }
            index[key] = groups.count
            groups.append([photo])
        }
        var chosen: [PhotoEntry] = []
        if groups.count >= count {
            for i in 0..<count { chosen.append(groups[i * groups.count / count][0]) }
        } else {
            var round = 0
            while chosen.count < count {
                var added = false
                for group in groups where round < group.count && chosen.count < count {
                    chosen.append(group[round])
                    added = true
                }
                if !added { break }
                round += 1
            }
        }
        return chosen
    }

    /// Photos in time order (local day, then capture time, then id).
    public static func inTimeOrder(_ photos: [PhotoEntry]) -> [PhotoEntry] {
        photos.sorted { ($0.localDate?.description ?? "", $0.takenAt ?? "", $0.id) < ($1.localDate?.description ?? "", $1.takenAt ?? "", $1.id) }
    }
}

/// The summary card's colours (light or dark), named for the modules above AlbumCore.
public typealias CardTheme = SummaryCard.Theme

extension Library {
    /// Draws the summary's card and writes it to `file` atomically (a temporary file in the same
    /// folder, then a rename): a failure leaves no partial file. The collage's photos come from
    /// the store; decoding and drawing run on the blocking pool. Replaces an existing file (the
    /// server's own cache); a path the user names goes through `writeCard(_:to:width:)` with an
    /// `OutputFile`.
    /// - Throws: `AlbumError.io` naming the path when its folder is missing or not writable.
    public func writeCard(_ summary: Summary, to file: URL, width: Int = 1080, theme: CardTheme = .light) async throws(AlbumError) {
        try await writeCard(summary, to: OutputFile(file, replacing: true), width: width, theme: theme)
    }

    /// Draws the summary's card and writes it by the rule of every user-named file (`OutputFile`):
    /// checked before drawing (an existing file without --force, a path inside the library are
    /// refused), written to a temporary file beside it and renamed.
    /// - Throws: `AlbumError.io` naming the path when its folder is missing or not writable;
    ///   `.invalidInput` for a path the rule refuses.
    public func writeCard(_ summary: Summary, to output: OutputFile, width: Int = 1080, theme: CardTheme = .light) async throws(AlbumError) {
        try Self.checkCardTarget(output)
        let candidates = try await store.collageCandidates(from: summary.from, to: summary.to, perGroup: SummaryCard.collageSize)
        try await makeCollageThumbnails(candidates)
        try await BlockingPool.shared.run { () throws(AlbumError) in
            let png = try SummaryCard.png(self.cardContent(summary, candidates: candidates), width: width, theme: theme)
            try output.write(png)
        }
    }

    /// A card's file can be written: its folder exists and is writable, and the file is new
    /// (or may be replaced).
    static func checkCardTarget(_ output: OutputFile) throws(AlbumError) {
        let file = output.url.standardizedFileURL
        let folder = file.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .io("cannot write card \(file.path): folder \(folder.path) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw .io("cannot write card \(file.path): folder \(folder.path) is not writable")
        }
        try output.check()
    }

    /// The collage's thumbnails that a lazy fetch or import left for later are made now
    /// (decision 0072); one that cannot be made leaves its place to the next photo.
    func makeCollageThumbnails(_ candidates: [PhotoEntry]) async throws(AlbumError) {
        for entry in CollagePlanner.choose(candidates, count: SummaryCard.collageSize * 2) {
            guard let path = entry.thumbnail, !FileManager.default.fileExists(atPath: url(forStoredPath: path).path),
                  let photo = try await store.photo(id: entry.id)
            else { continue }
            _ = try? await thumbnailFile(of: photo)
        }
    }

    /// The collage: up to `SummaryCard.collageSize` thumbnails chosen from `candidates`, in time
    /// order (a thumbnail that is gone or unreadable leaves its place to the next photo).
    func collageTiles(_ candidates: [PhotoEntry]) -> [PixelImage] {
        var chosen: [(photo: PhotoEntry, image: PixelImage)] = []
        for photo in CollagePlanner.choose(candidates, count: SummaryCard.collageSize * 2) where chosen.count < SummaryCard.collageSize {
            guard let path = photo.thumbnail,
                  let data = FileManager.default.contents(atPath: url(forStoredPath: path).path),
                  let image = try? JPEGCodec.decode(data, maxPixels: 4_000_000)
            else { continue }
            chosen.append((photo, image))
        }
        let order = CollagePlanner.inTimeOrder(chosen.map(\.photo)).map(\.id)
        return order.compactMap { id in chosen.first { $0.photo.id == id }?.image }
    }

    /// What the card of a summary shows, its collage chosen from `candidates`
    /// (`MemoryStore.collageCandidates`).
    func cardContent(_ summary: Summary, candidates: [PhotoEntry]) -> CardContent {
        let tiles = collageTiles(candidates)
        let places = summary.places == 1 ? "1 place" : "\(summary.places) places"
        let photos = summary.photos == 1 ? "1 photo" : "\(summary.photos) photos"
        var subtitle = "\(photos) at \(places)"
        if summary.newPlaces > 0 { subtitle += ", \(summary.newPlaces) new" }
        if let percent = summary.change.photosPercent {
            subtitle += String(format: " · %@%.0f%% vs %@", percent >= 0 ? "+" : "", percent, summary.previous.key)
        }
        let labels: [(index: Int, text: String)]
        let n = summary.series.count
        if summary.seriesBy == .day {
            labels = [0, n / 2, n - 1].map { ($0, String(summary.series[$0].key.suffix(2))) }
        } else {
            labels = [0, 3, 6, 9, 11].map { ($0, String(LocalPeriod.monthNames[$0].prefix(3))) }
        }
        var footer = ""
        if let busiest = summary.busiestDay {
            footer = "busiest day \(busiest.date): \(busiest.photos) photo\(busiest.photos == 1 ? "" : "s")"
        }
        // The voice diary's moods (issue 32): how the period's notes and clips felt.
        let moods = summary.entries.moods
        if moods.total > 0 {
            footer += (footer.isEmpty ? "" : " · ") + "moods \(moods.positive) positive, \(moods.neutral) neutral, \(moods.negative) negative"
        }
        var card = CardContent(
            title: summary.title, subtitle: subtitle,
            numbers: [
                ("\(summary.photos)", "photos"), ("\(summary.places)", summary.places == 1 ? "place" : "places"),
                ("\(summary.activeDays)", summary.activeDays == 1 ? "active day" : "active days"),
                (Self.kilometres(summary.distanceKm), "km between places"),
            ],
            bars: summary.series.map(\.photos), barLabels: labels, tiles: tiles, footer: footer,
            emptyMessage: summary.photos == 0 ? "No photos in \(summary.title)" : nil)
        // Issue 26: the music line and the notes' word cloud, when the period has songs and notes.
        card.music = Self.musicLine(summary.entries)
        card.words = summary.entries.words.prefix(24).map { ($0.name, $0.count) }
        return card
    }

    /// `♪ Miles Davis (2), John Coltrane · top song So What (2)`: the top artists and song, nil
    /// without songs.
    static func musicLine(_ entries: EntrySummary) -> String? {
        guard entries.songs > 0, !entries.topArtists.isEmpty else { return nil }
        let artists = entries.topArtists.prefix(3).map { $0.count > 1 ? "\($0.name) (\($0.count))" : $0.name }
        var line = "♪ " + artists.joined(separator: ", ")
        if let song = entries.topSongs.first { line += " · top song \(song.name)" + (song.count > 1 ? " (\(song.count))" : "") }
        return line
    }

    static func kilometres(_ km: Double) -> String {
        km >= 100 ? String(format: "%.0f", km) : String(format: "%.1f", km)
    }
}
