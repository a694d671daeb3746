#!/bin/bash
# Regenerates Sources/AlbumStore/Migration/Schema+Snapshot.swift (decision 0083): the schema a
# new library gets at once, made by replaying every migration of Schema.swift; then checks it.
# Run after appending migrations (a snapshot behind them is still correct: the migrations after
# it are replayed, only slower). Same build as `make test`, so nothing is rebuilt twice.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests --traits PostgreSQL
ALBUM_WRITE_SCHEMA_SNAPSHOT=1 swift test --skip-build --traits PostgreSQL --filter SchemaSnapshotTests >/dev/null || true
swift build --build-tests --traits PostgreSQL
swift test --skip-build --traits PostgreSQL --filter 'SchemaSnapshotTests|MigrationTests'
