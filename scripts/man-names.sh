#!/usr/bin/env bash
# generate-manual names a subcommand's page album.pin.edit.1; Debian's (and git's) convention is
# album-pin-edit.1 (`man album-pin-edit`). Renames the pages in DIR and their cross-references,
# and drops the pages of hidden commands (yfcc query-times, for benchmarks).
set -euo pipefail
dir=${1:?usage: man-names.sh DIR}
cd "$dir"
rm -f album.yfcc.query-times.1
sed -i '/^\.Xr album\.yfcc\.query-times 1/d; s/ ,$//' album.yfcc.1
for page in album.*.1; do
  sed -i -E '/^\.(Xr|Dt|Nm)/ { s/(album|ALBUM)\.([A-Za-z.-]+)/\1-\2/g; :a; s/(album|ALBUM)(-[A-Za-z-]+)\./\1\2-/; ta }' "$page"
  name=${page%.1}
  mv "$page" "${name//./-}.1"
done
sed -i -E '/^\.(Xr|Dt|Nm)/ { s/(album|ALBUM)\.([A-Za-z.-]+)/\1-\2/g; :a; s/(album|ALBUM)(-[A-Za-z-]+)\./\1\2-/; ta }' album.1
# A subcommand's NAME is one word for whatis and lintian (`.Nm album-pin-edit`, as git-commit(1)
# has it); its SYNOPSIS keeps the words the user types (`.Nm "album pin edit"`).
for page in album-*.1; do
  name=$(sed -n -E 's/^\.Nm "(album [^"]+)"$/\1/p' "$page" | head -1)
  [ -n "$name" ] || continue
  sed -i -E "s/^\.Nm \"$name\"\$/.Nm ${name// /-}/; s/^\.Nm\$/.Nm \"$name\"/" "$page"
done
# A blank line between paragraphs of a discussion is a paragraph macro in mdoc (groff warns
# "Empty input line" and lintian reports it otherwise).
sed -i 's/^$/.Pp/' album.1 album-*.1
