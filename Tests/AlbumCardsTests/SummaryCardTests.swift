import AlbumCards
import AlbumImaging
import AlbumModel
import Foundation
import Testing

/// The card drawn with cairo and read back with cairo: its size, and ink where the chart and
/// the collage are.
@Suite struct SummaryCardTests {
    static func tile(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> PixelImage {
        var pixels: [UInt8] = []
        for y in 0..<48 { for x in 0..<64 { pixels += [r, g &+ UInt8(x), b &+ UInt8(y)] } }
        return PixelImage(width: 64, height: 48, channels: 3, pixels: pixels)
    }

    static func content(tiles: Int, empty: Bool = false) -> CardContent {
        CardContent(
            title: "June 2024", subtitle: "42 photos at 3 places", numbers: [("42", "photos"), ("3", "places"), ("5", "active days")],
            bars: (0..<30).map { $0 % 7 == 0 ? 0 : ($0 * 37) % 11 }, barLabels: [(0, "01"), (15, "16"), (29, "30")],
            tiles: (0..<tiles).map { tile(UInt8(20 * $0), 40, 200) }, footer: "busiest day 2024-06-14",
            emptyMessage: empty ? "No photos in June 2024" : nil)
    }

    /// Share of pixels in a box that differ from the background.
    static func ink(_ image: PixelImage, _ box: (x: Int, y: Int, w: Int, h: Int)) -> Double {
        var inked = 0
        for y in box.y..<(box.y + box.h) {
            for x in box.x..<(box.x + box.w) where image.pixel(x: x, y: y) != [0xF6, 0xF3, 0xEC] { inked += 1 }
        }
        return Double(inked) / Double(box.w * box.h)
    }

    @Test func aCardHasItsSizeAChartAndACollage() throws {
        let png = try SummaryCard.png(Self.content(tiles: 12), width: 1080)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let image = try CairoPNG.decode(png)
        let layout = SummaryCard.Layout(width: 1080)
        #expect(image.width == 1080 && image.height == layout.height)
        #expect(Self.ink(image, layout.chart) > 0.05, "bars are drawn")
        #expect(Self.ink(image, layout.collage) > 0.9, "the collage fills its box")
        // The first tile is the colour of the first thumbnail (0, 40+x, 200+y).
        let c = layout.collage
        let p = image.pixel(x: c.x + 20, y: c.y + 20)
        #expect(p[0] < 30 && p[2] > 190, "\(p)")
    }

    @Test func theSameContentGivesTheSameBytesAndWidthsScale() throws {
        let a = try SummaryCard.png(Self.content(tiles: 5), width: 720)
        let b = try SummaryCard.png(Self.content(tiles: 5), width: 720)
        #expect(a == b)
        #expect(try CairoPNG.decode(a).width == 720)
        #expect(throws: AlbumError.self) { try SummaryCard.png(Self.content(tiles: 0), width: 100) }
    }

    /// Issue 26: a music line and a word cloud take a band above the collage, which starts lower.
    @Test func musicAndWordsHaveTheirBand() throws {
        var content = Self.content(tiles: 12)
        let plain = SummaryCard.Layout(width: 1080)
        let image0 = try CairoPNG.decode(try SummaryCard.png(content))
        #expect(Self.ink(image0, plain.memories) > 0.5, "without memories the collage is there")
        content.music = "♪ Miles Davis (2), John Coltrane · top song So What (2)"
        content.words = [("ramen", 4), ("rain", 2), ("museum", 1), ("matcha", 1)]
        let layout = SummaryCard.Layout(width: 1080, hasMemories: true)
        #expect(layout.collage.y >= layout.memories.y + layout.memories.h, "the collage is below the band")
        let image = try CairoPNG.decode(try SummaryCard.png(content))
        let band = layout.memories
        let ink = Self.ink(image, band)
        #expect(ink > 0.01 && ink < 0.5, "text, not tiles, in the band: \(ink)")
        #expect(Self.ink(image, layout.collage) > 0.9, "the collage fills its lower box")
        // The words alone (no songs) still draw; an empty period keeps its message in the chart.
        content.music = nil
        content.emptyMessage = "No photos in June 2024"
        content.tiles = []
        let empty = try CairoPNG.decode(try SummaryCard.png(content))
        #expect(Self.ink(empty, band) > 0.01, "the word cloud is drawn under an empty chart")
        #expect(empty.pixel(x: 100, y: layout.chart.y + layout.chart.h / 2) == [0xE4, 0xDE, 0xD2])
    }

    @Test func anEmptyPeriodSaysSo() throws {
        let image = try CairoPNG.decode(try SummaryCard.png(Self.content(tiles: 0, empty: true)))
        let layout = SummaryCard.Layout(width: 1080)
        // The grey panel with the message, no photo colours.
        let middle = image.pixel(x: 100, y: layout.height / 2)
        #expect(middle == [0xE4, 0xDE, 0xD2])
    }

    /// The dark card (the pages' dark theme): a dark ground, light title ink, the same collage.
    @Test func theDarkCardIsDarkWithLightInkAndTheSamePhotos() throws {
        let layout = SummaryCard.Layout(width: 1080)
        let image = try CairoPNG.decode(try SummaryCard.png(Self.content(tiles: 12), width: 1080, theme: .dark))
        let ground = image.pixel(x: 5, y: layout.height - 5)
        #expect(ground == [0x19, 0x21, 0x2B], "\(ground)")
        // The title's strokes are light: some pixel of its line is brighter than 200 in every channel.
        var light = false
        for x in 40..<600 where !light { for y in 70..<140 where image.pixel(x: x, y: y).allSatisfy({ $0 > 200 }) { light = true; break } }
        #expect(light, "the title is drawn in light ink")
        let c = layout.collage
        let p = image.pixel(x: c.x + 20, y: c.y + 20)
        #expect(p[0] < 30 && p[2] > 190, "\(p)")
        #expect(try SummaryCard.png(Self.content(tiles: 12), width: 720, theme: .dark) != SummaryCard.png(Self.content(tiles: 12), width: 720))
    }

    @Test func aPNGThatIsNotOneIsAnError() {
        #expect(throws: AlbumError.self) { try CairoPNG.decode(Data("not a png".utf8)) }
    }

    /// Issue 27: no blank tiles whatever the photo count — fewer than twelve photos share the
    /// collage out in fuller rows; every cell holds a photo.
    @Test func fewerPhotosLeaveNoBlankTile() throws {
        let layout = SummaryCard.Layout(width: 720)
        for count in [1, 2, 5, 8, 11, 12] {
            let image = try CairoPNG.decode(try SummaryCard.png(Self.content(tiles: count), width: 720))
            let cells = SummaryCard.collageCells(count: count, in: layout.collage, gap: 8)
            #expect(cells.count == count, "\(count)")
            #expect(Self.ink(image, layout.collage) > 0.9, "\(count) tiles fill the collage")
            var track = 0
            let c = layout.collage
            for y in stride(from: c.y, to: c.y + c.h, by: 3) {
                for x in stride(from: c.x, to: c.x + c.w, by: 3) where image.pixel(x: x, y: y) == [0xE4, 0xDE, 0xD2] { track += 1 }
            }
            #expect(track == 0, "\(count) tiles: \(track) pixels of an empty tile")
        }
        let widths: [Double] = SummaryCard.collageCells(count: 5, in: (0, 0, 400, 300), gap: 0).map(\.w)
        let third: Double = 400.0 / 3
        #expect(widths == [third, third, third, 200, 200], "3 + 2: \(widths)")
        #expect(SummaryCard.collageCells(count: 0, in: (0, 0, 400, 300), gap: 0).isEmpty)
    }
}
