import AlbumImaging
import AlbumModel
import Foundation

/// What a summary card shows, decided by the caller: this module only draws.
public struct CardContent: Sendable {
    /// "June 2024".
    public var title: String
    /// "42 photos at 3 places".
    public var subtitle: String
    /// Headline numbers: ("42", "photos"), ("5", "active days")…
    public var numbers: [(value: String, label: String)]
    /// The chart: one bar per day or month, with the labels to print under the first, middle
    /// and last bar.
    public var bars: [Int]
    public var barLabels: [(index: Int, text: String)]
    /// Collage tiles, in order (decoded thumbnails).
    public var tiles: [PixelImage]
    /// A line at the bottom ("busiest day: 14 June, 12 photos").
    public var footer: String
    /// Shown instead of the chart and collage when there is nothing to show.
    public var emptyMessage: String?
    /// The music line ("♪ Miles Davis (2), John Coltrane · So What"), when the period has songs.
    public var music: String?
    /// The word cloud: the period's note words with their use, most used first (issue 26).
    public var words: [(word: String, count: Int)] = []

    /// Whether the card has a music line or a word cloud (they take a band above the collage).
    public var hasMemories: Bool { music != nil || !words.isEmpty }

    public init(
        title: String, subtitle: String, numbers: [(value: String, label: String)], bars: [Int],
        barLabels: [(index: Int, text: String)], tiles: [PixelImage], footer: String, emptyMessage: String?
    ) {
        self.title = title
        self.subtitle = subtitle
        self.numbers = numbers
        self.bars = bars
        self.barLabels = barLabels
        self.tiles = tiles
        self.footer = footer
        self.emptyMessage = emptyMessage
    }
}

/// Draws a summary card: a title, headline numbers, a bar chart and a collage, on a portrait
/// canvas `width` px wide (4:5). The same content gives the same PNG bytes.
public enum SummaryCard {
    /// Columns and rows of the collage.
    public static let collageColumns = 4
    public static let collageRows = 3
    public static var collageSize: Int { collageColumns * collageRows }

    /// Where things are on a card of `width` px, for checking the picture.
    public struct Layout: Sendable, Equatable {
        public let width: Int
        public var height: Int { width * 5 / 4 }
        var unit: Double { Double(width) / 1080 }
        var margin: Double { 60 * unit }
        public var chart: (x: Int, y: Int, w: Int, h: Int) {
            (Int(margin), Int(380 * unit), Int(Double(width) - 2 * margin), Int(220 * unit))
        }
        /// With a music line or word cloud, the collage starts lower (`memories`).
        public var hasMemories = false
        public var collage: (x: Int, y: Int, w: Int, h: Int) {
            let top = hasMemories ? 830 * unit : 660 * unit
            return (Int(margin), Int(top), Int(Double(width) - 2 * margin), Int(Double(height) - top - 110 * unit))
        }
        /// The band of the music line and the word cloud, between the chart and the collage.
        public var memories: (x: Int, y: Int, w: Int, h: Int) {
            (Int(margin), Int(625 * unit), Int(Double(width) - 2 * margin), Int(190 * unit))
        }
        public init(width: Int, hasMemories: Bool = false) {
            self.width = width
            self.hasMemories = hasMemories
        }
        public static func == (a: Layout, b: Layout) -> Bool { a.width == b.width && a.hasMemories == b.hasMemories }
    }

    /// The card's colours: light (paper) or dark (the pages' dark theme, so the card does not
    /// glare on a dark page).
    public enum Theme: String, Sendable, CaseIterable {
        case light, dark

        var background: CairoCanvas.Colour { self == .light ? CairoCanvas.Colour(0xF6F3EC) : CairoCanvas.Colour(0x19212B) }
        var ink: CairoCanvas.Colour { self == .light ? CairoCanvas.Colour(0x1F2A30) : CairoCanvas.Colour(0xE7ECF2) }
        var muted: CairoCanvas.Colour { self == .light ? CairoCanvas.Colour(0x6B7780) : CairoCanvas.Colour(0xAAB5C3) }
        var accent: CairoCanvas.Colour { self == .light ? CairoCanvas.Colour(0xD9623B) : CairoCanvas.Colour(0xF0875E) }
        var track: CairoCanvas.Colour { self == .light ? CairoCanvas.Colour(0xE4DED2) : CairoCanvas.Colour(0x2A3441) }
    }

    /// The card as PNG bytes.
    /// - Throws: `AlbumError.invalidInput` for a width outside 320…4096, `.io` when cairo fails.
    public static func png(_ content: CardContent, width: Int = 1080, theme: Theme = .light) throws(AlbumError) -> Data {
        let background = theme.background, ink = theme.ink, muted = theme.muted, accent = theme.accent, track = theme.track
        guard (320...4096).contains(width) else { throw .invalidInput("--width \(width) must be between 320 and 4096") }
        let layout = Layout(width: width, hasMemories: content.hasMemories)
        let canvas = try CairoCanvas(width: width, height: layout.height)
        let u = layout.unit, m = layout.margin
        canvas.fill(0, 0, Double(width), Double(layout.height), background)
        canvas.fill(0, 0, Double(width), 14 * u, accent)
        canvas.text(content.title, x: m, y: 130 * u, size: 76 * u, bold: true, colour: ink)
        canvas.text(content.subtitle, x: m, y: 185 * u, size: 30 * u, colour: muted)

        // Headline numbers in equal columns.
        let count = max(1, content.numbers.count)
        let column = (Double(width) - 2 * m) / Double(count)
        for (i, number) in content.numbers.enumerated() {
            let x = m + Double(i) * column
            canvas.text(number.value, x: x, y: 285 * u, size: 58 * u, bold: true, colour: ink)
            canvas.text(number.label, x: x, y: 325 * u, size: 24 * u, colour: muted)
        }

        if let message = content.emptyMessage {
            let chart = layout.chart
            // With memories, the panel is the chart's (the band below still shows them).
            let bottom = content.hasMemories ? Double(chart.y + chart.h) : Double(layout.height) - 110 * u
            canvas.fill(Double(chart.x), Double(chart.y), Double(chart.w), bottom - Double(chart.y), track)
            let w = canvas.textWidth(message, size: 44 * u, bold: true)
            canvas.text(message, x: (Double(width) - w) / 2, y: (Double(chart.y) + bottom) / 2 + 16 * u, size: 44 * u, bold: true, colour: muted)
        } else {
            drawChart(content, canvas: canvas, layout: layout, theme: theme)
            try drawCollage(content.tiles, canvas: canvas, layout: layout, theme: theme)
        }
        if content.hasMemories { drawMemories(content, canvas: canvas, layout: layout, theme: theme) }
        canvas.text(content.footer, x: m, y: Double(layout.height) - 50 * u, size: 26 * u, colour: muted)
        canvas.text("GeoAlbum", x: Double(width) - m, y: Double(layout.height) - 50 * u, size: 26 * u, bold: true, colour: accent, alignRight: true)
        return try canvas.png()
    }

    /// The music line, then the word cloud: words left to right in lines, sized by their use
    /// (the most used largest), alternately ink and accent, as many as fit in the band.
    static func drawMemories(_ content: CardContent, canvas: CairoCanvas, layout: Layout, theme: Theme) {
        let ink = theme.ink, accent = theme.accent
        let (bx, by, bw, bh) = layout.memories
        let u = layout.unit
        var top = Double(by)
        if let music = content.music {
            canvas.text(fitted(music, width: Double(bw), size: 28 * u, canvas: canvas), x: Double(bx), y: top + 30 * u,
                        size: 28 * u, bold: true, colour: ink)
            top += 48 * u
        }
        guard let most = content.words.map(\.count).max(), most > 0 else { return }
        let least = content.words.map(\.count).min() ?? most
        let gap = 18 * u
        var x = Double(bx)
        var lineTop = top
        var lineHeight = 0.0
        for (index, word) in content.words.enumerated() {
            let share = most == least ? 1 : Double(word.count - least) / Double(most - least)
            let size = (22 + 26 * share) * u
            let w = canvas.textWidth(word.word, size: size, bold: share > 0.5)
            if x > Double(bx) && x + w > Double(bx + bw) {
                lineTop += lineHeight + 8 * u
                x = Double(bx)
                lineHeight = 0
            }
            guard lineTop + size <= Double(by + bh), w <= Double(bw) else { break }
            canvas.text(word.word, x: x, y: lineTop + size, size: size, bold: share > 0.5, colour: index % 2 == 0 ? ink : accent)
            x += w + gap
            lineHeight = max(lineHeight, size)
        }
    }

    /// `text` cut with an ellipsis to fit `width`.
    static func fitted(_ text: String, width: Double, size: Double, canvas: CairoCanvas) -> String {
        guard canvas.textWidth(text, size: size, bold: true) > width else { return text }
        var cut = text
        while !cut.isEmpty && canvas.textWidth(cut + "…", size: size, bold: true) > width { cut.removeLast() }
        return cut + "…"
    }

    static func drawChart(_ content: CardContent, canvas: CairoCanvas, layout: Layout, theme: Theme) {
        let accent = theme.accent, muted = theme.muted, track = theme.track
        let (cx, cy, cw, ch) = layout.chart
        let u = layout.unit
        let labelSpace = 34 * u
        let barArea = Double(ch) - labelSpace
        let top = Double(content.bars.max() ?? 0)
        let n = max(1, content.bars.count)
        let slot = Double(cw) / Double(n)
        let gap = min(6 * u, slot * 0.25)
        canvas.fill(Double(cx), Double(cy) + barArea, Double(cw), max(1, 2 * u), track)
        for (i, value) in content.bars.enumerated() where value > 0 && top > 0 {
            let h = max(2 * u, barArea * Double(value) / top)
            canvas.fill(Double(cx) + Double(i) * slot + gap / 2, Double(cy) + barArea - h, slot - gap, h, accent)
        }
        for label in content.barLabels {
            let x = Double(cx) + (Double(label.index) + 0.5) * slot
            let w = canvas.textWidth(label.text, size: 22 * u)
            let left = min(max(Double(cx), x - w / 2), Double(cx + cw) - w)
            canvas.text(label.text, x: left, y: Double(cy) + Double(ch) - 4 * u, size: 22 * u, colour: muted)
        }
    }

    /// The collage: every cell a photo, never an empty one. Twelve or more tiles fill the 4 × 3
    /// grid; fewer take as many rows as four to a row need (at most 3), shared out evenly, each
    /// row's cells widened to the collage's width (8 tiles: 4 + 4; 5: 3 + 2; 2: side by side at
    /// full height). No tiles: nothing is drawn.
    static func drawCollage(_ tiles: [PixelImage], canvas: CairoCanvas, layout: Layout, theme: Theme) throws(AlbumError) {
        for (index, cell) in collageCells(count: tiles.count, in: layout.collage, gap: 8 * layout.unit).enumerated() {
            try canvas.image(tiles[index], x: cell.x, y: cell.y, w: cell.w, h: cell.h)
        }
    }

    /// The cells of `count` tiles (at most `collageSize`) in `box`, row by row.
    public static func collageCells(count: Int, in box: (x: Int, y: Int, w: Int, h: Int), gap: Double)
        -> [(x: Double, y: Double, w: Double, h: Double)] {
        let n = min(count, collageSize)
        guard n > 0 else { return [] }
        let rows = min(collageRows, (n + collageColumns - 1) / collageColumns)
        let cellH = (Double(box.h) - gap * Double(rows - 1)) / Double(rows)
        var cells: [(x: Double, y: Double, w: Double, h: Double)] = []
        for row in 0..<rows {
            let inRow = n / rows + (row < n % rows ? 1 : 0)
            let cellW = (Double(box.w) - gap * Double(inRow - 1)) / Double(inRow)
            let y = Double(box.y) + Double(row) * (cellH + gap)
            for column in 0..<inRow { cells.append((Double(box.x) + Double(column) * (cellW + gap), y, cellW, cellH)) }
        }
        return cells
    }
}
