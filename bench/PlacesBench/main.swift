// The Swift side of bench/places.sh: names N points (CSV lat,lon) with AlbumPlaces on one
// thread and writes, per point, the zone, the place's country code and its distance in km.
// Timings go to stderr: index load (cold: parse and build; warm: the cache file) and lookups
// (in a batch, as naming does, and one at a time),
// each as wall time and as this thread's CPU time (the machine is shared: CPU time is what the
// work costs, wall time what one process got of it). ALBUM_ZONES=none: zones from places only.
// Then forward geocoding: the first name (which builds the name table), known names per second
// and an unknown name (which looks for close spellings), in CPU time.
import AlbumPlaces
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: places-bench POINTS.csv OUT.tsv\n".utf8))
    exit(2)
}
let text = try String(contentsOfFile: arguments[1], encoding: .utf8)
var latitudes: [Double] = [], longitudes: [Double] = []
for line in text.split(separator: "\n") {
    let f = line.split(separator: ",")
    guard f.count >= 2, let lat = Double(f[0]), let lon = Double(f[1]) else { continue }
    latitudes.append(lat)
    longitudes.append(lon)
}

/// This thread's CPU time, seconds.
func threadCPU() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

let clock = ContinuousClock()
var index: PlaceIndex?
let loadCPU0 = threadCPU()
let load = try clock.measure { index = try PlaceIndex.load(.standard(), zones: ZoneMap.standard()) }
let loadCPU = threadCPU() - loadCPU0
guard let index else { exit(1) }
func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
/// Runs `body`, returning (wall, CPU) seconds.
func timed(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    let c0 = threadCPU()
    let wall = clock.measure(body)
    return (seconds(wall), threadCPU() - c0)
}

// Zones only: the hot path of naming a million photos' time zones.
var zoneIndexes = [Int](repeating: -1, count: latitudes.count)
let zonesOnly = timed {
    for i in latitudes.indices { zoneIndexes[i] = index.zoneIndex(latitude: latitudes[i], longitude: longitudes[i]) ?? -1 }
}
// Full lookups: place (name, region, country, distance) and zone, as pins and photos get them:
// naming hands the index a batch of positions at once (`lookup(_:)` of 1,000 pins or 2,000
// photos; here all of them), which reads the positions' grid cells and zones stage by stage.
// The answers go to an array made beforehand (as zoneIndexes above): the timing is the lookups',
// not the kernel's first touch of 100 MB of fresh pages.
var places = [PlaceLookup](repeating: PlaceLookup(place: nil, timeZone: ""), count: latitudes.count)
let single = timed {
    for i in latitudes.indices { places[i] = index.lookup(latitude: latitudes[i], longitude: longitudes[i]) }
}
// The batch writes over placeholders again, as naming writes into a new array: the release of
// the answers above is not part of its time.
for i in places.indices { places[i] = PlaceLookup(place: nil, timeZone: "") }
let full = timed { index.lookup(latitudes: latitudes, longitudes: longitudes, into: &places) }
if let repeats = ProcessInfo.processInfo.environment["PLACES_BENCH_REPEAT"].flatMap({ Int($0) }) {
    // For profiling: only the batch lookups, again and again.
    for _ in 0..<repeats { _ = timed { index.lookup(latitudes: latitudes, longitudes: longitudes, into: &places) } }
}
let n = Double(latitudes.count)
let mapText = index.zoneMap.map { "zone map \($0.dataVersion)" } ?? "no zone map"
FileHandle.standardError.write(Data(String(
    format: "index load %.1f ms wall, %.1f ms CPU (%d places, %@); zones only: %.0f points/s CPU (%.0f wall); "
        + "place + zone: %.0f points/s CPU (%.0f wall), one at a time %.0f points/s CPU (%.0f wall)\n",
    seconds(load) * 1000, loadCPU * 1000, index.count, mapText, n / zonesOnly.cpu, n / zonesOnly.wall, n / full.cpu, n / full.wall,
    n / single.cpu, n / single.wall).utf8))

var out = ""
out.reserveCapacity(latitudes.count * 32)
for p in places {
    out += "\(p.timeZone)\t\(p.place?.countryCode ?? "")\t\(p.place.map { String($0.distanceKm) } ?? "")\t\(p.place?.name ?? "")\n"
}
try out.write(toFile: arguments[2], atomically: true, encoding: .utf8)
print(String(
    format: "load_ms=%.1f load_cpu_ms=%.1f zones_per_cpu_s=%.0f full_per_cpu_s=%.0f single_per_cpu_s=%.0f",
    seconds(load) * 1000, loadCPU * 1000, n / zonesOnly.cpu, n / full.cpu, n / single.cpu))

// Forward geocoding (`--place`): the folded-name table is built on the first name looked up;
// then each name is one dictionary read; an unknown name scans every name for close spellings.
let names = ["Kyoto", "Paris, FR", "Springfield, US-IL", "ZÜRICH", "Peking", "Sao Paulo", "Nairobi", "Springfield, Illinois"]
let firstName = timed { _ = try? index.resolve("Kyoto") }
let rounds = 1000
let known = timed { for _ in 0..<rounds { for name in names { _ = try? index.resolve(name) } } }
let unknown = timed { for _ in 0..<20 { _ = try? index.resolve("Nairobbi") } }
print(String(
    format: "first_name_cpu_ms=%.1f names_per_cpu_s=%.0f unknown_name_cpu_ms=%.2f",
    firstName.cpu * 1000, Double(rounds * names.count) / known.cpu, unknown.cpu / 20 * 1000))

// The place data key's contents hash (decision 0133): what an open pays when the files' stamp
// moved (another path, an upgrade), least CPU of 20.
let key = PlaceDataKey.standard()
var keyCPU = Double.infinity
for _ in 0..<20 { keyCPU = min(keyCPU, timed { _ = key.contents() }.cpu) }
print(String(format: "place_key_contents_cpu_ms=%.2f", keyCPU * 1000))
