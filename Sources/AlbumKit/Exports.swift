import AlbumAccounts
import AlbumFiles
import AlbumPlaces
import AlbumSeam
import AlbumStore
import AlbumSources
import AlbumYFCC

// The values of the modules beneath AlbumKit that the `album` executable names (issue 23, item 4):
// `album` imports AlbumKit, AlbumModel, ArgumentParser and Foundation only, and reaches these
// through AlbumKit. A typealias is the same type (no copy, no conversion); a module that imports
// both AlbumKit and the module beneath sees one type under one name.

/// A place name resolved with the offline GeoNames data (`--place`).
public typealias PlaceMatches = AlbumPlaces.PlaceMatches
/// The offline place data, loaded on first use (`Places.problem` when it could not be).
public typealias Places = AlbumPlaces.Places
/// UTC offsets: `+01:00` parsed, zones looked up.
public typealias ZoneOffsets = AlbumPlaces.ZoneOffsets
/// `--source bundle:PATH | flickr | yfcc:FILE`, parsed.
public typealias SourceSpec = AlbumSources.SourceSpec
/// A place of the library's pins and photos, with counts (`album places`).
public typealias LibraryPlace = AlbumSeam.LibraryPlace
/// The YFCC100M dataset's on-disk index (`album yfcc index`, `album yfcc query-times`).
public typealias YFCCIndex = AlbumYFCC.YFCCIndex
public typealias YFCCIndexBuilder = AlbumYFCC.YFCCIndexBuilder
public typealias YFCCIndexReport = AlbumYFCC.YFCCIndexReport
/// A file a command writes at a path the user names, by the one rule (decision 0030).
public typealias OutputFile = AlbumFiles.OutputFile
/// A user of the library (`album user list`).
public typealias UserAccount = AlbumSeam.UserAccount
/// The one check of an account's email and password rules.
public typealias AccountEmail = AlbumAccounts.AccountEmail
/// A read-only link to one album (`album share`).
public typealias ShareLink = AlbumSeam.ShareLink
/// What an `Idempotency-Key` claim found, and one row of the change log (sync, decision 0061).
public typealias RequestClaim = AlbumSeam.RequestClaim
public typealias ChangeRecord = AlbumSeam.ChangeRecord

// The voice diary (issue 32): the transcript queue's values, for `album transcribe`.
public typealias Transcript = AlbumSeam.Transcript
public typealias TranscriptState = AlbumSeam.TranscriptState
/// `album sync`'s state: a server, an outbox row (decision 0062).
public typealias SyncServerState = AlbumStore.SyncServerState
public typealias OutboxItem = AlbumStore.OutboxItem
