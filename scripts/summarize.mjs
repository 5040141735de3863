// Turns each test runner's report into {passed, failed}, and sums a results folder into the
// closing line "N passed, N failed" (exit 1 when anything failed or nothing ran).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const [mode, file] = process.argv.slice(2);
const read = (f) => (existsSync(f) ? readFileSync(f, 'utf8') : '');

function vitest(f) {
  const raw = read(f);
  if (!raw) return { passed: 0, failed: 1, note: 'no vitest report' };
  const r = JSON.parse(raw);
  // A suite that fails to load counts as a failure even when no test inside it ran.
  const brokenSuites = (r.testResults ?? []).filter(
    (s) => s.status === 'failed' && s.assertionResults.length === 0,
  ).length;
  // Unhandled errors (a crashed worker, a bad config) fail the run without failing a test.
  const unhandled = r.success === false && r.numFailedTests + brokenSuites === 0 ? 1 : 0;
  return { passed: r.numPassedTests, failed: r.numFailedTests + brokenSuites + unhandled };
}
function junit(f) {
  const raw = read(f);
  if (!raw) return { passed: 0, failed: 1, note: 'no junit report' };
  const num = (name) =>
    [...raw.matchAll(new RegExp(`<testsuite[^>]*\\s${name}="(\\d+)"`, 'g'))].reduce(
      (a, m) => a + Number(m[1]),
      0,
    );
  const tests = num('tests'),
    failed = num('failures') + num('errors'),
    skipped = num('skipped');
  return { passed: tests - failed - skipped, failed };
}
function playwright(f) {
  const raw = read(f);
  if (!raw) return { passed: 0, failed: 1, note: 'no playwright report' };
  const s = JSON.parse(raw).stats;
  return {
    passed: s.expected + (s.flaky ?? 0),
    failed: s.unexpected + (raw.includes('"errors":[{') && s.expected === 0 ? 1 : 0),
  };
}

if (mode === '--vitest') console.log(JSON.stringify(vitest(file)));
else if (mode === '--junit') console.log(JSON.stringify(junit(file)));
else if (mode === '--playwright') console.log(JSON.stringify(playwright(file)));
else {
  let passed = 0,
    failed = 0;
  for (const f of readdirSync(mode).filter((n) => n.endsWith('.json') && !n.includes('.raw.'))) {
    const r = JSON.parse(readFileSync(join(mode, f), 'utf8'));
    console.log(
      `  ${f.replace('.json', '').padEnd(12)} ${r.passed} passed, ${r.failed} failed${r.note ? ` (${r.note})` : ''}`,
    );
    passed += r.passed;
    failed += r.failed;
  }
  if (passed === 0) failed = Math.max(failed, 1);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
