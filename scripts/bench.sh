#!/usr/bin/env bash
# npm run bench -- NAME: runs bench/NAME.ts; its last line is one JSON object.
set -euo pipefail
cd "$(dirname "$0")/.."
name="${1:?usage: npm run bench -- NAME}"
exec npx tsx "bench/$name.ts" "${@:2}"
