import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumPlaces

/// Debian's GeoNames file (cities15000, 2015), indexed once for the suite.
enum DebianPlaces {
    static let cache = TemporaryFolder("places-cache")
    static let index: PlaceIndex = {
        do {
            return try PlaceIndex.load(PlaceSource.standard(environment: [:]), cacheFolder: cache.url)
        } catch {
            fatalError("Debian's libtimezonemap-data is needed: \(error)")
        }
    }()
}

@Suite struct ReverseGeocodingTests {
    let index = DebianPlaces.index

    struct Known: Sendable, CustomTestStringConvertible {
        let latitude: Double, longitude: Double, name: String, countryCode: String, zone: String
        var testDescription: String { "\(name) (\(latitude), \(longitude))" }
    }

    @Test(arguments: [
        Known(latitude: -1.2864, longitude: 36.8172, name: "Nairobi", countryCode: "KE", zone: "Africa/Nairobi"),
        Known(latitude: 48.8566, longitude: 2.3522, name: "Paris", countryCode: "FR", zone: "Europe/Paris"),
        Known(latitude: 35.6895, longitude: 139.6917, name: "Tokyo", countryCode: "JP", zone: "Asia/Tokyo"),
        Known(latitude: -35.2809, longitude: 149.1300, name: "Canberra", countryCode: "AU", zone: "Australia/Sydney"),
        Known(latitude: -34.6037, longitude: -58.3816, name: "Buenos Aires", countryCode: "AR", zone: "America/Argentina/Buenos_Aires"),
        // reverse_geocoder's ECEF bug (its issue #10) names this San Ramon.
        Known(latitude: 37.7749, longitude: -122.4194, name: "San Francisco", countryCode: "US", zone: "America/Los_Angeles"),
        // Both sides of the Rhine: Strasbourg (FR) and Kehl (DE), 5 km apart.
        Known(latitude: 48.5800, longitude: 7.7400, name: "Strasbourg", countryCode: "FR", zone: "Europe/Paris"),
        Known(latitude: 48.5720, longitude: 7.8200, name: "Kehl", countryCode: "DE", zone: "Europe/Berlin"),
        // Both sides of the Rio Grande; Juárez got its own zone in tzdata 2022g (GeoNames 2015 says Ojinaga).
        Known(latitude: 31.7600, longitude: -106.4850, name: "El Paso", countryCode: "US", zone: "America/Denver"),
        Known(latitude: 31.7200, longitude: -106.4600, name: "Ciudad Juárez", countryCode: "MX", zone: "America/Ciudad_Juarez"),
        // Zones made after the 2015 snapshot, for a whole region: Altai Krai (Barnaul, 2016),
        // Saratov Oblast (2016); Ojinaga keeps its own zone.
        Known(latitude: 52.5364, longitude: 85.2072, name: "Biysk", countryCode: "RU", zone: "Asia/Barnaul"),
        Known(latitude: 51.5406, longitude: 46.0086, name: "Saratov", countryCode: "RU", zone: "Europe/Saratov"),
        Known(latitude: 29.5669, longitude: -104.5449, name: "Ojinaga", countryCode: "MX", zone: "America/Ojinaga"),
        // An old zone name (Europe/Kiev in GeoNames 2015) mapped through tzdata's links.
        Known(latitude: 50.4501, longitude: 30.5234, name: "Kiev", countryCode: "UA", zone: "Europe/Kyiv"),
        // Longyearbyen (Svalbard) is in the file as a capital; its zone keeps the name zone.tab gives it.
        Known(latitude: 78.2232, longitude: 15.6267, name: "Longyearbyen", countryCode: "SJ", zone: "Arctic/Longyearbyen"),
        Known(latitude: 59.9139, longitude: 10.7522, name: "Oslo", countryCode: "NO", zone: "Europe/Oslo"),
        Known(latitude: 16.8409, longitude: 96.1735, name: "Yangon", countryCode: "MM", zone: "Asia/Yangon"),
    ])
    func namesKnownPlaces(_ known: Known) throws {
        let found = index.lookup(try Coordinate(latitude: known.latitude, longitude: known.longitude))
        let place = try #require(found.place)
        #expect(place.name == known.name)
        #expect(place.countryCode == known.countryCode)
        #expect(found.timeZone == known.zone)
        #expect(place.distanceKm < 15)
    }

    @Test func distanceIsGreatCircleToThePlace() throws {
        let point = try Coordinate(latitude: -1.30, longitude: 36.80)
        let place = try #require(index.lookup(point).place)
        let nairobi = try Coordinate(latitude: -1.28333, longitude: 36.81667)
        #expect(place.name == "Nairobi")
        #expect(abs(place.distanceKm - point.distanceKm(to: nairobi)) < 0.1)
        #expect(place.region == "Nairobi Area")
        #expect(place.country == "Kenya")
    }

    /// Taveuni (Fiji) is cut by the antimeridian; its nearest town of 15,000 is Labasa, across it.
    @Test func findsPlacesAcrossTheAntimeridian() throws {
        let taveuniEast = index.lookup(try Coordinate(latitude: -16.83, longitude: -179.97))
        let place = try #require(taveuniEast.place)
        #expect(place.countryCode == "FJ")
        #expect(place.distanceKm < 100)
        #expect(taveuniEast.timeZone == "Pacific/Fiji")
    }

    /// Nordaustlandet, Svalbard: 250 km from Longyearbyen, the nearest place; its zone still holds.
    @Test func farNorthSvalbardHasNoPlaceButSvalbardsZone() throws {
        let found = index.lookup(try Coordinate(latitude: 80.0, longitude: 22.0))
        #expect(found.place == nil)
        #expect(found.timeZone == "Arctic/Longyearbyen")
        #expect(ZoneOffsets.offsetSeconds(local: "2024-07-01T12:00:00", zone: found.timeZone) == 7200)
    }

    @Test func nearThePoleAndInOpenOcean() throws {
        let pacific = index.lookup(try Coordinate(latitude: 0, longitude: -140))
        #expect(pacific.place == nil)
        #expect(pacific.timeZone == "Etc/GMT+9")
        let pole = index.lookup(try Coordinate(latitude: 90, longitude: 0))
        #expect(pole.place == nil)
        #expect(TimeZone(identifier: pole.timeZone) != nil)
        let south = index.lookup(try Coordinate(latitude: -89.9, longitude: 179.9))
        #expect(south.place == nil)
    }

    /// The tree agrees with a scan of every place on random points.
    @Test func treeAgreesWithBruteForce() throws {
        var generator = SeededGenerator(seed: 12)
        let d = index.data
        for _ in 0..<500 {
            let lat = Double.random(in: -60...70, using: &generator), lon = Double.random(in: -180...180, using: &generator)
            let c = try Coordinate(latitude: lat, longitude: lon)
            var best = Double.infinity
            for i in 0..<d.count {
                best = min(best, c.distanceKm(to: try Coordinate(latitude: d.latitudes[i], longitude: d.longitudes[i])))
            }
            let found = index.lookup(c)
            if best <= PlaceIndex.placeRadiusKm {
                let place = try #require(found.place)
                #expect(abs(place.distanceKm - best) < 0.06, "at \(lat), \(lon)")
            } else {
                #expect(found.place == nil)
            }
        }
    }
}

/// xorshift64*: the same points on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
