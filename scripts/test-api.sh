#!/usr/bin/env bash
# The API against its own description: schemathesis (PyPI, installed here when missing) runs
# every check on every operation of /api/openapi.json with a bounded number of examples, the
# event stream excluded (it never ends), against `album serve` on loopback over a library made
# here (pins with the bundle's photos, offline). Exit status: schemathesis's (0: no failure).
# Twice: on a library without users (open on loopback), then with one (logged in, issue 25).
# Usage: bash scripts/test-api.sh [ALBUM binary]   (env MAX_EXAMPLES, default 25)
set -euo pipefail
cd "$(dirname "$0")/.."
ALBUM=${1:-.build/debug/album}
shift || true
MAX_EXAMPLES=${MAX_EXAMPLES:-25}
ST_VERSION=4.32.5
DIR=$(mktemp -d /tmp/album-api.XXXXXX)
PORT=${PORT:-18472}
pid=""
cleanup() { [ -n "$pid" ] && { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }; rm -rf "$DIR"; }
trap cleanup EXIT

if ! python3 -m pip show -q schemathesis >/dev/null 2>&1; then
  python3 -m pip install -q "schemathesis==$ST_VERSION"
fi
ST=("$(python3 -c 'import sys, os; print(os.path.join(os.path.dirname(sys.executable), "schemathesis"))')")
[ -x "${ST[0]}" ] || ST=(schemathesis)

export ALBUM_LIBRARY="$DIR/lib"
"$ALBUM" fetch --lat 48.856613 --lon 2.352222 --title Paris --source bundle:fixtures/bundle >/dev/null
"$ALBUM" pin add --lat 41.89 --lon 12.49 --title Rome >/dev/null
"$ALBUM" serve --port "$PORT" --source bundle:fixtures/bundle >"$DIR/serve.log" 2>&1 &
pid=$!
for _ in $(seq 600); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/api/region" && break; sleep 0.1; done

# Bounded: about 20 s on a quiet machine at 25 examples; 240 s at most on a loaded one. The
# summary cards (a PNG drawn per request, ~0.5-1.5 s each on a loaded machine) get their own
# short run, so that they are probed without taking the others' time.
timeout 240 "${ST[@]}" --config-file scripts/schemathesis.toml run "http://127.0.0.1:$PORT/api/openapi.json" \
  --checks all --max-examples "$MAX_EXAMPLES" --exclude-path '/api/pins/{id}/events' --exclude-path-regex '/card$' \
  --request-timeout 10 --no-color --seed 1 --workers 1 "$@"
timeout 240 "${ST[@]}" --config-file scripts/schemathesis.toml run "http://127.0.0.1:$PORT/api/openapi.json" \
  --checks all --max-examples 3 --include-path-regex '/card$' \
  --request-timeout 20 --no-color --seed 1 --workers 1 "$@"

# Again on the same library once it has a user (issue 25): every request as that user, with the
# access token a login gives; the login routes themselves get schemathesis's own bodies.
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
printf 'api test password\n' | "$ALBUM" user add api@example.org >/dev/null
"$ALBUM" serve --port "$PORT" --source bundle:fixtures/bundle >"$DIR/serve.log" 2>&1 &
pid=$!
for _ in $(seq 600); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/api/openapi.json" && break; sleep 0.1; done
TOKEN=$(curl -sf -H 'Content-Type: application/json' -d '{"email":"api@example.org","password":"api test password"}' \
  "http://127.0.0.1:$PORT/api/auth/login" | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
timeout 240 "${ST[@]}" --config-file scripts/schemathesis.toml run "http://127.0.0.1:$PORT/api/openapi.json" -H "Authorization: Bearer $TOKEN" \
  --checks all --max-examples "$MAX_EXAMPLES" --exclude-path '/api/pins/{id}/events' --exclude-path-regex '/card$' \
  --request-timeout 10 --no-color --seed 1 --workers 1 "$@"
