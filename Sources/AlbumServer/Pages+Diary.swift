import AlbumCore
import AlbumModel
import Foundation

/// The diary (`/diary`): notes, songs, voice clips and check-ins by local day, newest first, with
/// a kind filter and a date range kept in every link. The add sheet (+ in every page's header,
/// `head`) sends what it adds through the page's outbox (`memory.js`: IndexedDB, so it waits while
/// the server is out of reach, and goes out with one Idempotency-Key each).
extension Pages {
    /// The kinds as the filter names them, in the page's order.
    static let diaryKinds: [(kind: EntryKind?, name: String)] = [(nil, "All"), (.note, "Notes"), (.song, "Songs"), (.audio, "Voice and sound"), (.place, "Check-ins")]

    /// - Parameter photos: for a check-in at a pin, that pin's photos of the check-in's day.
    static func diary(_ list: EntryList, filter: EntryFilter, page: Int, pageSize: Int, photos: [Int64: [PhotoEntry]]) -> String {
        let heading = filter.tag.map { "Diary: #\($0.value)" } ?? "Diary"
        var out = head(heading, map: false, current: "/diary") + "<main id=\"diary\">\n<div class=\"page-head\"><h2>\(MarkupText.escape(heading))</h2>"
        out += "<span class=\"meta\" id=\"diary-count\">\(count(list.total, "entry", plural: "entries"))</span>"
        out += "<nav class=\"segments\" aria-label=\"Kind\">"
        for (kind, name) in diaryKinds {
            let current = kind == filter.kind ? " aria-current=\"page\"" : ""
            var other = filter
            other.kind = kind
            out += "<a href=\"\(diaryLink(other))\"\(current)>\(name)</a>"
        }
        out += "</nav></div>\n"
        out += "<form class=\"range\" method=\"get\" action=\"/diary\" id=\"range\">"
        if let kind = filter.kind { out += "<input type=\"hidden\" name=\"kind\" value=\"\(kind.rawValue)\">" }
        if let tag = filter.tag { out += "<input type=\"hidden\" name=\"tag\" value=\"\(MarkupText.escape(tag.value))\">" }
        out += "<div><label for=\"from\">From</label><input type=\"date\" id=\"from\" name=\"from\" value=\"\(filter.from.map { "\($0)" } ?? "")\"></div>"
        out += "<div><label for=\"to\">To</label><input type=\"date\" id=\"to\" name=\"to\" value=\"\(filter.to.map { "\($0)" } ?? "")\"></div>"
        out += "<button class=\"secondary\" type=\"submit\">Show</button>"
        if filter.from != nil || filter.to != nil {
            var every = filter
            every.from = nil
            every.to = nil
            out += " <a href=\"\(diaryLink(every))\" id=\"clear-range\">every date</a>"
        }
        out += "</form>\n"
        if list.total == 0 { out += "<p class=\"no-images\" id=\"no-entries\">Nothing here yet: + Add writes a note, a song, a check-in, or sends a photo or a sound.</p>\n" }
        // Newest first, grouped by the local day each entry was written on.
        out += "<div id=\"timeline-groups\">\n"
        var day: String?
        for entry in list.entries {
            let key = String(entry.at.localText.prefix(10))
            if key != day {
                if day != nil { out += "</div></section>\n" }
                out += "<section class=\"group\" data-key=\"\(MarkupText.escape(key))\"><h3>\(MarkupText.escape(dayTitle(entry.at.date)))</h3><div class=\"entry-list\">\n"
                day = key
            }
            out += entryCard(entry, photos: photos[entry.id] ?? [])
        }
        if day != nil { out += "</div></section>\n" }
        let pages = max(1, (list.total + pageSize - 1) / pageSize)
        out += "</div>\n<nav class=\"pager\" id=\"pager\" aria-label=\"Pages\">"
        if page > 1 { out += "<a href=\"\(diaryLink(filter, page: page - 1))\" rel=\"prev\">newer</a> " }
        out += "<span class=\"meta\">page \(page) of \(pages)</span>"
        if page < pages { out += " <a href=\"\(diaryLink(filter, page: page + 1))\" rel=\"next\" id=\"older\">older</a>" }
        out += "</nav>\n</main>\n<script src=\"\(StaticAssets.shared.url("timeline.js"))\"></script>\n"
        return out + "<script src=\"\(StaticAssets.shared.url("cardtags.js"))\"></script>\n</body>\n</html>\n"
    }

    /// `/diary?kind=…&tag=…&from=…&to=…&page=…` with what the filter holds (escaped for an attribute).
    static func diaryLink(_ filter: EntryFilter, page: Int = 1) -> String {
        var items: [String] = []
        if let kind = filter.kind { items.append("kind=\(kind.rawValue)") }
        if let tag = filter.tag { items.append("tag=\(MarkupText.escape(query(tag.value)))") }
        if let from = filter.from { items.append("from=\(from)") }
        if let to = filter.to { items.append("to=\(to)") }
        if page != 1 { items.append("page=\(page)") }
        return "/diary" + (items.isEmpty ? "" : "?" + items.joined(separator: "&amp;"))
    }

    /// What waits to be sent, is being sent, failed (and why), or went out: filled by `memory.js`.
    static let outbox = """
        <section class="outbox card-box" id="outbox-box" aria-labelledby="outbox-title" hidden>
        <h3 id="outbox-title">Outbox <span class="meta" id="network" role="status"></span></h3>
        <ul class="outbox-list" id="outbox"></ul>
        </section>

        """

    /// The add sheet: a note, a song, a check-in (its places are read when it first opens), a
    /// voice clip recorded in the page (MediaRecorder), or a photo or sound file.
    static let addSheet = """
        <dialog class="sheet" id="add-sheet" aria-labelledby="add-title">
        <form class="stack" id="add-form" method="dialog">
        <h2 id="add-title">Add a memory</h2>
        <fieldset class="kinds" id="add-kinds"><legend>What</legend>
        <label><input type="radio" name="kind" value="note" checked> Note</label>
        <label><input type="radio" name="kind" value="song"> Song</label>
        <label><input type="radio" name="kind" value="place"> Check-in</label>
        <label><input type="radio" name="kind" value="voice"> Voice clip</label>
        <label><input type="radio" name="kind" value="file"> Photo or sound</label>
        </fieldset>
        <div data-for="note place"><label for="add-text">Text</label><textarea id="add-text" name="text" maxlength="20000"></textarea></div>
        <div data-for="song" hidden><div class="two"><div><label for="add-song-title">Title</label><input type="text" id="add-song-title" name="title" maxlength="500"></div>
        <div><label for="add-artist">Artist</label><input type="text" id="add-artist" name="artist" maxlength="500"></div></div>
        <div class="two"><div><label for="add-album">Album (optional)</label><input type="text" id="add-album" name="album" maxlength="500"></div>
        <div><label for="add-link">Link (optional)</label><input type="url" id="add-link" name="link" maxlength="2000" placeholder="https://"></div></div></div>
        <div data-for="voice" hidden class="recorder"><p class="actions"><button class="action" type="button" id="record-start">Record</button><button class="secondary" type="button" id="record-stop" disabled>Stop</button>
        <span class="meta" id="record-state" role="status">Up to 60 seconds, from the microphone.</span></p><audio id="record-preview" controls hidden></audio></div>
        <div data-for="file" hidden><label for="add-file">Photo or sound file</label><input type="file" id="add-file" name="file" accept="image/*,audio/*"></div>
        <div data-for="note song place"><label for="add-pin">Place</label><select id="add-pin" name="pinId"><option value="">No place</option></select></div>
        <div data-for="note song place"><label for="add-tags">Tags (optional, separated by commas)</label><input type="text" id="add-tags" name="tags" maxlength="500"></div>
        <p class="problem" id="add-problem" role="alert" hidden></p>
        <p class="actions"><button class="action" type="submit" id="add-submit" value="add">Add</button><button class="secondary" type="button" id="add-cancel">Cancel</button></p>
        </form>
        </dialog>

        """

    static let kindNames: [EntryKind: String] = [.note: "Note", .song: "Song", .audio: "Sound", .place: "Check-in"]

    /// One entry: its local time and kind, then what it holds (a note's text, a song, a sound's
    /// player with its waveform, transcript and mood, a check-in's place with that day's photos
    /// there), its place and tags.
    /// - Parameters:
    ///   - dated: also its day (`Fri 14 Jun`), where no heading names it (the timeline by week or
    ///     month).
    ///   - link: the time and kind link to the entry's page (`/entries/{entry}`; not on that page).
    ///   - tags: its tags among its facts (the entry's page edits them apart).
    static func entryCard(_ entry: Entry, photos: [PhotoEntry], dated: Bool = false, link: Bool = true, tags: Bool = true) -> String {
        let time = String(entry.at.localText.dropFirst(11).prefix(5))
        let kind = kindNames[entry.kind] ?? entry.kind.rawValue
        var out = "<article class=\"entry entry-\(entry.kind.rawValue)\" id=\"entry-\(entry.id)\" data-id=\"\(entry.id)\" data-kind=\"\(entry.kind.rawValue)\">"
        out += link ? "<a class=\"entry-when entry-open\" href=\"/entries/\(entry.id)\" aria-label=\"Open the \(kind.lowercased()) of \(MarkupText.escape(dayTitle(entry.at.date, format: "EEE d MMM"))) \(MarkupText.escape(time))\">" : "<div class=\"entry-when\">"
        if dated { out += "<span class=\"entry-day\">\(MarkupText.escape(dayTitle(entry.at.date, format: "EEE d MMM")))</span>" }
        out += "<time datetime=\"\(MarkupText.escape(entry.at.localText))\">\(MarkupText.escape(time))</time>"
        out += "<span class=\"kind\">\(kind)</span>\(link ? "</a>" : "</div>")<div class=\"entry-body\">"
        switch entry.content {
        case .note(let text):
            out += "<div class=\"note-text\">\(NoteMarkdown.html(text))</div>"
        case .song(let song):
            out += "<p class=\"song\"><span class=\"song-title\">\(MarkupText.escape(song.title))</span> — \(MarkupText.escape(song.artist))"
            if let album = song.album { out += " <span class=\"meta\">(\(MarkupText.escape(album)))</span>" }
            if let link = song.link { out += " <a href=\"\(MarkupText.escape(link))\" rel=\"noopener noreferrer\" target=\"_blank\">Listen</a>" }
            out += "</p>"
        case .audio(let clip, let title, let artist):
            let name = [title, artist].compactMap { $0 }.joined(separator: " — ")
            if !name.isEmpty { out += "<p class=\"song\"><span class=\"song-title\">\(MarkupText.escape(name))</span></p>" }
            out += "<div class=\"player\">" + waveform(clip.waveform)
            out += "<audio controls preload=\"none\" src=\"/api/entries/\(entry.id)/media\" aria-label=\"Play the sound of \(MarkupText.escape(time))\"></audio>"
            out += "<span class=\"meta\">\(duration(clip.durationMs))</span></div>"
            if let transcript = entry.transcript, !transcript.isEmpty {
                out += "<blockquote class=\"transcript\">\(MarkupText.escape(transcript))</blockquote>"
            }
        case .place(let note):
            let at = entry.placeName ?? entry.pinId.map { "Pin \($0)" } ?? entry.coordinate.map { "\(MarkupText.degrees($0.latitude)), \(MarkupText.degrees($0.longitude))" } ?? "somewhere"
            let place = entry.pinId.map { "<a href=\"/pins/\($0)\">\(MarkupText.escape(at))</a>" } ?? MarkupText.escape(at)
            out += "<p class=\"check-in\">Checked in at \(place)</p>"
            if let note { out += "<div class=\"note-text\">\(NoteMarkdown.html(note))</div>" }
            if !photos.isEmpty { out += grid(photos).replacingOccurrences(of: "<div class=\"grid\">", with: "<div class=\"grid small\">") }
        }
        var facts: [String] = []
        if let mood = entry.mood, mood.label != .neutral { facts.append("<span class=\"mood mood-\(mood.label.rawValue)\">mood: \(mood.label.rawValue)</span>") }
        if entry.kind != .place, let place = entry.placeName ?? entry.pinId.map({ "Pin \($0)" }) {
            facts.append(entry.pinId.map { "<a href=\"/pins/\($0)\">\(MarkupText.escape(place))</a>" } ?? MarkupText.escape(place))
        }
        var line = facts.joined(separator: " · ")
        if tags {
            // Its tags, and in lists an Edit tags button (`cardtags.js` edits them in place).
            let links = entry.tags.map { "<a href=\"/diary?tag=\(MarkupText.escape(query($0.value)))\">#\(MarkupText.escape($0.value))</a>" }
            if !line.isEmpty && !links.isEmpty { line += " · " }
            let names = MarkupText.escape(entry.tags.map(\.value).joined(separator: ","))
            line += link ? "<span class=\"entry-tags\" data-tags=\"\(names)\">\(links.joined(separator: " · "))</span>" : links.joined(separator: " · ")
            if link {
                line += " <button class=\"link-button tags-edit\" type=\"button\" data-entry=\"\(entry.id)\" aria-expanded=\"false\" "
                    + "aria-label=\"Edit the tags of the \(kind.lowercased()) of \(MarkupText.escape(dayTitle(entry.at.date, format: "EEE d MMM"))) \(MarkupText.escape(time))\">Edit tags</button>"
            }
        }
        if !line.isEmpty { out += "<p class=\"meta entry-facts\">\(line)</p>" }
        return out + "</div></article>\n"
    }

    /// A clip's waveform (peaks 0-255) as bars in an SVG, drawn in the text colour.
    static func waveform(_ peaks: [UInt8]) -> String {
        guard !peaks.isEmpty else { return "" }
        let bars = peaks.count > 120 ? stride(from: 0, to: peaks.count, by: peaks.count / 120 + 1).map { peaks[$0] } : peaks
        var path = ""
        for (i, peak) in bars.enumerated() {
            let h = max(1, Int(peak) * 28 / 255)
            path += "M\(i * 3) \(16 - h / 2 - 1)v\(h + 1)"
        }
        return "<svg class=\"waveform\" viewBox=\"0 0 \(bars.count * 3) 32\" preserveAspectRatio=\"none\" width=\"\(bars.count * 3)\" height=\"32\" aria-hidden=\"true\" focusable=\"false\"><path d=\"\(path)\"/></svg>"
    }

    /// `Thursday 26 November 2026` (or another `DateFormatter` pattern): a local day as a
    /// heading (English, as the pages are).
    static func dayTitle(_ day: LocalDate, format pattern: String = "EEEE d MMMM yyyy") -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) else { return "\(day)" }
        let format = DateFormatter()
        format.calendar = calendar
        format.timeZone = calendar.timeZone
        format.locale = Locale(identifier: "en_GB")
        format.dateFormat = pattern
        return format.string(from: date)
    }

    /// `0:07`, `12:30`.
    static func duration(_ ms: Int64) -> String {
        let seconds = Int((ms + 500) / 1000)
        return "\(seconds / 60):\(String(format: "%02d", seconds % 60))"
    }
}
