import ArgumentParser

/// One description per option name (issue 31): a command that takes `--lat` says what every
/// other one says about it. VocabularyTests reads the whole command tree
/// (`album --experimental-dump-help`) and fails when two commands describe one option differently,
/// except the few names listed there whose meaning is the command's own.
enum Vocabulary {
    // MARK: Where
    static let latitude = ArgumentHelp("Latitude in degrees, -90…90.", valueName: "lat")
    static let longitude = ArgumentHelp("Longitude in degrees, -180…180.", valueName: "lon")
    /// `summary --year`, `trips --year`.
    static let year = ArgumentHelp("The year (the summary's; the trips with days in it).", valueName: "YYYY")
    static let place = ArgumentHelp(
        "A place name instead of --lat/--lon: 'Kyoto', 'Paris, FR', 'Springfield, US-IL' (GeoNames, offline).",
        valueName: "name")
    static let searchRadius = ArgumentHelp("Search radius in km, > 0 (Flickr: at most 32).", valueName: "km")
    /// `import` and `photo place`: where a photo goes.
    static let joinRadius = ArgumentHelp("Join a pin this close, else make one this wide (km, > 0, at most 100).", valueName: "km")

    /// `summary --trip`, `export --trip` (issue 29).
    static let trip = ArgumentHelp("A trip, by its number in album trips (its days; export gpx: its route).", valueName: "N")
    /// `summary --card`, `memories --card`.
    static let card = ArgumentHelp("Also draw a card to share into this PNG file.", valueName: "file.png")
    static let cardWidth = ArgumentHelp("The card's width in pixels (320-4096); it is 5:4 portrait.")

    // MARK: How many
    static let perPage = ArgumentHelp("Photos per search page, and per album a fetch makes (1-250).", valueName: "n")
    static let page = ArgumentHelp("The page to show, from 1.", valueName: "n")
    static let concurrency = ArgumentHelp("Photos downloaded at once (1-64).", valueName: "n")

    // MARK: What
    static let pinId = ArgumentHelp("The pin's id.", valueName: "pin")
    static let photoId = ArgumentHelp("The photo's id.", valueName: "photo")
    static let reminderId = ArgumentHelp("The reminder's id.", valueName: "reminder")
    static let pinTitle = ArgumentHelp("The pin's title (default with --place: the place's name).", valueName: "title")
    static let pinNote = ArgumentHelp("A note about the pin.", valueName: "note")
    static let files = ArgumentHelp("JPEG or HEIC/HEIF files, or folders to search for them.", valueName: "file")

    // MARK: Filters (timeline, find, export)
    static let from = ArgumentHelp("Only what was taken or written on or after this local day.", valueName: "YYYY-MM-DD")
    static let to = ArgumentHelp("Only what was taken or written on or before this local day.", valueName: "YYYY-MM-DD")
    static let onlyPin = ArgumentHelp("Only this pin's photos.", valueName: "pin")

    // MARK: Entries (notes, songs, sounds, check-ins: issue 26)
    static let entryId = ArgumentHelp("The entry's id.", valueName: "entry")
    static let entryAt = ArgumentHelp(
        "When it happened: a local time (2026-06-14T09:43, with Z or +02:00 optional) or a day (default: now, in the zone of its place).",
        valueName: "time")
    static let entryPin = ArgumentHelp("At this pin (its position).", valueName: "pin")
    static let entryTag = ArgumentHelp("A tag to give it (repeat for more).", valueName: "tag")
    static let entryKind = ArgumentHelp("Only entries of this kind: note, song, audio or place.", valueName: "kind")
    static let onlyTag = ArgumentHelp("Only what carries this tag.", valueName: "tag")
    static let pageSize = ArgumentHelp("How many per page (1-1000).", valueName: "n")
    static let songTitle = ArgumentHelp("The song's title.", valueName: "title")
    static let songArtist = ArgumentHelp("The song's artist.", valueName: "artist")
    static let songAlbum = ArgumentHelp("The song's album.", valueName: "album")
    static let songURL = ArgumentHelp("A link to the song (http:// or https://).", valueName: "url")

    // MARK: GPX
    static let gpx = ArgumentHelp("Place photos without GPS on this GPX track (1.0 or 1.1) by capture time.", valueName: "track.gpx")
    static let maxGap = ArgumentHelp(
        "With --gpx: the most time between fixes to interpolate, and to the nearest fix (default 30m).", valueName: "5m")
    static let timeOffset = ArgumentHelp(
        "With --gpx: the camera clock's UTC offset, for photos that record none (default: the zone of the track).",
        valueName: "+01:00")

    // MARK: Every command (GlobalOptions)
    #if PostgreSQL
    static let library = ArgumentHelp(
        "The library: a folder, or postgres://USER@HOST/DB?files=DIR (default: $ALBUM_DATABASE_URL, else $ALBUM_LIBRARY, else ./cache).",
        valueName: "dir")
    #else
    static let library = ArgumentHelp("The library folder (default: $ALBUM_LIBRARY, else ./cache).", valueName: "dir")
    #endif
    static let json = ArgumentHelp("Print one JSON document on stdout.")
}
