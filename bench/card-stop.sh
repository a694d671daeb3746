#!/usr/bin/env bash
# Usage (from the repository, after bench/pages.sh made the library): bash bench/card-stop.sh [ALBUM] (env LIB, PORT)
# The yearly card at 100,000 photos on a fresh `album serve` (release): its first byte; then, on
# another fresh server, SIGTERM 0.3 s into drawing it, and how long the server takes to exit.
set -u
ALBUM=${1:-.build/release/album}; LIB=${LIB:-/tmp/ga-pages/lib}; PORT=${PORT:-18105}
start() { "$ALBUM" serve --port $PORT --library $LIB --source bundle:fixtures/bundle >/dev/null 2>/dev/null & SERVER=$!
  for _ in $(seq 600); do curl -sf -o /dev/null http://127.0.0.1:$PORT/api/region && break; sleep 0.1; done; }
start
for i in 1 2; do curl -s -o /dev/null -w "card $i: %{http_code} first byte %{time_starttransfer} s\n" "http://127.0.0.1:$PORT/api/summaries/yearly/card?year=2024"; done
kill -TERM $SERVER; wait $SERVER; echo "idle stop: status $?"
start
curl -s -o /dev/null -w "card while stopping: %{http_code} after %{time_total} s\n" "http://127.0.0.1:$PORT/api/summaries/yearly/card?year=2024" &
CURL=$!
sleep 0.3
T0=$(date +%s.%N); kill -TERM $SERVER; wait $SERVER; STATUS=$?; T1=$(date +%s.%N)
wait $CURL
echo "SIGTERM 0.3 s into the card: exit status $STATUS after $(echo "$T1 - $T0" | bc) s"
