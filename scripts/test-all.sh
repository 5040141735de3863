#!/usr/bin/env bash
# Second quick-start command: every test (type-check, unit, server integration on real PostgreSQL,
# trainer, browser). Each stage writes .test-results/<stage>.json; the last line sums them:
# "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/.test-results
rm -rf "$OUT"; mkdir -p "$OUT"
export ONNXRUNTIME_NODE_INSTALL_CUDA=skip

bash scripts/ensure-system.sh test || echo '{"passed":0,"failed":1,"note":"system packages"}' > "$OUT/system.json"
bash scripts/ensure-deps.sh || { echo '{"passed":0,"failed":1}' > "$OUT/deps.json"; node scripts/summarize.mjs "$OUT"; exit 1; }

stage() { echo; echo "=== $1"; }
# One-shot checks count as one test each: check NAME COMMAND...
check() {
  local name=$1; shift
  if "$@"; then echo '{"passed":1,"failed":0}' > "$OUT/$name.json"; else echo '{"passed":0,"failed":1}' > "$OUT/$name.json"; fi
}

stage "build"
check build node scripts/build.mjs

stage "type-check (tsc -b)"
check typecheck npx tsc -b

stage "lint (eslint)"
check lint npx eslint . --max-warnings 0

stage "format (prettier --check)"
check format npx prettier --check . --log-level warn

stage "unit and server integration (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$OUT/vitest.raw.json"
node scripts/summarize.mjs --vitest "$OUT/vitest.raw.json" > "$OUT/vitest.json"

if [ -d packages/trainer/tests ]; then
  stage "trainer (pytest)"
  (cd packages/trainer && /usr/bin/python3 -m pytest -q -p no:cacheprovider --junitxml="$OUT/pytest.xml" tests)
  node scripts/summarize.mjs --junit "$OUT/pytest.xml" > "$OUT/pytest.json"
fi

if [ -n "${CI:-}" ] && [ -x scripts/ci-debian-postgres.sh ]; then
  stage "migrations and auth on Debian's PostgreSQL"
  bash scripts/ci-debian-postgres.sh "$OUT"
fi

if [ -f e2e/playwright.config.ts ]; then
  stage "browser (Playwright in Debian's Chromium)"
  (cd e2e && PLAYWRIGHT_JSON_OUTPUT_FILE="$OUT/playwright.raw.json" npx playwright test --reporter=list,json)
  node scripts/summarize.mjs --playwright "$OUT/playwright.raw.json" > "$OUT/playwright.json"
fi

echo
node scripts/summarize.mjs "$OUT"
