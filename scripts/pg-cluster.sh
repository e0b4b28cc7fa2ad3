#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and the bench: initdb in a
# temporary folder, a free loopback port, the unix socket inside that folder,
# trust authentication on loopback only. Nothing outside the folder changes.
#
#   scripts/pg-cluster.sh start DIR   (DIR: a new folder whose parents others may traverse, e.g. under /tmp) prints the connection URL (postgres://…@127.0.0.1:PORT/postgres)
#   scripts/pg-cluster.sh stop DIR    stops the cluster and removes DIR
#   scripts/pg-cluster.sh bindir      prints the PostgreSQL binaries folder, or fails when none is installed
#
# PostgreSQL refuses to run as root: as root the cluster runs as the `postgres`
# system user (runuser), otherwise as the calling user.
set -euo pipefail

bindir() {
  if [ -n "${PG_BINDIR:-}" ] && [ -x "$PG_BINDIR/initdb" ]; then echo "$PG_BINDIR"; return 0; fi
  local candidate
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then echo "$candidate"; return 0; fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"; return 0
  fi
  return 1
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

start() {
  local dir="$1" bin port
  bin="$(bindir)" || { echo 'PostgreSQL binaries not found' >&2; exit 1; }
  mkdir -p "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  port="$(free_port)"
  # fsync off: a test cluster is thrown away, durability costs seconds for nothing.
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  echo "postgres://postgres@127.0.0.1:$port/postgres"
}

stop() {
  local dir="$1" bin
  bin="$(bindir)" || true
  if [ -n "$bin" ] && [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start "${2:?folder}" ;;
  stop) stop "${2:?folder}" ;;
  bindir) bindir ;;
  *) echo "usage: $0 start DIR | stop DIR | bindir" >&2; exit 2 ;;
esac
