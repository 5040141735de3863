import { describe, expect, it } from 'vitest';
import { JOB_KINDS } from '@sightline/domain';
import { buildRegistry, defineHandler, handlers, sleep } from '@sightline/jobs';

const noop = async () => null;

describe('handler registry', () => {
  it('maps each kind to its handler', () => {
    const reg = buildRegistry([defineHandler('system.sleep', noop)], ['system.sleep']);
    expect([...reg.keys()]).toEqual(['system.sleep']);
  });

  it('refuses a missing handler, a doubled one, and an unknown kind', () => {
    expect(() => buildRegistry([], ['system.sleep'])).toThrow(/no handler for 'system.sleep'/);
    expect(() =>
      buildRegistry(
        [defineHandler('system.sleep', noop), defineHandler('system.sleep', noop)],
        ['system.sleep'],
      ),
    ).toThrow(/two handlers for 'system.sleep'/);
    expect(() => buildRegistry([{ kind: 'x.y', run: noop } as never], ['system.sleep'])).toThrow(
      /unknown job kind 'x.y'/,
    );
  });

  it('the shipped handler list covers every job kind of the domain union', () => {
    expect(() => buildRegistry(handlers, JOB_KINDS)).not.toThrow();
  });
});

describe('sleep', () => {
  it('rejects with the abort reason when the signal fires', async () => {
    const c = new AbortController();
    const p = sleep(10_000, c.signal);
    c.abort('cancelled');
    await expect(p).rejects.toBe('cancelled');
  });
});
