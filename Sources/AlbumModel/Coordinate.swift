/// A point on the map in WGS 84 decimal degrees. Always valid once constructed.
public struct Coordinate: Sendable, Hashable, Codable {
    public let latitude: Double
    public let longitude: Double

    /// Creates a coordinate after checking both values are finite and in range.
    /// - Throws: `AlbumError.invalidInput` naming the value that is out of range.
    public init(latitude: Double, longitude: Double) throws(AlbumError) {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw .invalidInput("latitude \(latitude) is outside [-90, 90]")
        }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw .invalidInput("longitude \(longitude) is outside [-180, 180]")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle distance in kilometres (haversine on a sphere of radius 6371.0088 km).
    public func distanceKm(to other: Coordinate) -> Double {
        let r = 6371.0088
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let dφ = φ2 - φ1
        let dλ = (other.longitude - longitude) * .pi / 180
        let a = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * r * asin(min(1, a.squareRoot()))
    }

    /// The latitude/longitude box that contains every point within `km` of this one.
    /// Near a pole or across the antimeridian the box may cover all longitudes.
    public func boundingBox(radiusKm km: Double) -> BoundingBox {
        let dLat = km / 111.195
        let minLat = max(-90, latitude - dLat), maxLat = min(90, latitude + dLat)
        let cosLat = cos(max(abs(minLat), abs(maxLat)) * .pi / 180)
        guard cosLat > 1e-6 else {
            return BoundingBox(minLatitude: minLat, maxLatitude: maxLat, longitudeRanges: [-180...180])
        }
        let dLon = km / (111.195 * cosLat)
        guard dLon < 180 else {
            return BoundingBox(minLatitude: minLat, maxLatitude: maxLat, longitudeRanges: [-180...180])
        }
        let lo = longitude - dLon, hi = longitude + dLon
        var ranges: [ClosedRange<Double>] = []
        if lo < -180 {
            ranges = [(lo + 360)...180, -180...hi]
        } else if hi > 180 {
            ranges = [lo...180, -180...(hi - 360)]
        } else {
            ranges = [lo...hi]
        }
        return BoundingBox(minLatitude: minLat, maxLatitude: maxLat, longitudeRanges: ranges)
    }
}

/// A latitude band with one or two longitude ranges (two when it crosses the antimeridian).
public struct BoundingBox: Sendable, Hashable {
    public let minLatitude: Double
    public let maxLatitude: Double
    public let longitudeRanges: [ClosedRange<Double>]
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Coordinate {
    /// `text` as decimal degrees: an optional sign, digits, an optional fraction (`-33.9`, `+2`,
    /// `.5`), nothing else: no hexadecimal (`0x10`), exponent, `inf` or `nan`, no spaces.
    public static func decimalDegrees<S: StringProtocol>(_ text: S) -> Double? {
        var digits = 0, dots = 0
        for (i, c) in text.utf8.enumerated() {
            switch c {
            case UInt8(ascii: "+") where i == 0, UInt8(ascii: "-") where i == 0: continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: ".") where dots == 0: dots += 1
            default: return nil
            }
        }
        guard digits > 0 else { return nil }
        return Double(String(text))
    }
}
