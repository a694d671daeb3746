import AlbumModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One timed fix of a GPX track.
public struct GPXFix: Sendable, Hashable {
    /// Seconds since 1970, UTC.
    public var time: Double
    public var latitude: Double
    public var longitude: Double
    public var elevation: Double?
}

/// The timed fixes of a GPX file (1.0 or 1.1): every `trkseg` of every `trk` is a segment, and
/// so is every `rte`; waypoints are not a track and are ignored.
public struct GPXTrack: Sendable {
    public var file: String
    public var segments: [[GPXFix]]

    /// Reads and checks a GPX file with a real XML parser (FoundationXML: libxml2).
    /// - Throws: `AlbumError.invalidInput` naming the file (and line) when it is not XML, not
    ///   GPX, has no timed fix, or has fixes out of time order.
    public static func read(_ path: String) throws(AlbumError) -> GPXTrack {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .io("cannot read GPX file", subject: .file(path), cause: .of(error))
        }
        return try parse(data, file: path)
    }

    static func parse(_ data: Data, file: String) throws(AlbumError) -> GPXTrack {
        // FoundationXML traps (the process dies) on an element name that is not UTF-8
        // (fixtures/fuzz/gpx-crash-invalid-utf8-element.gpx, found by the gpx fuzz target):
        // only UTF-8 reaches the parser. GPX files are UTF-8 by the standard's own examples.
        guard String(validating: data, as: UTF8.self) != nil else {
            throw .invalidInput("not a GPX file: not UTF-8 text", subject: .file(file))
        }
        let reader = GPXReader(file: file)
        guard let readable = withoutEmptyProcessingInstructions(data) else {
            throw .invalidInput("not a GPX file: processing instructions nested in each other", subject: .file(file))
        }
        let parser = XMLParser(data: readable)
        parser.delegate = reader
        let ok = parser.parse()
        if let problem = reader.problem { throw problem }
        guard ok else {
            let message = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw .invalidInput("\(file):\(parser.lineNumber): not a GPX file: XML error: \(message)")
        }
        guard reader.sawRoot else { throw .invalidInput("not a GPX file: no <gpx> element", subject: .file(file)) }
        let segments = reader.segments.filter { !$0.isEmpty }
        guard !segments.isEmpty else {
            throw .invalidInput("no track point has a <time>: nothing to place photos by", subject: .file(file))
        }
        return GPXTrack(file: file, segments: segments)
    }

    /// `data` without its processing instructions that carry no data (`<?x?>`): FoundationXML
    /// calls strlen on libxml2's NULL for them and the process dies with SIGSEGV
    /// (fixtures/fuzz/gpx-crash-processing-instruction-without-data.gpx, found by the gpx fuzz
    /// target). They say nothing a track needs. Taking one out can join the bytes around it into
    /// another (`<?n<?xml?>r.?>` leaves `<?nr.?>`: fixtures/fuzz/gpx-crash-processing-instruction-
    /// joined.gpx), so they are taken out until none is left; nil past 64 rounds (nested on purpose).
    static func withoutEmptyProcessingInstructions(_ data: Data) -> Data? {
        var current = data
        for _ in 0..<64 {
            let next = withoutEmptyProcessingInstructionsOnce(current)
            if next.count == current.count { return current }
            current = next
        }
        return nil
    }

    private static func withoutEmptyProcessingInstructionsOnce(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        let isSpace = { (b: UInt8) in b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while i < bytes.count {
            if bytes[i] == 0x3C, i + 1 < bytes.count, bytes[i + 1] == 0x3F {  // "<?"
                var j = i + 2
                while j < bytes.count, !isSpace(bytes[j]), bytes[j] != 0x3F, bytes[j] != 0x3E { j += 1 }
                while j < bytes.count, isSpace(bytes[j]) { j += 1 }
                if j + 1 < bytes.count, bytes[j] == 0x3F, bytes[j + 1] == 0x3E {  // "?>": no data
                    i = j + 2
                    continue
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return out.count == bytes.count ? data : Data(out)
    }

    /// Where the track was at `time` (seconds since 1970, UTC), as exiftool's `-geotag` does it:
    /// linear between the two fixes around it when they are at most `maxGap` seconds apart;
    /// else the nearest fix when it is within `maxGap`; else nil.
    public func position(at time: Double, maxGap: Double) -> GPXFix? {
        var nearest: GPXFix?
        var nearestGap = Double.infinity
        for fixes in segments {
            guard let first = fixes.first, let last = fixes.last else { continue }
            for end in [first, last] where abs(end.time - time) < nearestGap {
                (nearest, nearestGap) = (end, abs(end.time - time))
            }
            guard time >= first.time, time <= last.time else { continue }
            // The first fix at or after `time`.
            var lo = 0, hi = fixes.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if fixes[mid].time < time { lo = mid + 1 } else { hi = mid }
            }
            let after = fixes[lo]
            if after.time == time { return after }
            let before = fixes[lo - 1]
            for fix in [before, after] where abs(fix.time - time) < nearestGap { (nearest, nearestGap) = (fix, abs(fix.time - time)) }
            if after.time - before.time <= maxGap { return Self.interpolate(before, after, at: time) }
        }
        return nearestGap <= maxGap ? nearest : nil
    }

    /// Linear in latitude and longitude between two fixes (the short way across the antimeridian).
    static func interpolate(_ a: GPXFix, _ b: GPXFix, at time: Double) -> GPXFix {
        let f = (time - a.time) / (b.time - a.time)
        var dLon = b.longitude - a.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        var lon = a.longitude + f * dLon
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        var elevation: Double?
        if let ea = a.elevation, let eb = b.elevation { elevation = ea + f * (eb - ea) }
        return GPXFix(time: time, latitude: a.latitude + f * (b.latitude - a.latitude), longitude: lon, elevation: elevation)
    }

    /// Seconds since 1970 of an ISO 8601 UTC time (`2024-06-14T07:43:02Z`, `…02.5Z`, `…02+02:00`).
    public static func parseTime(_ text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard t.count >= 19, let base = ZoneOffsets.epochSeconds(local: String(t.prefix(19))) else { return nil }
        var rest = Substring(t.dropFirst(19))
        var fraction = 0.0
        if rest.hasPrefix(".") {
            let digits = rest.dropFirst().prefix { $0.isNumber }
            guard !digits.isEmpty, let f = Double("0." + digits) else { return nil }
            fraction = f
            rest = rest.dropFirst(1 + digits.count)
        }
        if rest.isEmpty { return Double(base) + fraction }  // no zone: GPX says UTC
        guard let offset = ZoneOffsets.parseOffset(String(rest)) else { return nil }
        return Double(base - offset) + fraction
    }
}

/// The XMLParser delegate: collects `trkpt`/`rtept` with a `time`, checks their order.
private final class GPXReader: NSObject, XMLParserDelegate {
    let file: String
    var segments: [[GPXFix]] = []
    var problem: AlbumError?
    var sawRoot = false
    private var point: (lat: Double, lon: Double, line: Int)?
    private var time: Double?
    private var elevation: Double?
    private var text = ""
    private var last: (time: Double, line: Int)?

    init(file: String) { self.file = file }

    private func fail(_ parser: XMLParser, _ message: String) {
        if problem == nil { problem = .invalidInput("\(file):\(parser.lineNumber): \(message)") }
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        text = ""
        switch local {
        case "gpx": sawRoot = true
        case "trkseg", "rte":
            segments.append([])
            last = nil
        case "trkpt", "rtept":
            guard let lat = attributes["lat"].flatMap(Double.init), (-90...90).contains(lat),
                  let lon = attributes["lon"].flatMap(Double.init), (-180...180).contains(lon)
            else { return fail(parser, "<\(local)> without a valid lat and lon") }
            if segments.isEmpty { segments.append([]) }
            point = (lat, lon, parser.lineNumber)
            time = nil
            elevation = nil
        default: break
        }
        if !sawRoot { fail(parser, "not a GPX file: the root element is <\(local)>, not <gpx>") }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        switch local {
        case "time" where point != nil:
            guard let t = GPXTrack.parseTime(text) else { return fail(parser, "bad <time> '\(text)'") }
            time = t
        case "ele" where point != nil:
            elevation = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
        case "trkpt", "rtept":
            defer { point = nil }
            guard let point, let time else { return }
            if let last, time < last.time {
                return fail(parser, "fixes out of order: this one is \(Int(last.time - time)) s earlier than the one on line \(last.line)")
            }
            last = (time, point.line)
            segments[segments.count - 1].append(GPXFix(time: time, latitude: point.lat, longitude: point.lon, elevation: elevation))
        default: break
        }
        text = ""
    }
}
