import AlbumKit
import AlbumModel
import AlbumPlaces
import ArgumentParser
import Foundation

#if PostgreSQL
extension FetchCommand {
    /// `fetch` on a library on PostgreSQL: the pin (found or created), its first collection
    /// queued, then downloaded side by side with any `album worker` (unless `--queue-only`).
    func runShared(_ shared: SharedLibrary, options: FetchOptions) async throws {
        let download = !queueOnly
        if let pinsFile {
            let lines = try PinsFile.read(URL(fileURLWithPath: pinsFile))
            let environment = try await environment(sourceOptions.spec(), label: "batch")
            var reports: [FetchReport] = []
            var failed = false
            for line in lines {
                switch line {
                case .failure(let error):
                    Output.error("\(error)")
                    failed = true
                case .success(let entry):
                    var options = options
                    options.title = entry.title ?? options.title
                    do {
                        let report = try await shared.fetch(at: entry.coordinate, options: options, environment: environment, download: download)
                        reports.append(report)
                        if !global.json { Output.line(FetchReportJSON.text(report)) }
                    } catch {
                        Output.error("\(pinsFile):\(entry.line): \(error)")
                        failed = true
                    }
                }
            }
            if global.json { try Output.json(reports.map(FetchReportJSON.init)) }
            if failed { throw ExitCode(1) }
            return
        }
        let report: FetchReport
        var search: PlaceMatches?
        if let pin {
            let recorded = try await shared.store.album(pinId: pin)
            let environment = try await environment(sourceOptions.spec(recorded: recorded), label: "pin \(pin)")
            report = try await shared.fetch(pinId: pin, options: options, environment: environment, download: download)
        } else {
            var options = options
            let at: Coordinate
            if let place {
                let matches = try PlaceOption.resolve(place)
                (search, at) = (matches, matches.best.coordinate)
                options.title = options.title ?? matches.best.name
            } else {
                at = try coordinate(latitude: lat ?? 0, longitude: lon ?? 0)
            }
            let environment = try await environment(sourceOptions.spec(), label: "fetch")
            report = try await shared.fetch(at: at, options: options, environment: environment, download: download)
        }
        if global.json { return try Output.json(FetchReportJSON(report, search: search)) }
        Output.line(FetchReportJSON.text(report))
        PhotosCommand.printAlbum(try await shared.photos(pinId: report.pin.id)) {
            $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : shared.folder.appendingPathComponent($0)
        }
    }
}
#endif
