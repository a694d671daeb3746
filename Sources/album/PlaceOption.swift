import AlbumKit
import AlbumModel
import AlbumPlaces
import ArgumentParser
import Foundation

/// `--place NAME` where `--lat/--lon` are taken: the name resolved with the offline place data.
enum PlaceOption {
    static let help = ArgumentHelp(
        "A place name instead of --lat/--lon: 'Kyoto', 'Paris, FR', 'Springfield, US-IL' (GeoNames, offline).",
        valueName: "name")

    /// Resolves `name`; when several places match, says on stderr which one was taken.
    static func resolve(_ name: String) throws -> PlaceMatches {
        let matches = try Library.resolvePlace(name)
        if matches.isAmbiguous {
            let others = matches.candidates.dropFirst().prefix(3).map(\.label).joined(separator: "; ")
            let more = matches.total > 4 ? "; …" : ""
            let note = "album: note: '\(name)' matches \(matches.total) places; took the most populous, "
                + "\(matches.best.label) (population \(matches.best.population)); others: \(others)\(more)\n"
            FileHandle.standardError.write(Data((TerminalText.inline(String(note.dropLast())) + "\n").utf8))
        }
        return matches
    }
}

/// `{query, total, candidates: [{name, region, country, countryCode, regionCode, latitude,
/// longitude, population, timeZone}]}`: the first candidate is the one taken.
struct PlaceMatchesJSON: Encodable {
    let matches: PlaceMatches
    enum Key: String, CodingKey { case query, total, candidates }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(matches.query, forKey: .query)
        try c.encode(matches.total, forKey: .total)
        try c.encode(matches.candidates.map(CandidateJSON.init), forKey: .candidates)
    }

    struct CandidateJSON: Encodable {
        let candidate: PlaceCandidate
        enum Key: String, CodingKey {
            case name, region, country, countryCode, regionCode, latitude, longitude, population, timeZone
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(candidate.name, forKey: .name)
            try c.encode(candidate.region, forKey: .region)
            try c.encode(candidate.country, forKey: .country)
            try c.encode(candidate.countryCode, forKey: .countryCode)
            try c.encode(candidate.regionCode, forKey: .regionCode)
            try c.encode(candidate.coordinate.latitude, forKey: .latitude)
            try c.encode(candidate.coordinate.longitude, forKey: .longitude)
            try c.encode(candidate.population, forKey: .population)
            try c.encode(candidate.timeZone, forKey: .timeZone)
        }
    }
}
