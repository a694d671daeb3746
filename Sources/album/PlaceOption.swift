import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `--place NAME` where `--lat/--lon` are taken: the name resolved with the offline place data.
enum PlaceOption {
    static let help = Vocabulary.place

    /// Resolves `name`; when several places match, says on stderr which one was taken.
    static func resolve(_ name: String) throws -> PlaceMatches {
        let matches = try Library.resolvePlace(name)
        noteAmbiguity(matches)
        return matches
    }

    /// When several places match, says on stderr which one was taken (`at`: `pins.csv:3: `).
    static func noteAmbiguity(_ matches: PlaceMatches, at: String = "") {
        guard matches.isAmbiguous else { return }
        let others = matches.candidates.dropFirst().prefix(3).map(\.label).joined(separator: "; ")
        let more = matches.total > 4 ? "; …" : ""
        let note = "album: note: \(at)'\(matches.query)' matches \(matches.total) places; took the most populous, "
            + "\(matches.best.label) (population \(matches.best.population)); others: \(others)\(more)"
        Output.toStderr(Data((TerminalText.inline(note) + "\n").utf8))
    }

    /// Checks that a position is given one way: `--place`, or both of `--lat`/`--lon` in range.
    /// - Parameter required: false where neither is needed (another option gives the place).
    static func validate(lat: Double?, lon: Double?, place: String?, required: Bool = true) throws {
        if place != nil {
            guard lat == nil && lon == nil else { throw ValidationError("give either --place or --lat/--lon") }
            return
        }
        guard let lat, let lon else {
            if lat == nil && lon == nil && !required { return }
            throw ValidationError(lat == nil && lon == nil ? "give --lat and --lon, or --place" : "--lat and --lon go together")
        }
        _ = try coordinate(latitude: lat, longitude: lon)
    }

    /// The position of `--place` (resolved) or `--lat/--lon`; nil when neither was given.
    static func position(lat: Double?, lon: Double?, place: String?) throws -> (coordinate: Coordinate, search: PlaceMatches?)? {
        if let place {
            let matches = try resolve(place)
            return (matches.best.coordinate, matches)
        }
        guard let lat, let lon else { return nil }
        return (try coordinate(latitude: lat, longitude: lon), nil)
    }
}
