// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "GeoAlbum",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "album", targets: ["album"]),
        .library(name: "AlbumKit", targets: ["AlbumKit"]),
    ],
    traits: [
        // `swift build --traits PostgreSQL`: `--library postgres://…` and `album worker`. Off by
        // default, so a user who never names PostgreSQL never builds PostgresNIO (SwiftNIO is built
        // for `album serve` in every build, decision 0036).
        .trait(name: "PostgreSQL", description: "A library on a PostgreSQL server, shared by `album worker` processes."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        // album serve's HTTP server on SwiftNIO (decision 0036; it replaced FlyingFox, decision 0011).
        // No traits: swift-configuration and the full-Foundation form coders are not used.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // A library on PostgreSQL (issue 16, decision 0017): built only with `--traits PostgreSQL`.
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        // MARK: C libraries from Debian, one system target each.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libcurl: headers only too, loaded on first use by the shim (decision 0057-speed).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        // libheif and cairo: headers only, no pkg-config (it would link them). The C shim loads
        // each on first use (decision 0043-i13), so commands that decode no HEIC and draw no card
        // start without them and their ~40 dependencies.
        .systemLibrary(name: "CHeif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"])]),
        // TagLib's C API and FFmpeg (issue 26): headers only, loaded on first use like libheif.
        .systemLibrary(name: "CTagLib", providers: [.apt(["libtagc0-dev"])]),
        .systemLibrary(name: "CFFmpeg", providers: [.apt(["libavformat-dev", "libavcodec-dev"])]),
        // Debian's libbz2-dev has no .pc file: the module map links `bz2` by name.
        .systemLibrary(name: "CBZip2", providers: [.apt(["libbz2-dev"])]),
        // argon2id password hashes (accounts, decision 0046).
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // What Swift cannot call: variadic curl setters and libjpeg's longjmp error handling; and
        // the stubs that load libheif and cairo on first use.
        .target(name: "CGeoAlbumShim", dependencies: ["CCurl", "CJPEG", "CHeif", "CCairo", "CTagLib", "CFFmpeg"]),

        // MARK: Library modules, split where their dependencies differ.
        // The XOR-and-count loop of `album dupes`' index with the CPU's popcnt (issue 29, decision 0117).
        .target(name: "CHamming"),
        .target(name: "AlbumModel", dependencies: ["CHamming"]),
        .target(name: "AlbumFiles", dependencies: ["AlbumModel", .product(name: "Crypto", package: "swift-crypto")]),
        // The store seam: the protocols both stores implement and the plain values they pass
        // (decision 0034-seam). No database, no C library: AlbumModel only.
        .target(name: "AlbumSeam", dependencies: ["AlbumModel"]),
        .target(name: "AlbumStore", dependencies: ["AlbumModel", "AlbumSeam", "CSQLite"]),
        .target(name: "AlbumNet", dependencies: ["AlbumModel", "CCurl", "CGeoAlbumShim"]),
        .target(name: "AlbumSources", dependencies: ["AlbumModel", "AlbumNet", "AlbumYFCC"]),
        // The YFCC100M dataset: TSV reader (plain or bzip2) and the packed on-disk geo index.
        .target(name: "AlbumYFCC", dependencies: ["AlbumModel", "CBZip2"]),
        .target(name: "AlbumImaging", dependencies: ["AlbumModel", "AlbumFiles", "CExif", "CHeif", "CGeoAlbumShim"]),
        // Accounts: password hashes (libsodium), signed access tokens, refresh-token rotation,
        // failed-login limits (decision 0046). The only module that links libsodium.
        .target(name: "AlbumAccounts", dependencies: ["AlbumModel", "AlbumSeam", "CSodium", .product(name: "Crypto", package: "swift-crypto")]),
        // Sound files (issue 26): TagLib for tags, FFmpeg for length and waveform, both loaded on first use.
        .target(name: "AlbumAudio", dependencies: ["AlbumModel", "CTagLib", "CGeoAlbumShim"]),
        // The mood of a note or transcript (issue 32): VADER ported to Swift, its lexicon embedded
        // (Lexicon/ holds the original files and their MIT licence). Foundation and AlbumModel only.
        .target(name: "AlbumMood", dependencies: ["AlbumModel"], exclude: ["Lexicon"]),
        // GeoNames places and time zones, offline; GPX tracks. No C library of its own.
        .target(name: "AlbumPlaces", dependencies: ["AlbumModel"]),
        .target(name: "AlbumDownload", dependencies: ["AlbumModel", "AlbumNet", "AlbumFiles"]),
        // The summary card: the only module that links cairo.
        .target(name: "AlbumCards", dependencies: ["AlbumModel", "AlbumImaging", "CCairo", "CGeoAlbumShim"]),
        // The library's operations (Library, fetch, import, memory, export…): the module every
        // front end builds on. It lives in Sources/AlbumKit and is named AlbumCore since AlbumKit
        // became the executable's front door (below), which AlbumServer is beneath (decision 0041).
        .target(
            name: "AlbumCore",
            dependencies: [
                "AlbumModel", "AlbumSeam", "AlbumStore", "AlbumFiles", "AlbumNet", "AlbumSources", "AlbumImaging", "AlbumDownload",
                "AlbumCards", "AlbumPlaces", "AlbumPostgres", "AlbumYFCC", "AlbumAudio", "AlbumAccounts", "AlbumMood",
            ],
            path: "Sources/AlbumKit"
        ),

        // A library on PostgreSQL: the only module that links PostgresNIO (built with the trait only).
        .target(
            name: "AlbumPostgres",
            dependencies: [
                "AlbumModel", "AlbumSeam",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),

        // The web server of `album serve`: the only module that links Hummingbird (and SwiftNIO,
        // with AlbumPostgres under the PostgreSQL trait).
        .target(
            name: "AlbumServer",
            dependencies: [
                "AlbumCore", "AlbumModel", "AlbumAccounts", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // The pages' scripts and icon: embedded by scripts/embed-assets.py (EmbeddedAssets.swift).
            exclude: ["Assets"]
        ),

        // MARK: What the executable sees: AlbumCore, and the web server of `album serve`, in one
        // module (issue 23 item 4): `album` imports AlbumKit, AlbumModel and ArgumentParser only.
        .target(name: "AlbumKit", dependencies: ["AlbumCore", "AlbumServer"], path: "Sources/AlbumKitFacade"),

        // MARK: The thin executable. It calls AlbumKit, and names the values of the modules beneath
        // through AlbumKit's typealiases (Exports.swift).
        .executableTarget(
            name: "album",
            dependencies: [
                "AlbumKit", "AlbumModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Benchmarks (bench/, not tests): `swift build -c release --product places-bench`.
        .executableTarget(name: "places-bench", dependencies: ["AlbumPlaces"], path: "bench/PlacesBench"),

        // MARK: Tests.
        // Loopback HTTP server, temporary folders, the built `album` binary: used by tests only.
        .target(name: "TestSupport", dependencies: ["AlbumModel", "AlbumSeam"], path: "Tests/TestSupport"),
        .testTarget(name: "AlbumModelTests", dependencies: ["AlbumModel"]),
        .testTarget(name: "AlbumStoreTests", dependencies: ["AlbumStore", "AlbumModel", "CSQLite", "TestSupport"]),
        .testTarget(name: "AlbumNetTests", dependencies: ["AlbumNet", "TestSupport"]),
        .testTarget(name: "AlbumYFCCTests", dependencies: ["AlbumYFCC", "AlbumSources", "AlbumModel", "TestSupport"]),
        .testTarget(name: "AlbumSourcesTests", dependencies: ["AlbumSources", "AlbumModel", "AlbumNet", "TestSupport"]),
        .testTarget(name: "AlbumImagingTests", dependencies: ["AlbumImaging", "AlbumModel", "TestSupport"]),
        .testTarget(name: "AlbumAudioTests", dependencies: ["AlbumAudio", "AlbumModel", "TestSupport"]),
        .testTarget(name: "AlbumMoodTests", dependencies: ["AlbumMood", "AlbumModel"]),
        .testTarget(name: "AlbumPlacesTests", dependencies: ["AlbumPlaces", "AlbumModel", "TestSupport"]),
        .testTarget(name: "AlbumKitTests", dependencies: ["AlbumCore", "AlbumDownload", "AlbumModel", "AlbumNet", "AlbumSeam", "AlbumSources", "AlbumStore", "TestSupport"]),
        .testTarget(name: "AlbumAccountsTests", dependencies: ["AlbumAccounts", "AlbumStore", "AlbumModel", "TestSupport"]),
        .testTarget(name: "AlbumDownloadTests", dependencies: ["AlbumDownload", "AlbumNet"]),
        .testTarget(name: "AlbumCardsTests", dependencies: ["AlbumCards", "AlbumImaging", "AlbumModel", "CGeoAlbumShim", "TestSupport"]),
        .testTarget(name: "AlbumCLITests", dependencies: ["album", "AlbumModel", "AlbumStore", "TestSupport"]),
        .testTarget(name: "AlbumServerTests", dependencies: ["AlbumServer", "AlbumCore", "AlbumModel", "AlbumSources", "TestSupport"]),
        // Against a real PostgreSQL server the tests start (`--traits PostgreSQL`; `make test` enables it).
        .testTarget(name: "AlbumPostgresTests", dependencies: ["AlbumPostgres", "album", "AlbumModel", "AlbumStore", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
