// The Swift side of bench/places.sh: names N points (CSV lat,lon) with AlbumPlaces on one
// thread and writes, per point, the zone, the place's country code and its distance in km.
// Timings go to stderr: index load (cold: parse and build; warm: the cache file) and lookups.
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

let clock = ContinuousClock()
var index: PlaceIndex?
let load = try clock.measure { index = try PlaceIndex.load(.standard()) }
guard let index else { exit(1) }

// Zones only: the hot path of naming a million photos' time zones.
var zoneIndexes = [Int](repeating: -1, count: latitudes.count)
let zonesOnly = clock.measure {
    for i in latitudes.indices { zoneIndexes[i] = index.zoneIndex(latitude: latitudes[i], longitude: longitudes[i]) ?? -1 }
}
// Full lookups: place (name, region, country, distance) and zone, as pins and photos get them.
var places: [PlaceLookup] = []
places.reserveCapacity(latitudes.count)
let full = clock.measure {
    for i in latitudes.indices { places.append(index.lookup(latitude: latitudes[i], longitude: longitudes[i])) }
}
func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
let n = Double(latitudes.count)
FileHandle.standardError.write(Data(String(
    format: "index load %.1f ms (%d places); zones only: %.0f points/s; place + zone: %.0f points/s\n",
    seconds(load) * 1000, index.count, n / seconds(zonesOnly), n / seconds(full)).utf8))

var out = ""
out.reserveCapacity(latitudes.count * 32)
for p in places {
    out += "\(p.timeZone)\t\(p.place?.countryCode ?? "")\t\(p.place.map { String($0.distanceKm) } ?? "")\t\(p.place?.name ?? "")\n"
}
try out.write(toFile: arguments[2], atomically: true, encoding: .utf8)
print(String(format: "load_ms=%.1f zones_per_s=%.0f full_per_s=%.0f", seconds(load) * 1000, n / seconds(zonesOnly), n / seconds(full)))
