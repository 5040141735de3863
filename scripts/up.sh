#!/usr/bin/env bash
# First quick-start command: install what is needed, build, start the product on $PORT (8080).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system.sh runtime
bash scripts/ensure-deps.sh
node scripts/build.mjs
exec node apps/server/dist/main.js
