#!/usr/bin/env python3
"""When and where sound files say they were recorded, as mutagen (PyPI) reads their tags: the
reference `AudioReader` (FFmpeg's tags, Sources/AlbumAudio/SoundTime.swift) is checked against in
Tests/AlbumAudioTests/SoundTagsReferenceTests.swift, and what bench/import-audio.sh times.

For each FILE, one line `NAME<TAB>DATE<TAB>POSITION<TAB>TITLE<TAB>ARTIST`:
  DATE      the date tag (m4a ©day, ID3 TDRC, a Vorbis comment's DATE) as SoundTime prints it:
            `instant 2024-05-12T10:31:00Z`, `local 2024-05-12T10:31:00+02:00`,
            `local 2024-05-12T10:31:00`, `day 2024-05-12`, or `-` (none, a year alone, before 1980)
  POSITION  the location tag (m4a ©xyz, ID3 TXXX:location, a Vorbis comment's LOCATION) in
            ISO 6709 decimal degrees as `lat,lon` with 4 decimals, or `-`
  TITLE, ARTIST  the tags, or `-`
Usage:
    pip install --no-deps --target .build/pydeps mutagen==1.48.1
    PYTHONPATH=.build/pydeps python3 scripts/audio-tags-reference.py FILE...
"""
import os
import re
import sys
from datetime import date, datetime, timedelta, timezone

import mutagen
from mutagen.id3 import ID3
from mutagen.mp4 import MP4


def first(tags, *keys):
    for key in keys:
        try:
            value = tags[key]
        except (KeyError, ValueError, TypeError):
            continue
        if isinstance(value, list):
            value = value[0] if value else None
        elif hasattr(value, "text"):  # an ID3 frame
            value = value.text[0] if value.text else None
        if value is not None and str(value).strip():
            return str(value).strip()
    return None


def when(text):
    if text is None or len(text) < 10:
        return "-"
    try:
        if len(text) == 10:
            day = date.fromisoformat(text)
            return f"day {day.isoformat()}" if day.year >= 1980 else "-"
        moment = datetime.fromisoformat(text.replace(" ", "T", 1))
    except ValueError:
        return "-"
    if moment.year < 1980:
        return "-"
    local = moment.replace(microsecond=0, tzinfo=None).isoformat()
    offset = moment.utcoffset()
    if offset is None:
        return f"local {local}"
    if offset == timedelta(0):
        return f"instant {local}Z"
    minutes = int(offset.total_seconds()) // 60
    sign = "+" if minutes >= 0 else "-"
    return f"local {local}{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def where(text):
    match = re.match(r"([+-]\d{2}(?:\.\d+)?)([+-]\d{3}(?:\.\d+)?)", text or "")
    if not match:
        return "-"
    lat, lon = float(match.group(1)), float(match.group(2))
    if abs(lat) > 90 or abs(lon) > 180:
        return "-"
    return f"{lat:.4f},{lon:.4f}"


def main(paths):
    for path in paths:
        audio = mutagen.File(path)
        tags = audio.tags if audio is not None and audio.tags is not None else {}
        if isinstance(audio, MP4):
            keys = {"date": ["©day"], "where": ["©xyz"], "title": ["©nam"], "artist": ["©ART"]}
        elif isinstance(tags, ID3):
            keys = {"date": ["TDRC"], "where": ["TXXX:location"], "title": ["TIT2"], "artist": ["TPE1"]}
        else:
            keys = {"date": ["date"], "where": ["location"], "title": ["title"], "artist": ["artist"]}
        fields = [
            os.path.basename(path),
            when(first(tags, *keys["date"])),
            where(first(tags, *keys["where"])),
            first(tags, *keys["title"]) or "-",
            first(tags, *keys["artist"]) or "-",
        ]
        print("\t".join(fields))


if __name__ == "__main__":
    main(sys.argv[1:])
