import Foundation

/// A folder of the user's photos with every case `album import` must handle: places in both
/// hemispheres and either side of the antimeridian, a cluster around the North Pole, a renamed
/// copy, a JPEG with a non-image name, photos without GPS (one from the same camera 20 minutes
/// after a located one), text, a PNG, an empty file, a corrupt JPEG, nested folders, a symbolic
/// link loop and a broken link.
public enum ImportFixture {
    /// Distinct photos with a position: stored by an import.
    public static let located = 13
    /// The pins those make with a 1 km radius: Paris, 1.5 km north of it, Sydney, Fiji (across
    /// the antimeridian), the North Pole, New York.
    public static let places = 6
    public static let unplaced = 3
    public static let duplicates = 1
    /// Skipped entries in all, duplicates included.
    public static let skipped = 7
    public static var seen: Int { located + unplaced + skipped }

    /// The Paris cluster's photos (a, b, c), all with offset +02:00.
    public static let parisFrom = "2024-06-14T09:00:00+02:00"
    public static let parisTo = "2024-06-14T11:00:00+02:00"

    /// The located photos, by path under the folder.
    public static let photos: [(String, GeoPhoto)] = [
        ("paris/a.jpg", GeoPhoto(latitude: 48.8566, longitude: 2.3522, takenAt: "2024:06:14 09:00:00", offset: "+02:00",
                                 make: "Canon", model: "Canon EOS R6", tag: "paris-a")),
        ("paris/b.jpg", GeoPhoto(latitude: 48.8575, longitude: 2.3530, takenAt: "2024:06:14 10:00:00", offset: "+02:00",
                                 make: "Canon", model: "Canon EOS R6", tag: "paris-b")),
        ("paris/c.jpg", GeoPhoto(latitude: 48.8560, longitude: 2.3510, takenAt: "2024:06:14 11:00:00", offset: "+02:00",
                                 make: "Canon", model: "Canon EOS R6", tag: "paris-c")),
        ("paris/far.jpg", GeoPhoto(latitude: 48.8700, longitude: 2.3522, takenAt: "2024:06:14 13:00:00", offset: "+02:00",
                                   make: "Canon", model: "Canon EOS R6", tag: "paris-far")),
        ("sydney/1.jpg", GeoPhoto(latitude: -33.8568, longitude: 151.2153, takenAt: "2024:07:03 10:00:00",
                                  make: "SONY", model: "ILCE-7M3", tag: "sydney-1")),
        ("sydney/2.jpg", GeoPhoto(latitude: -33.8570, longitude: 151.2160, takenAt: "2024:07:03 12:00:00",
                                  make: "SONY", model: "ILCE-7M3", tag: "sydney-2")),
        ("fiji/east.jpg", GeoPhoto(latitude: -16.5, longitude: 179.9995, takenAt: "2024:08:01 09:00:00", offset: "+12:00",
                                   make: "OLYMPUS", model: "TG-6", tag: "fiji-east")),
        ("fiji/west.jpg", GeoPhoto(latitude: -16.5, longitude: -179.9995, takenAt: "2024:08:01 10:00:00", offset: "+12:00",
                                   make: "OLYMPUS", model: "TG-6", tag: "fiji-west")),
        ("pole/0.jpg", GeoPhoto(latitude: 89.9995, longitude: 0, takenAt: "2024:04:01 12:00:00", tag: "pole-0")),
        ("pole/120.jpg", GeoPhoto(latitude: 89.9995, longitude: 120, takenAt: "2024:04:01 12:10:00", tag: "pole-120")),
        ("pole/-120.jpg", GeoPhoto(latitude: 89.9995, longitude: -120, takenAt: "2024:04:01 12:20:00", tag: "pole-w120")),
        ("newyork/x.jpg", GeoPhoto(latitude: 40.7128, longitude: -74.0060, takenAt: "2024:09:21 15:00:00", offset: "-04:00",
                                   make: "Apple", model: "iPhone 13", tag: "ny-x")),
        ("IMG_0001.dat", GeoPhoto(latitude: 40.7130, longitude: -74.0065, takenAt: "2024:09:21 15:05:00", offset: "-04:00",
                                  make: "Apple", model: "iPhone 13", tag: "ny-dat")),
    ]

    /// Photos without GPS: the first is 20 minutes after paris/a.jpg from the same camera.
    public static let unplacedPhotos: [(String, GeoPhoto)] = [
        ("unplaced/near-paris.jpg", GeoPhoto(takenAt: "2024:06:14 09:20:00", offset: "+02:00", make: "Canon",
                                             model: "Canon EOS R6", tag: "near-paris")),
        ("unplaced/late.jpg", GeoPhoto(takenAt: "2024:06:14 12:00:00", offset: "+02:00", make: "Canon",
                                       model: "Canon EOS R6", tag: "late")),
        ("unplaced/other-camera.jpg", GeoPhoto(takenAt: "2024:06:14 09:05:00", make: "NIKON", model: "D70", tag: "nikon")),
    ]

    /// Writes the folder under `root`.
    public static func write(to root: URL) throws {
        for (path, photo) in photos + unplacedPhotos { try photo.write(to: root.appendingPathComponent(path)) }
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("nested/deeper"), withIntermediateDirectories: true)
        try fm.copyItem(at: root.appendingPathComponent("paris/a.jpg"), to: root.appendingPathComponent("nested/deeper/copy of a.JPEG"))
        try Data("holiday notes\n".utf8).write(to: root.appendingPathComponent("notes.txt"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]).write(to: root.appendingPathComponent("fake.jpg"))
        try Data().write(to: root.appendingPathComponent("empty.jpg"))
        try Data([0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43] + [UInt8](repeating: 0x5A, count: 300))
            .write(to: root.appendingPathComponent("corrupt.jpg"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("nested/deeper/loop").path, withDestinationPath: "../..")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("broken.jpg").path, withDestinationPath: "gone.jpg")
    }
}
