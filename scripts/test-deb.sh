#!/usr/bin/env bash
# `make test-deb`: the package extracted into a temporary root (no install, no root needed) and
# run from there: no Swift library is loaded from outside it (ldd), every library it loads is
# found, `album fetch` works offline from the bundle the package carries, and the man pages and
# completions are where man and the shells look.
set -euo pipefail
deb=${1:?usage: test-deb.sh PACKAGE.deb}
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
album="$root/usr/bin/album"
fail() { echo "test-deb: $*" >&2; exit 1; }

libraries=$(ldd "$album")
if grep -qE 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime' <<<"$libraries"; then
  fail "a Swift library is loaded from outside the package:"$'\n'"$libraries"
fi
if grep -q 'not found' <<<"$libraries"; then fail "a library is missing:"$'\n'"$libraries"; fi
# Every library it loads belongs to a package named in Depends (directly or through it).
depends=$(dpkg-deb -f "$deb" Depends)
for soname in $(objdump -p "$album" | awk '/NEEDED/ {print $2}'); do
  path=$(ldconfig -p | awk -v s="$soname" '$1 == s && /x86-64/ && !found {print $NF; found = 1}')
  # (awk reads every line: `head -1` would end early and its writer die of SIGPIPE, which
  # pipefail turns into this script's exit status.)
  owner=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | awk -F: 'NR == 1 {print $1}') || owner=""
  if [ -z "$owner" ]; then owner=$(dpkg -S "$path" 2>/dev/null | awk -F: 'NR == 1 {print $1}') || owner=""; fi
  [ -n "$owner" ] || fail "$soname ($path) belongs to no Debian package"
  tr ',' '\n' <<<"$depends" | awk '{print $1}' | grep -xF "$owner" >/dev/null || fail "$soname ($owner) is not in Depends: $depends"
done

"$album" --version | grep -x "$(dpkg-deb -f "$deb" Version)" >/dev/null || fail "album --version is not the package's version"
library="$root/library"
out=$(cd "$root" && "$album" fetch --lat 48.856613 --lon 2.352222 --title Paris --per-page 3 --library "$library" 2>&1) \
  || fail "album fetch failed: $out"
grep -q '3 photos: 3 downloaded, 0 failed' <<<"$out" || fail "album fetch did not download from the bundle: $out"
"$album" status --library "$library" --json >/dev/null || fail "album status failed"

[ -f "$root/usr/share/geoalbum/zones.bin" ] || fail "no zone map"
# The GSHHG basemap (decision 0108): `album serve` finds it beside itself and serves its tiles.
[ -s "$root/usr/share/geoalbum/gshhg.bin" ] || fail "no GSHHG basemap"
"$album" serve --port 0 --json --library "$library" > "$root/serve.json" 2>"$root/serve.err" &
serve=$!
for _ in $(seq 100); do grep -q '}' "$root/serve.json" 2>/dev/null && break; sleep 0.1; done
url=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["url"].rstrip("/"))' "$root/serve.json") \
  || { kill "$serve"; fail "album serve did not start: $(cat "$root/serve.err")"; }
check=$(python3 - "$url" <<'PY'
import sys, urllib.request
url = sys.argv[1]
page = urllib.request.urlopen(url + "/", timeout=10).read().decode()
if 'data-vector="/api/basemap"' not in page: print("album serve does not use the packaged basemap"); sys.exit()
tile = urllib.request.urlopen(url + "/api/basemap/5/32/7", timeout=10).read()  # Paris' tile
print("ok" if tile else "the packaged basemap's tile 5/32/7 (Paris) is empty")
PY
) || check="album serve did not answer: $(cat "$root/serve.err")"
kill "$serve"; wait "$serve" 2>/dev/null || true
[ "$check" = ok ] || fail "$check"
for page in album album-fetch album-pin-edit; do
  MANWIDTH=80 man -l "$root/usr/share/man/man1/$page.1.gz" 2>/dev/null | grep . >/dev/null || fail "man $page shows nothing"
done
man -l "$root/usr/share/man/man1/album-pin-edit.1.gz" 2>/dev/null | grep -- '--title' >/dev/null || fail "man album-pin-edit lacks --title"
# Every page has a NAME whatis and apropos read (lexgrog, as lintian's bad-whatis-entry does), and
# groff warns of nothing in it.
for page in "$root"/usr/share/man/man1/*.1.gz; do
  lexgrog "$page" >/dev/null 2>&1 || fail "$(basename "$page"): whatis cannot read its NAME: $(lexgrog "$page" 2>&1)"
  warnings=$(zcat "$page" | groff -mandoc -ww -z 2>&1) || true
  [ -z "$warnings" ] || fail "$(basename "$page"): groff warns: ${warnings%%$'\n'*}"
done
lexgrog "$root/usr/share/man/man1/album-pin-edit.1.gz" | grep -F '"album-pin-edit - ' >/dev/null || fail "album-pin-edit's whatis name"
[ -s "$root/usr/share/bash-completion/completions/album" ] || fail "no bash completion"
[ -s "$root/usr/share/zsh/vendor-completions/_album" ] || fail "no zsh completion"
[ -s "$root/usr/share/fish/vendor_completions.d/album.fish" ] || fail "no fish completion"
bash -c "source '$root/usr/share/bash-completion/completions/album'" || fail "the bash completion does not load"
[ "$(head -c 2 "$root/usr/share/bash-completion/completions/album")" != '#!' ] || fail "the bash completion starts with #! (it is sourced)"
echo "test-deb: $deb runs from an extracted root: $(grep -c '=>' <<<"$libraries") libraries, none of them Swift's"
