#!/usr/bin/env bash
# CI only: runs the migration and auth tests against Debian's own PostgreSQL (not the embedded one),
# so the SQL is checked on a second server build. Usage: ci-debian-postgres.sh OUT_DIR
# Writes OUT_DIR/debian-pg.json ({passed, failed}) and stops the cluster it started.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT="${1:?usage: ci-debian-postgres.sh OUT_DIR}"
mkdir -p "$OUT"
fail() { echo "{\"passed\":0,\"failed\":1,\"note\":\"$1\"}" > "$OUT/debian-pg.json"; echo "[debian-pg] $1" >&2; exit 0; }
[ -n "${CI:-}" ] || { echo "[debian-pg] CI is not set: skipped"; exit 0; }

BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$BIN" ] && [ -x "$BIN/initdb" ] || fail "Debian PostgreSQL binaries not found in /usr/lib/postgresql"
id postgres >/dev/null 2>&1 || fail "no postgres system user"

# PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
RUN=(); [ "$(id -u)" = 0 ] && RUN=(runuser -u postgres --)
DIR=$(mktemp -d /tmp/sightline-debian-pg.XXXXXX)
chown postgres "$DIR" 2>/dev/null || true
chmod 700 "$DIR"
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

cleanup() { "${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1; rm -rf "$DIR"; }
trap cleanup EXIT

"${RUN[@]}" "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null || fail "initdb failed"
"${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$DIR" start >/dev/null || { cat "$DIR/log" >&2; fail "PostgreSQL did not start"; }
echo "[debian-pg] $("$BIN/postgres" --version) on 127.0.0.1:$PORT"

RAW="$OUT/debian-pg.raw.json"
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres" npx vitest run --project server \
  apps/server/test/migrations.test.ts apps/server/test/auth.test.ts apps/server/test/account-guards.test.ts \
  --reporter=default --reporter=json --outputFile.json="$RAW"
node scripts/summarize.mjs --vitest "$RAW" > "$OUT/debian-pg.json"
cat "$OUT/debian-pg.json"
