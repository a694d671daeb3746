import Foundation

/// A 3-d tree over points on the unit sphere, laid out implicitly: the points are stored in
/// tree order, the node of a range `lo..<hi` is its middle element, split on axis depth % 3.
///
/// The straight-line (chord) distance between unit vectors grows with the great-circle
/// distance, so the nearest point by chord is the nearest on the sphere: no special case at
/// the antimeridian or the poles, and no ellipsoid mix-up (reverse_geocoder's issue #10).
struct UnitVectorTree: Sendable {
    /// x, y, z of each point, interleaved (a lookup reads one place's vector from one line).
    let xyz: [Double]
    var count: Int { xyz.count / 3 }

    /// Earth's mean radius, km (as `Coordinate.distanceKm`).
    static let earthRadiusKm = 6371.0088

    static func unitVector(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        unitVector(latitude: latitude, longitude: longitude, degrees: degreeTable)
    }

    /// sin and cos of each whole degree from −180° to 180°, interleaved.
    static let degreeTable: [Double] = (-180...180).flatMap { d -> [Double] in
        let a = Double(d) * .pi / 180
        return [sin(a), cos(a)]
    }

    /// The unit vector of a position, from `degreeTable` (the sine and cosine of the whole
    /// degrees) and a short series for the rest (under 1°): sin(a + b) = sin a cos b + cos a
    /// sin b. Within 2–3 ulp of the library's sin and cos at a fifth of their cost (they were
    /// a fifth of a lookup). Positions outside ±180° (never valid) use the library.
    @inline(__always)
    static func unitVector(latitude: Double, longitude: Double, degrees: [Double]) -> (Double, Double, Double) {
        guard abs(latitude) <= 180, abs(longitude) <= 180 else {
            let φ = latitude * .pi / 180, λ = longitude * .pi / 180
            let cosφ = cos(φ)
            return (cosφ * cos(λ), cosφ * sin(λ), sin(φ))
        }
        return degrees.withUnsafeBufferPointer { t in
            let (sinφ, cosφ) = sinCos(latitude, t)
            let (sinλ, cosλ) = sinCos(longitude, t)
            return (cosφ * cosλ, cosφ * sinλ, sinφ)
        }
    }

    /// sin and cos of `degrees` (within ±180).
    @inline(__always)
    private static func sinCos(_ degrees: Double, _ t: UnsafeBufferPointer<Double>) -> (Double, Double) {
        // The whole degree below (a conversion, not floor(): no call without SSE 4.1); b may
        // come out a hair below 0 when the sum rounds up, which the series takes as well.
        let whole = Int(degrees + 180)
        let b = (degrees - Double(whole &- 180)) * (.pi / 180), b2 = b * b
        let at = 2 &* whole
        let sinA = t[at], cosA = t[at &+ 1]
        // Taylor series to b⁷ and b⁶: for |b| < 0.0175 the next terms are below 1e-20.
        let sinB = b * (1 - b2 * (1 / 6) * (1 - b2 * (1 / 20) * (1 - b2 * (1 / 42))))
        let cosB = 1 - b2 * 0.5 * (1 - b2 * (1 / 12) * (1 - b2 * (1 / 30)))
        return (sinA * cosB + cosA * sinB, cosA * cosB - sinA * sinB)
    }

    static func chord(km: Double) -> Double { 2 * sin(min(km / earthRadiusKm, .pi) / 2) }
    static func km(chord: Double) -> Double { 2 * asin(min(1, chord / 2)) * earthRadiusKm }

    /// The order that lays `latitudes`/`longitudes` out as a tree: element i of the tree is
    /// point `order[i]`.
    static func treeOrder(latitudes: [Double], longitudes: [Double]) -> [Int] {
        let v = zip(latitudes, longitudes).map { unitVector(latitude: $0, longitude: $1) }
        var order = Array(v.indices)
        func key(_ i: Int, _ axis: Int) -> Double { axis == 0 ? v[i].0 : axis == 1 ? v[i].1 : v[i].2 }
        func build(_ lo: Int, _ hi: Int, _ depth: Int) {
            guard hi - lo > 1 else { return }
            let mid = (lo + hi) / 2, axis = depth % 3
            // Quickselect the median of lo..<hi into mid.
            var l = lo, h = hi - 1
            while l < h {
                let pivot = key(order[(l + h) / 2], axis)
                var i = l, j = h
                while i <= j {
                    while key(order[i], axis) < pivot { i += 1 }
                    while key(order[j], axis) > pivot { j -= 1 }
                    if i <= j { order.swapAt(i, j); i += 1; j -= 1 }
                }
                if mid <= j { h = j } else if mid >= i { l = i } else { break }
            }
            build(lo, mid, depth + 1)
            build(mid + 1, hi, depth + 1)
        }
        build(0, order.count, 0)
        return order
    }

    /// Points already in tree order.
    init(latitudes: [Double], longitudes: [Double]) {
        var xyz = [Double]()
        xyz.reserveCapacity(3 * latitudes.count)
        for (lat, lon) in zip(latitudes, longitudes) {
            let v = Self.unitVector(latitude: lat, longitude: lon)
            xyz.append(v.0); xyz.append(v.1); xyz.append(v.2)
        }
        self.xyz = xyz
    }

    /// The squared chord between point `i` and q: the one measure every search compares.
    @inline(__always)
    static func chord2(_ p: UnsafeBufferPointer<Double>, _ i: Int, _ qx: Double, _ qy: Double, _ qz: Double) -> Double {
        let dx = p[3 &* i] - qx, dy = p[3 &* i &+ 1] - qy, dz = p[3 &* i &+ 2] - qz
        return dx * dx + dy * dy + dz * dz
    }

    /// The squared chord between point `i` and q.
    func chord2(_ i: Int, _ qx: Double, _ qy: Double, _ qz: Double) -> Double {
        xyz.withUnsafeBufferPointer { Self.chord2($0, i, qx, qy, qz) }
    }

    /// The nearest point within `maxChord` of the unit vector (qx, qy, qz), and its squared chord.
    ///
    /// Iterative, with the far sides still to visit on a small stack (one per level at most)
    /// and each skipped once the best distance so far is below its splitting plane's distance.
    func nearest(_ qx: Double, _ qy: Double, _ qz: Double, maxChord: Double) -> (index: Int, chord2: Double)? {
        var best = -1
        var bestD2 = maxChord * maxChord
        let count = self.count
        xyz.withUnsafeBufferPointer { p in
            withUnsafeTemporaryAllocation(of: Pending.self, capacity: 64) { stack in
                stack[0] = Pending(lo: 0, hi: Int32(count), depth: 0, planeD2: 0)
                var top = 1
                while top > 0 {
                    top -= 1
                    let next = stack[top]
                    if next.planeD2 >= bestD2 { continue }
                    var lo = Int(next.lo), hi = Int(next.hi), axis = Int(next.depth) % 3, depth = Int(next.depth)
                    while hi - lo > 6 {
                        let mid = (lo + hi) &>> 1
                        let d2 = Self.chord2(p, mid, qx, qy, qz)
                        if d2 < bestD2 { bestD2 = d2; best = mid }
                        let diff = (axis == 0 ? qx : axis == 1 ? qy : qz) - p[3 &* mid &+ axis]
                        depth += 1
                        if diff < 0 {
                            stack[top] = Pending(lo: Int32(mid + 1), hi: Int32(hi), depth: Int32(depth), planeD2: diff * diff)
                            hi = mid
                        } else {
                            stack[top] = Pending(lo: Int32(lo), hi: Int32(mid), depth: Int32(depth), planeD2: diff * diff)
                            lo = mid + 1
                        }
                        top += 1
                        axis = axis == 2 ? 0 : axis + 1
                    }
                    for i in lo..<hi {
                        let d2 = Self.chord2(p, i, qx, qy, qz)
                        if d2 < bestD2 { bestD2 = d2; best = i }
                    }
                }
            }
        }
        return best < 0 ? nil : (best, bestD2)
    }

    /// A far side waiting on the stack: its range, depth, and the squared distance to its plane.
    struct Pending {
        var lo: Int32, hi: Int32, depth: Int32
        var planeD2: Double
    }

    /// Every point within `maxChord` of the query, in no order.
    func within(_ qx: Double, _ qy: Double, _ qz: Double, maxChord: Double) -> [Int] {
        var found: [Int] = []
        let bound = maxChord * maxChord
        func visit(_ lo: Int, _ hi: Int, _ depth: Int) {
            guard lo < hi else { return }
            let mid = (lo + hi) / 2
            if chord2(mid, qx, qy, qz) <= bound { found.append(mid) }
            let axis = depth % 3
            let diff = (axis == 0 ? qx : axis == 1 ? qy : qz) - xyz[3 * mid + axis]
            if diff < 0 || diff * diff <= bound { visit(lo, mid, depth + 1) }
            if diff >= 0 || diff * diff <= bound { visit(mid + 1, hi, depth + 1) }
        }
        visit(0, count, 0)
        return found
    }

    /// Up to `k` points within `maxChord`, nearest first.
    func nearest(_ qx: Double, _ qy: Double, _ qz: Double, k: Int, maxChord: Double) -> [(index: Int, chord2: Double)] {
        var found: [(index: Int, chord2: Double)] = []
        var bound = maxChord * maxChord
        func offer(_ i: Int) {
            let d2 = chord2(i, qx, qy, qz)
            guard d2 < bound else { return }
            let at = found.firstIndex { $0.chord2 > d2 } ?? found.count
            found.insert((i, d2), at: at)
            if found.count > k { found.removeLast() }
            if found.count == k { bound = found[k - 1].chord2 }
        }
        func visit(_ lo: Int, _ hi: Int, _ depth: Int) {
            if hi - lo <= 6 {
                for i in lo..<hi { offer(i) }
                return
            }
            let mid = (lo + hi) / 2
            offer(mid)
            let axis = depth % 3
            let diff = (axis == 0 ? qx : axis == 1 ? qy : qz) - xyz[3 * mid + axis]
            let (near, far) = diff < 0 ? ((lo, mid), (mid + 1, hi)) : ((mid + 1, hi), (lo, mid))
            visit(near.0, near.1, depth + 1)
            if diff * diff < bound { visit(far.0, far.1, depth + 1) }
        }
        visit(0, count, 0)
        return found
    }
}
