// AlbumNet: see docs/architecture.md. Its types arrive with their issue.
