#!/usr/bin/env bash
# The reverse-proxy recipe of docs/proxy/README.md, for real: album serve with a token on
# loopback, Debian's nginx in front with TLS (a self-signed certificate made here), and curl
# through nginx: the token is required, the page's own origin may write, another is refused,
# and server-sent events arrive unbuffered. Usage: bash scripts/test-proxy.sh [ALBUM binary]
set -euo pipefail
cd "$(dirname "$0")/.."
ALBUM=${1:-.build/debug/album}
NGINX=${NGINX:-/usr/sbin/nginx}
DIR=$(mktemp -d /tmp/album-proxy.XXXXXX)
ALBUM_PORT=${ALBUM_PORT:-18471}
TLS_PORT=${TLS_PORT:-18443}
NAME=photos.album.test
TOKEN=proxy-test-token-0123456789
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; rm -rf "$DIR"; }
trap cleanup EXIT
fail() { echo "test-proxy: FAIL: $*" >&2; exit 1; }

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=$NAME" -keyout "$DIR/key.pem" -out "$DIR/cert.pem" 2>/dev/null
sed -e "s|ORIGIN|https://$NAME:$TLS_PORT|; s|ALBUM|$ALBUM_PORT|g; s|PORT|$TLS_PORT|; s|NAME|$NAME|; s|CERT|$DIR/cert.pem|; s|KEY|$DIR/key.pem|" \
  docs/proxy/nginx-album.conf >"$DIR/album.conf"
mkdir -p "$DIR/tmp"
user=""; [ "$(id -u)" -eq 0 ] && user="user root;"
cat >"$DIR/nginx.conf" <<CONF
$user
worker_processes 1;
daemon off;
pid $DIR/nginx.pid;
error_log $DIR/error.log;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path $DIR/tmp; proxy_temp_path $DIR/tmp; fastcgi_temp_path $DIR/tmp;
    uwsgi_temp_path $DIR/tmp; scgi_temp_path $DIR/tmp;
    include $DIR/album.conf;
}
CONF

"$ALBUM" pin add --lat 45 --lon 7 --title Proxy --library "$DIR/lib" >/dev/null
"$ALBUM" serve --port "$ALBUM_PORT" --token "$TOKEN" --library "$DIR/lib" --source "bundle:fixtures/bundle" >"$DIR/serve.log" 2>&1 &
pids+=($!)
"$NGINX" -c "$DIR/nginx.conf" -p "$DIR" 2>>"$DIR/error.log" &
pids+=($!)
# Ready means both answer: album itself on loopback, then nginx in front of it. (`curl -f`: a 502
# from nginx before album listens is not ready.)
ready() {
  curl -sf -o /dev/null "http://127.0.0.1:$ALBUM_PORT/assets/leaflet.js" &&
    curl -sfk -o /dev/null --resolve "$NAME:$TLS_PORT:127.0.0.1" "https://$NAME:$TLS_PORT/assets/leaflet.js"
}
for _ in $(seq 300); do ready && break; sleep 0.1; done
ready || fail "album serve or nginx did not start in 30 s: $(tail -5 "$DIR/serve.log") $(tail -5 "$DIR/error.log")"
base="https://$NAME:$TLS_PORT"
c() { curl -sk --resolve "$NAME:$TLS_PORT:127.0.0.1" -o "$DIR/body" -w '%{http_code}' "$@"; }
auth=(-H "Authorization: Bearer $TOKEN")
json=(-H "Content-Type: application/json" --data '{"latitude":1,"longitude":2,"fetch":false}')

[ "$(c "$base/api/pins")" = 401 ] || fail "no token: $(cat "$DIR/body")"
[ "$(c "${auth[@]}" "$base/api/pins")" = 200 ] || fail "GET /api/pins with the token: $(cat "$DIR/body")"
grep -q '"title":"Proxy"' "$DIR/body" || fail "the pin list: $(cat "$DIR/body")"
[ "$(c "${auth[@]}" --http2 -o /dev/null "$base/")" = 200 ] || fail "the map page over HTTP/2"
[ "$(c "${auth[@]}" "${json[@]}" -H "Origin: $base" "$base/api/pins")" = 201 ] || fail "POST from the page's own origin: $(cat "$DIR/body")"
for origin in https://evil.test "http://$NAME:$TLS_PORT" "https://$NAME" "http://127.0.0.1:$ALBUM_PORT.evil.test"; do
  [ "$(c "${auth[@]}" "${json[@]}" -H "Origin: $origin" "$base/api/pins")" = 403 ] || fail "POST from $origin: $(cat "$DIR/body")"
done
[ "$(c "${auth[@]}" "$base/api/pins")" = 200 ] && [ "$(grep -o '"id"' "$DIR/body" | wc -l)" = 2 ] || fail "exactly one pin added: $(cat "$DIR/body")"
# Server-sent events through the proxy: the first event arrives at once (curl stops after 3 s).
curl -sk -N --max-time 3 --resolve "$NAME:$TLS_PORT:127.0.0.1" "${auth[@]}" "$base/api/pins/1/events" >"$DIR/events" || true
grep -q "event: album" "$DIR/events" || fail "no event through the proxy: $(head -c 300 "$DIR/events")"
# The login link works through the proxy: it sets the cookie, which then stands for the token.
code=$(grep -o 'login?code=[0-9a-f]*' "$DIR/serve.log" | head -1 | cut -d= -f2)
[ -n "$code" ] || fail "no login link printed: $(cat "$DIR/serve.log")"
[ "$(c -c "$DIR/cookies" "$base/login?code=$code")" = 303 ] || fail "login link: $(cat "$DIR/body")"
[ "$(c -b "$DIR/cookies" "$base/api/pins")" = 200 ] || fail "the login cookie"
echo "test-proxy: ok (nginx $("$NGINX" -v 2>&1 | cut -d/ -f2) in front of album serve, TLS, HTTP/2, token, origin, events)"
