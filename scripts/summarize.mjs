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
  // Named in the closing lines, so a CI log that keeps only its tail still says what failed.
  const failures = (r.testResults ?? []).flatMap((s) => {
    const file = s.name.replace(process.cwd() + '/', '');
    const bad = s.assertionResults.filter((t) => t.status === 'failed').map((t) => `${file} › ${t.title}`);
    return bad.length || s.status !== 'failed'
      ? bad
      : [`${file} (${(s.message ?? 'suite failed').slice(0, 200)})`];
  });
  return { passed: r.numPassedTests, failed: r.numFailedTests + brokenSuites + unhandled, failures };
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
  const report = JSON.parse(raw);
  const s = report.stats;
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected' || t.status === 'flaky')
          failures.push(
            `${t.status === 'flaky' ? '(flaky, passed on retry) ' : ''}${spec.file}:${spec.line} › ${spec.title}`,
          );
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return {
    failures,
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
    for (const name of (r.failures ?? []).slice(0, 20))
      console.log(`    ${name.startsWith('(flaky') ? '' : 'failed: '}${name}`);
  }
  if (passed === 0) failed = Math.max(failed, 1);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
