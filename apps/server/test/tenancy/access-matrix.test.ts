// The generated access matrix (issue #6): every tenancy endpoint × every actor (anonymous, roles 1–5 and
// a role-4 project manager) × own / other project / other company, on real PostgreSQL. Allowed calls must
// succeed (lists must show exactly the rows the actor may see); refused ones must answer 401/403/404
// (or the rule's 400) and leave every tenancy table unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANCY_ROUTES } from '../../src/features';
import { setupTestApp } from '../harness';
import { CASES, type MatrixCase } from './matrix/cases';
import {
  ACTORS,
  SCOPES,
  buildFixtures,
  fingerprint,
  type ActorName,
  type MatrixFixtures,
  type Scope,
} from './matrix/fixtures';

const t = setupTestApp();
let fx: MatrixFixtures;
const ran: string[] = [];
const failures: string[] = [];

beforeAll(async () => {
  fx = await buildFixtures(t);
}, 120_000);

afterAll(() => {
  console.log(
    `access matrix: ${ran.length} cases (${CASES.length} endpoints × ${ACTORS.length} actors × scopes), ${failures.length} failed`,
  );
});

async function runCase(c: MatrixCase, actor: ActorName, scope: Scope): Promise<string | null> {
  const h = fx.headers[actor];
  const req = await c.request({ t, fx, scope, h });
  const expected = actor === 'anonymous' && !c.public ? 'anon' : c.expect(actor, scope);
  const before = expected === 'ok' ? null : await fingerprint(t);
  const res = await t.app.inject({
    method: req.method,
    url: req.url,
    payload: req.payload as never,
    headers: { ...h, ...req.headers },
  });
  const label = `${c.name} as ${actor} on ${scope}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`;
  const s = res.statusCode;
  if (expected === 'ok') {
    if (s < 200 || s >= 300) return label;
    if (c.listed && c.visible) {
      const ids = (res.json().data.data as { id: number }[]).map((r) => r.id);
      const shouldSee = c.visible(actor, scope);
      if (ids.includes(c.listed(fx, scope)) !== shouldSee)
        return `${label} — list ${shouldSee ? 'misses' : 'leaks'} the ${scope} row`;
    }
    return null;
  }
  const statusOk =
    expected === 'anon' ? s === 401 : expected === 'invalid' ? s === 400 : s === 403 || s === 404;
  if (!statusOk) return label;
  if ((await fingerprint(t)) !== before) return `${label} — refused call changed the database`;
  return null;
}

describe('tenancy access matrix', () => {
  it('covers every route the tenancy plugin registers', () => {
    const covered = new Set(CASES.map((c) => c.name.replace(/\?.*$/, '').replace(/ \(.*\)$/, '')));
    expect([...TENANCY_ROUTES].filter((r) => !covered.has(r))).toEqual([]);
    expect(TENANCY_ROUTES.size).toBeGreaterThan(40);
  });

  for (const c of CASES) {
    it(c.name, async () => {
      const errors: string[] = [];
      for (const actor of ACTORS) {
        for (const scope of c.scoped ? SCOPES : (['own'] as const)) {
          const err = await runCase(c, actor, scope);
          ran.push(`${c.name}|${actor}|${scope}`);
          if (err) errors.push(err);
        }
      }
      failures.push(...errors);
      expect(errors).toEqual([]);
    });
  }
});
