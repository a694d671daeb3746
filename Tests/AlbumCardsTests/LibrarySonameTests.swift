import CGeoAlbumShim
import Foundation
import Testing

/// The names the C shim loads libheif, cairo (decision 0043-i13), libcurl (0057-speed) and zlib (0130-lead) by are the sonames of the
/// libraries the -dev packages link against: `dlopen` of the soname and of the -dev package's
/// `libX.so` (found with pkg-config, as the build once linked it) give the same object.
@Suite struct LibrarySonameTests {
    static func libdir(_ package: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pkg-config")
        process.arguments = ["--variable=libdir", package]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The shim's soname of a pkg-config package.
    static func soname(_ package: String) -> String {
        let names: [String: UnsafePointer<CChar>] = [
            "libheif": ga_heif_soname, "cairo": ga_cairo_soname, "taglib_c": ga_taglib_soname, "libavformat": ga_avformat_soname,
            "libavcodec": ga_avcodec_soname, "libavutil": ga_avutil_soname, "libcurl": ga_curl_soname,
            "libswresample": ga_swresample_soname, "sphinxbase": ga_sphinxbase_soname, "pocketsphinx": ga_pocketsphinx_soname, "zlib": ga_zlib_soname,
        ]
        return names[package].map { String(cString: $0) } ?? ""
    }

    @Test(arguments: [
        ("libheif", "libheif.so"), ("cairo", "libcairo.so"), ("taglib_c", "libtag_c.so"), ("libavformat", "libavformat.so"),
        ("libavcodec", "libavcodec.so"), ("libavutil", "libavutil.so"), ("libcurl", "libcurl.so"),
        ("libswresample", "libswresample.so"), ("sphinxbase", "libsphinxbase.so"), ("pocketsphinx", "libpocketsphinx.so"), ("zlib", "libz.so"),
    ])
    func theSonameIsTheDevPackagesLibrary(package: String, devFile: String) throws {
        let soname = Self.soname(package)
        let dev = try Self.libdir(package) + "/" + devFile
        #expect(FileManager.default.fileExists(atPath: dev), "\(dev) (the -dev package's link)")
        let byDevName = try #require(dlopen(dev, RTLD_NOW | RTLD_LOCAL), "\(String(cString: dlerror()))")
        let bySoname = try #require(dlopen(soname, RTLD_NOW | RTLD_LOCAL), "\(soname) does not load")
        #expect(byDevName == bySoname, "\(soname) is not the library \(dev) links to")
        dlclose(byDevName)
        dlclose(bySoname)
    }

    @Test func theShimLoadsBothByTheirSonames() {
        #expect(ga_heif_load(nil) == nil)
        #expect(ga_cairo_load(nil) == nil)
        #expect(ga_taglib_load(nil) == nil)
        #expect(ga_audio_load() == nil)
        #expect(ga_curl_load(nil) == nil)
        #expect(ga_zlib_load(nil) == nil)
    }
}
