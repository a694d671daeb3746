import AlbumModel
import Foundation

/// What one line of the dataset is.
enum YFCCRowOutcome {
    /// A geotagged photo, ready for the index.
    case photo(YFCCRow)
    /// A video (marker 1): skipped.
    case video
    /// A photo without coordinates: skipped.
    case notGeotagged
    /// A line that cannot be used, with the reason (reported by line, never stored).
    case malformed(String)
}

/// The fields of one geotagged photo the index keeps, as slices of the line being read.
struct YFCCRow {
    var id: UInt64
    var latitude: Double
    var longitude: Double
    var accuracy: UInt8
    var title: UnsafeRawBufferPointer
    var owner: UnsafeRawBufferPointer
    var takenAt: UnsafeRawBufferPointer
    var url: UnsafeRawBufferPointer
    var license: UnsafeRawBufferPointer
    /// The line's date taken, when it is not a date that exists (`2012-13-45 99:99:99`): the row
    /// is kept without a date, and the field is reported as malformed.
    var impossibleDate: UnsafeRawBufferPointer? = nil
}

/// Reads one line of a YFCC100M file. Only checks what the index needs; the line's bytes must
/// outlive the returned row.
struct YFCCRowParser {
    let layout: YFCCLayout
    /// Start and end of each field of the current line.
    private var starts: [Int]
    private var ends: [Int]

    init(layout: YFCCLayout) {
        self.layout = layout
        starts = Array(repeating: 0, count: layout.fieldCount)
        ends = Array(repeating: 0, count: layout.fieldCount)
    }

    mutating func parse(_ line: UnsafeRawBufferPointer) -> YFCCRowOutcome {
        let count = line.count
        guard let base = line.baseAddress else { return .malformed("is empty") }
        // Split on tabs with memchr; count the fields even past the expected number.
        var fields = 0
        var position = 0
        let expected = layout.fieldCount
        while true {
            let rest = count - position
            let tab = rest > 0 ? memchr(base + position, 0x09, rest) : nil
            let end = tab.map { base.distance(to: UnsafeRawPointer($0)) } ?? count
            if fields < expected {
                starts[fields] = position
                ends[fields] = end
            }
            fields += 1
            guard tab != nil else { break }
            position = end + 1
        }
        guard fields == expected else {
            if fields == 1 && count == 0 { return .malformed("is empty") }
            return .malformed("has \(fields) field\(fields == 1 ? "" : "s"), expected \(expected) (\(layout))")
        }
        let skip = layout.skip
        func field(_ index: Int) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: line[starts[index + skip]..<ends[index + skip]])
        }
        let marker = field(YFCCLayout.marker)
        guard marker.count == 1, marker[0] == 0x30 || marker[0] == 0x31 else {
            return .malformed("has marker '\(Self.text(marker))', expected 0 (photo) or 1 (video)")
        }
        if marker[0] == 0x31 { return .video }
        let lonText = field(YFCCLayout.longitude), latText = field(YFCCLayout.latitude)
        if lonText.isEmpty && latText.isEmpty { return .notGeotagged }
        guard let longitude = Self.decimal(lonText) else {
            return .malformed("has longitude '\(Self.text(lonText))', not a number")
        }
        guard let latitude = Self.decimal(latText) else {
            return .malformed("has latitude '\(Self.text(latText))', not a number")
        }
        guard (-90...90).contains(latitude) else { return .malformed("has latitude \(latitude), outside -90…90") }
        guard (-180...180).contains(longitude) else { return .malformed("has longitude \(longitude), outside -180…180") }
        let accuracyText = field(YFCCLayout.accuracy)
        guard let accuracy = Self.integer(accuracyText), accuracy <= 16 else {
            return .malformed("has accuracy '\(Self.text(accuracyText))', expected 1…16")
        }
        guard accuracy >= 1 else { return .malformed("has accuracy 0 (position of unknown accuracy)") }
        let idText = field(YFCCLayout.id)
        guard let id = Self.integer(idText) else { return .malformed("has photo id '\(Self.text(idText))', not a number") }
        let url = field(YFCCLayout.downloadURL)
        guard Self.isWebURL(url) else {
            return .malformed("has download URL '\(Self.text(url))', not an http(s) URL")
        }
        var takenAt = field(YFCCLayout.dateTaken)
        var impossibleDate: UnsafeRawBufferPointer?
        if !takenAt.isEmpty && YFCCText.isoDate(takenAt) == nil {
            impossibleDate = takenAt
            takenAt = UnsafeRawBufferPointer(rebasing: takenAt[takenAt.startIndex..<takenAt.startIndex])
        }
        return .photo(
            YFCCRow(
                id: id, latitude: latitude, longitude: longitude, accuracy: UInt8(accuracy),
                title: field(YFCCLayout.title), owner: field(YFCCLayout.nickname), takenAt: takenAt,
                url: url, license: field(YFCCLayout.licenseName), impossibleDate: impossibleDate))
    }

    /// A field's text for a message, shortened.
    static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        let shown = String(decoding: bytes.prefix(60), as: UTF8.self)
        return bytes.count > 60 ? shown + "…" : shown
    }

    /// A non-negative decimal integer of at most 19 digits.
    static func integer(_ bytes: UnsafeRawBufferPointer) -> UInt64? {
        guard !bytes.isEmpty, bytes.count <= 19 else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + UInt64(byte - 0x30)
        }
        return value
    }

    private static let powers: [Double] = (0...22).map { pow(10, Double($0)) }

    /// `-12.345678`-style decimals, correctly rounded; other forms (exponents) through strtod.
    static func decimal(_ bytes: UnsafeRawBufferPointer) -> Double? {
        guard !bytes.isEmpty, bytes.count < 40 else { return nil }
        var index = 0
        var negative = false
        if bytes[0] == 0x2D || bytes[0] == 0x2B {
            negative = bytes[0] == 0x2D
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0, fraction = 0
        var seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x2E, !seenPoint {
                seenPoint = true
            } else if byte >= 0x30 && byte <= 0x39 {
                mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
                digits += 1
                if seenPoint { fraction += 1 }
            } else {
                return slowDecimal(bytes)
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        guard digits <= 15, fraction <= 22 else { return slowDecimal(bytes) }
        let value = Double(mantissa) / powers[fraction]
        return negative ? -value : value
    }

    private static func slowDecimal(_ bytes: UnsafeRawBufferPointer) -> Double? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// `http://` or `https://` (any case) followed by a host, no spaces.
    static func isWebURL(_ bytes: UnsafeRawBufferPointer) -> Bool {
        func lower(_ i: Int) -> UInt8 { bytes[i] | 0x20 }
        var prefix = 0
        if bytes.count > 7, lower(0) == 0x68, lower(1) == 0x74, lower(2) == 0x74, lower(3) == 0x70 {
            if bytes[4] == 0x3A, bytes[5] == 0x2F, bytes[6] == 0x2F {
                prefix = 7
            } else if bytes.count > 8, lower(4) == 0x73, bytes[5] == 0x3A, bytes[6] == 0x2F, bytes[7] == 0x2F {
                prefix = 8
            }
        }
        guard prefix > 0, bytes.count > prefix, bytes[prefix] != 0x2F else { return false }
        return !bytes.contains { $0 <= 0x20 || $0 == 0x7F }
    }
}
