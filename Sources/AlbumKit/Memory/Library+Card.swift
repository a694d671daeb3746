import AlbumFiles
import AlbumCards
import AlbumImaging
import AlbumModel
import AlbumSeam
import Foundation
import Synchronization

/// Asked between the photos of a card (choosing, making thumbnails, decoding, drawing): set when
/// the card is no longer wanted — the task drawing it was cancelled, or `also` says so (the
/// server is stopping). A card at 100,000 photos took minutes before `CollagePlanner.choose` was
/// made linear; `album serve` waited that long on SIGTERM (issue 27).
public final class CardStop: Sendable {
    private let flag = Atomic<Bool>(false)
    private let also: @Sendable () -> Bool
    public init(also: @escaping @Sendable () -> Bool = { false }) { self.also = also }
    /// Whether the card should be given up now.
    public var isSet: Bool { flag.load(ordering: .relaxed) || also() }
    public func set() { flag.store(true, ordering: .relaxed) }
    /// `AlbumError.io` naming what was stopped, when the flag is set.
    func check(_ what: String) throws(AlbumError) {
        if isSet { throw .io("\(what) stopped before it was drawn (cancelled)") }
    }

    /// Runs `body` with a stop flag that the calling task's cancellation also sets.
    static func run<T: Sendable>(
        also: @escaping @Sendable () -> Bool, _ body: (CardStop) async throws(AlbumError) -> T
    ) async throws(AlbumError) -> T {
        let stop = CardStop(also: also)
        let result: Result<T, AlbumError> = await withTaskCancellationHandler {
            do throws(AlbumError) { return .success(try await body(stop)) } catch { return .failure(error) }
        } onCancel: { stop.set() }
        return try result.get()
    }

    /// A pause at each collage photo, for the stop test only (`ALBUM_FAULT_CARD_PHOTO_MS`): a
    /// stand-in for a huge library's slow card that the test can afford. Not interruptible.
    static let faultPause: UInt32 = UInt32(ProcessInfo.processInfo.environment["ALBUM_FAULT_CARD_PHOTO_MS"] ?? "") ?? 0
}

/// Chooses the collage of a summary card: photos that cover the period, spread over its days
/// and places rather than its first photos.
public enum CollagePlanner {
    /// `candidates` in time order, a few per (local day, pin). Groups are taken evenly over the
    /// period (one photo each) while there are more groups than tiles; otherwise every group
    /// gives its first photo, then its second, and so on. The chosen photos come back in that
    /// order of preference (the first `n` of them cover the period as well as `n` can).
    /// A `stop` that is set ends the choice early (what was chosen so far comes back).
    public static func choose(_ candidates: [PhotoEntry], count: Int, stop: CardStop? = nil) -> [PhotoEntry] {
        // Groups in the order they first appear, found by key (a linear search of the keys made
        // this quadratic: 100,000 photos in a year took minutes in a debug build).
        var groups: [[PhotoEntry]] = []
        var index: [String: Int] = [:]
        for (n, photo) in candidates.enumerated() {
            if n & 1023 == 1023, let stop, stop.isSet { return [] }
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
    /// - Parameter stopped: asked between photos with the task's cancellation: true gives the
    ///   card up (`AlbumError.io`, no file), e.g. when the server stops.
    public func writeCard(
        _ summary: Summary, to file: URL, width: Int = 1080, theme: CardTheme = .light, stopped: @escaping @Sendable () -> Bool = { false }
    ) async throws(AlbumError) {
        try await writeCard(summary, to: OutputFile(file, replacing: true), width: width, theme: theme, stopped: stopped)
    }

    /// Draws the summary's card and writes it by the rule of every user-named file (`OutputFile`):
    /// checked before drawing (an existing file without --force, a path inside the library are
    /// refused), written to a temporary file beside it and renamed.
    /// - Throws: `AlbumError.io` naming the path when its folder is missing or not writable;
    ///   `.invalidInput` for a path the rule refuses.
    public func writeCard(
        _ summary: Summary, to output: OutputFile, width: Int = 1080, theme: CardTheme = .light, stopped: @escaping @Sendable () -> Bool = { false }
    ) async throws(AlbumError) {
        try Self.checkCardTarget(output)
        try await CardStop.run(also: stopped) { stop throws(AlbumError) in
            let candidates = try await store.collageCandidates(from: summary.from, to: summary.to, perGroup: SummaryCard.collageSize)
            try stop.check("the card of \(summary.title)")
            try await makeCollageThumbnails(candidates, stop: stop)
            try await BlockingPool.shared.run { () throws(AlbumError) in
                let content = self.cardContent(summary, candidates: candidates, stop: stop)
                try stop.check("the card of \(summary.title)")
                let png = try SummaryCard.png(content, width: width, theme: theme)
                try stop.check("the card of \(summary.title)")
                try output.write(png)
            }
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
    func makeCollageThumbnails(_ candidates: [PhotoEntry], stop: CardStop? = nil) async throws(AlbumError) {
        for entry in CollagePlanner.choose(candidates, count: SummaryCard.collageSize * 2, stop: stop) {
            try stop?.check("a card")
            guard let path = entry.thumbnail, !FileManager.default.fileExists(atPath: url(forStoredPath: path).path),
                  let photo = try await store.photo(id: entry.id)
            else { continue }
            _ = try? await thumbnailFile(of: photo)
        }
    }

    /// The collage: up to `SummaryCard.collageSize` thumbnails chosen from `candidates`, in time
    /// order (a thumbnail that is gone or unreadable leaves its place to the next photo).
    /// A `stop` that is set ends it early (the caller checks the flag and gives the card up).
    func collageTiles(_ candidates: [PhotoEntry], stop: CardStop? = nil) -> [PixelImage] {
        var chosen: [(photo: PhotoEntry, image: PixelImage)] = []
        for photo in CollagePlanner.choose(candidates, count: SummaryCard.collageSize * 2, stop: stop) where chosen.count < SummaryCard.collageSize {
            if stop?.isSet == true { return [] }
            if CardStop.faultPause > 0 {
                FileHandle.standardError.write(Data("album: fault: a pause of \(CardStop.faultPause) ms at a collage photo\n".utf8))
                usleep(CardStop.faultPause * 1000)
            }
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
    func cardContent(_ summary: Summary, candidates: [PhotoEntry], stop: CardStop? = nil) -> CardContent {
        let tiles = collageTiles(candidates, stop: stop)
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
