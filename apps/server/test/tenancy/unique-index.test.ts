import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/common/app-error';
import { mapUniqueViolation } from '../../src/common/unique-violation';
import { setupTestApp } from '../harness';

const t = setupTestApp();

async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the insert to fail');
}

/** What mapUniqueViolation throws for `err` when `index` is the one expected. */
function mapped(err: unknown, index: string): unknown {
  try {
    mapUniqueViolation(err, [index], 'X_TAKEN', 'f');
  } catch (e) {
    return e;
  }
}

describe('case-insensitive unique indexes (concurrent registrations)', () => {
  it('refuse a second ID, project code or line code differing only in case, mapped to the coded 409', async () => {
    await t.factory.user({ username: 'Race-User' });
    const userErr = await failure(t.factory.user({ username: 'race-user' }));
    expect(mapped(userErr, 'users_username_ci_idx')).toMatchObject({
      code: 'X_TAKEN',
      status: 409,
      field: 'f',
    });

    const p = await t.factory.project({ code: 'RACE-01' });
    expect(
      mapped(await failure(t.factory.project({ code: 'race-01' })), 'projects_code_ci_idx'),
    ).toBeInstanceOf(AppError);
    await t.factory.line(p.id, { code: 'LINE-AB' });
    expect(
      mapped(await failure(t.factory.line(p.id, { code: 'line-ab' })), 'lines_project_code_ci_idx'),
    ).toBeInstanceOf(AppError);
    // Other errors pass through unchanged.
    const other = new Error('boom');
    expect(() => mapUniqueViolation(other, ['users_username_ci_idx'], 'USERNAME_TAKEN', 'username')).toThrow(
      'boom',
    );
  });
});
