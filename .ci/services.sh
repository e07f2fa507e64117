#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL 15 and Redis on loopback for the server-engine test pass.
# Usage: .ci/services.sh start|stop   (exports nothing; prints the URLs on start)
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
ROOT=${SERVICES_DIR:-/tmp/sextant-ci-services}
PGPORT=${PGPORT:-55433}
REDISPORT=${REDISPORT:-56379}

as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-}" in
  start)
    mkdir -p "$ROOT"
    [ "$(id -u)" = 0 ] && chown postgres "$ROOT"
    if [ ! -f "$ROOT/pg/PG_VERSION" ]; then
      as_postgres "$PGBIN/initdb" -D "$ROOT/pg" -U postgres --auth=trust -E UTF8 >/dev/null
    fi
    as_postgres "$PGBIN/pg_ctl" -D "$ROOT/pg" -l "$ROOT/pg.log" -w \
      -o "-c listen_addresses=127.0.0.1 -c port=$PGPORT -c unix_socket_directories=$ROOT -c fsync=off" start >/dev/null
    # The serving login is deliberately not a superuser and cannot bypass RLS.
    as_postgres "$PGBIN/psql" -h 127.0.0.1 -p "$PGPORT" -U postgres -qAt -c \
      "do \$\$ begin if not exists (select 1 from pg_roles where rolname='sextant') then
         create role sextant login password 'sextant' createdb createrole nosuperuser nobypassrls; end if; end \$\$;" >/dev/null
    redis-server --bind 127.0.0.1 --port "$REDISPORT" --save '' --appendonly no --daemonize yes \
      --pidfile "$ROOT/redis.pid" --logfile "$ROOT/redis.log"
    echo "DATABASE_URL=postgres://sextant:sextant@127.0.0.1:$PGPORT/postgres"
    echo "REDIS_URL=redis://127.0.0.1:$REDISPORT"
    ;;
  stop)
    [ -f "$ROOT/pg/postmaster.pid" ] && as_postgres "$PGBIN/pg_ctl" -D "$ROOT/pg" -m fast -w stop >/dev/null || true
    [ -f "$ROOT/redis.pid" ] && kill "$(cat "$ROOT/redis.pid")" 2>/dev/null || true
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
