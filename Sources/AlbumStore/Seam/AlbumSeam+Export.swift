/// The seam this module implements on SQLite: code that imports AlbumStore sees its protocols
/// and values (`LibraryStore`, `ImportGroup`, …) as before they moved to AlbumSeam.
@_exported import AlbumSeam
