# Shared by the bench scripts; sourced, not run: `. bench/lib.sh` (from the repository root).

# Prints the path of the release `album`, building it first. With $ALBUM set, prints that instead
# and builds nothing: to time a binary built elsewhere (another commit, for a before/after).
# Extra arguments go to `swift build` (`release_album --traits PostgreSQL`).
release_album() {
  if [ -n "${ALBUM:-}" ]; then echo "$ALBUM"; return; fi
  swift build -c release "$@" --product album >/dev/null
  echo "$(swift build -c release "$@" --show-bin-path)/album"
}

# start_nginx RATE: nginx on 127.0.0.1:$port serving $work/www, each connection throttled to
# RATE bytes/s (nginx's limit_rate; "0" = none); stop_nginx stops it. Needs $work and $port.
stop_nginx() {
  if [ -f "$work/nginx.pid" ]; then kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; sleep 0.3; fi
  rm -f "$work/nginx.pid"
}
start_nginx() {
  stop_nginx
  cat > "$work/nginx.conf" <<NGINX
worker_processes 1;
daemon on;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:$port;
    root $work/www;
    limit_rate $1;
  }
}
NGINX
  nginx -c "$work/nginx.conf" -p "$work"
}

# measure CMD ARGS…: runs the command $runs times (stdout to $work/out.json, stderr dropped;
# `$before` is eval'd before each run) and prints "best-seconds peak-kB cpu-seconds": the best
# wall time, with the peak resident memory and the CPU time (user + system) of that run.
# A run that exits non-zero is timed all the same (the caller checks $work/out.json).
measure() {
  local best=999999 peak=0 cpu=0 t m c
  for _ in $(seq "$runs"); do
    [ -n "${before:-}" ] && eval "$before"
    /usr/bin/time -v -o "$work/time.txt" "$@" > "$work/out.json" 2>/dev/null || true
    t=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$work/time.txt")
    m=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
    c=$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {print u + s}' "$work/time.txt")
    if python3 -c "import sys; sys.exit(0 if $t < $best else 1)"; then best=$t; peak=$m; cpu=$c; fi
  done
  echo "$best $peak $cpu"
}

# report NAME SECONDS PEAK-KB CPU-SECONDS: one line of a folder benchmark, per file and per MB of
# the folder measured ($files files, $bytes bytes).
report() {  # name seconds peak-kB cpu-seconds
  python3 -c "
name, s, kb, cpu, files, mb = '$1', float('$2'), int('$3'), float('$4'), $files, $bytes / 1e6
print(f'{name:<12} {files / s:8.0f} files/s  {mb / s:7.1f} MB/s  {s:7.2f} s  cpu {cpu:7.2f} s  peak {kb / 1024:6.1f} MB')"
}
