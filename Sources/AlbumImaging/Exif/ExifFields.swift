import AlbumModel

/// Turns the entries of an EXIF block into `ExifInfo` fields, noting why each absent one is absent.
struct ExifFields {
    let document: ExifDocument
    private(set) var problems: [String] = []

    init(document: ExifDocument) { self.document = document }

    /// Tag numbers (EXIF 2.32).
    private enum Tag {
        static let make: UInt16 = 0x010F, model: UInt16 = 0x0110, orientation: UInt16 = 0x0112
        static let artist: UInt16 = 0x013B, copyright: UInt16 = 0x8298
        static let dateTime: UInt16 = 0x0132, dateTimeOriginal: UInt16 = 0x9003, dateTimeDigitized: UInt16 = 0x9004
        static let offsetTime: UInt16 = 0x9010, offsetTimeOriginal: UInt16 = 0x9011, offsetTimeDigitized: UInt16 = 0x9012
        static let pixelX: UInt16 = 0xA002, pixelY: UInt16 = 0xA003
        static let latitudeRef: UInt16 = 0x0001, latitude: UInt16 = 0x0002
        static let longitudeRef: UInt16 = 0x0003, longitude: UInt16 = 0x0004
        static let altitudeRef: UInt16 = 0x0005, altitude: UInt16 = 0x0006
        static let timeStamp: UInt16 = 0x0007, dateStamp: UInt16 = 0x001D
    }

    mutating func read(into info: inout ExifInfo) {
        info.make = document.field(Tag.make, in: .ifd0)?.text
        info.model = document.field(Tag.model, in: .ifd0)?.text
        info.artist = document.field(Tag.artist, in: .ifd0)?.text.flatMap { $0.isEmpty ? nil : $0 }
        info.copyright = document.field(Tag.copyright, in: .ifd0)?.text.flatMap { $0.isEmpty ? nil : $0 }
        readOrientation(into: &info)
        readDate(into: &info)
        readPosition(into: &info)
        readGPSTime(into: &info)
        if info.width == nil || info.height == nil {
            info.width = document.field(Tag.pixelX, in: .exif)?.integer()
            info.height = document.field(Tag.pixelY, in: .exif)?.integer()
        }
    }

    private mutating func readOrientation(into info: inout ExifInfo) {
        guard let field = document.field(Tag.orientation, in: .ifd0) else { return }
        guard let value = field.integer(), (1...8).contains(value) else {
            problems.append("Orientation \(field.integer().map(String.init) ?? "of an unexpected type") is not 1...8")
            return
        }
        info.orientation = value
    }

    /// DateTimeOriginal + OffsetTimeOriginal, else DateTimeDigitized + OffsetTimeDigitized,
    /// else DateTime + OffsetTime. A date tag may sit in IFD0 instead of the EXIF directory.
    private mutating func readDate(into info: inout ExifInfo) {
        let candidates: [(UInt16, UInt16, ExifInfo.DateSource, String)] = [
            (Tag.dateTimeOriginal, Tag.offsetTimeOriginal, .dateTimeOriginal, "DateTimeOriginal"),
            (Tag.dateTimeDigitized, Tag.offsetTimeDigitized, .dateTimeDigitized, "DateTimeDigitized"),
            (Tag.dateTime, Tag.offsetTime, .dateTime, "DateTime"),
        ]
        for (dateTag, offsetTag, source, name) in candidates {
            guard let field = document.field(dateTag, in: .exif) ?? document.field(dateTag, in: .ifd0) else { continue }
            guard let text = field.text, let local = ExifDate.local(text) else {
                problems.append("\(name) '\(field.text ?? "")' is not a date")
                continue
            }
            info.takenAt = local
            info.takenAtSource = source
            if let offsetField = document.field(offsetTag, in: .exif) ?? document.field(offsetTag, in: .ifd0),
               let offsetText = offsetField.text {
                if let offset = ExifDate.offset(offsetText) {
                    info.offset = offset
                    info.offsetSource = Self.offsetNames[offsetTag]
                    info.takenAt = local + offset
                } else {
                    problems.append("\(name) offset '\(offsetText)' is not an offset")
                }
            }
            return
        }
        if !problems.contains(where: { $0.contains("is not a date") }) { problems.append("no capture date") }
    }

    /// exiftool's names of the offset tags.
    private static let offsetNames: [UInt16: String] = [
        Tag.offsetTimeOriginal: "OffsetTimeOriginal", Tag.offsetTimeDigitized: "OffsetTimeDigitized", Tag.offsetTime: "OffsetTime",
    ]

    private mutating func readPosition(into info: inout ExifInfo) {
        guard document.field(Tag.latitude, in: .gps) != nil || document.field(Tag.longitude, in: .gps) != nil else {
            problems.append("no GPS position")
            return
        }
        let latitude = degrees(Tag.latitude, ref: Tag.latitudeRef, name: "GPSLatitude", positive: "N", negative: "S", limit: 90)
        let longitude = degrees(Tag.longitude, ref: Tag.longitudeRef, name: "GPSLongitude", positive: "E", negative: "W", limit: 180)
        guard let latitude, let longitude else { return }
        // 0, 0 ("null island", in the ocean) is what a GPS without a fix writes, not a place.
        guard latitude != 0 || longitude != 0 else {
            problems.append("GPS position is 0, 0 (no fix)")
            return
        }
        info.coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        info.coordinateSource = info.coordinate == nil ? nil : "GPS"
        guard let altitudeField = document.field(Tag.altitude, in: .gps) else { return }
        guard let altitude = value(altitudeField, at: 0, name: "GPSAltitude") else { return }
        // AltitudeRef defaults to 0 (above sea level) when absent (EXIF 2.32 §4.6.6).
        switch document.field(Tag.altitudeRef, in: .gps)?.integer() ?? 0 {
        case 0: info.altitude = altitude
        case 1: info.altitude = -altitude
        case let ref: problems.append("GPSAltitudeRef \(ref) is neither 0 nor 1")
        }
    }

    /// Degrees, minutes, seconds and a ref letter → signed decimal degrees.
    private mutating func degrees(
        _ tag: UInt16, ref refTag: UInt16, name: String, positive: String, negative: String, limit: Double
    ) -> Double? {
        guard let field = document.field(tag, in: .gps) else {
            problems.append("\(name) is missing")
            return nil
        }
        // Degrees, minutes, seconds as written: rationals by the standard, but signed rationals,
        // integers or a longer count (extra values ignored) are read as exiftool reads them.
        guard field.isNumeric, field.count >= 1 else {
            problems.append("\(name) is not 1 to 3 numbers")
            return nil
        }
        var total = 0.0
        for (index, scale) in [1.0, 60.0, 3600.0].enumerated().prefix(field.count) {
            guard let part = value(field, at: index, name: name) else { return nil }
            total += part / scale
        }
        // As exiftool: a negative value (a signed rational) keeps its sign, and the ref letter
        // then flips it for S and W.
        guard abs(total) <= limit else {
            problems.append("\(name) \(total) is out of range")
            return nil
        }
        switch document.field(refTag, in: .gps)?.text?.uppercased() {
        case positive?: return total
        case negative?: return -total
        case nil:
            problems.append("\(name)Ref is missing")
            return nil
        case let other?:
            problems.append("\(name)Ref '\(other)' is neither \(positive) nor \(negative)")
            return nil
        }
    }

    private mutating func value(_ field: ExifField, at index: Int, name: String) -> Double? {
        guard let r = field.fraction(at: index) else {
            problems.append("\(name) is not a number")
            return nil
        }
        guard r.denominator != 0 else {
            problems.append("\(name) has a zero denominator")
            return nil
        }
        let value = r.numerator / r.denominator
        guard value.isFinite else {
            problems.append("\(name) is not a finite number")
            return nil
        }
        return value
    }

    private mutating func readGPSTime(into info: inout ExifInfo) {
        guard let time = document.field(Tag.timeStamp, in: .gps), let date = document.field(Tag.dateStamp, in: .gps)?.text,
              time.count >= 3
        else { return }
        var parts: [Double] = []
        for index in 0..<3 {
            guard let r = time.fraction(at: index), r.denominator != 0, r.numerator / r.denominator >= 0 else {
                problems.append("GPSTimeStamp is not three non-negative numbers with non-zero denominators")
                return
            }
            parts.append(r.numerator / r.denominator)
        }
        info.gpsTimestamp = ExifDate.gps(date: date, hours: parts[0], minutes: parts[1], seconds: parts[2])
        if info.gpsTimestamp == nil { problems.append("GPS date '\(date)' and time stamp are not a valid time") }
    }
}
