import { describe, expect, it } from 'vitest';
import { ALGORITHMS, algorithmInputSchema } from '@sightline/domain';
import { fromEngine, toPayload } from '../algorithm-form';

describe('algorithm form values', () => {
  it('every engine declaration, loaded into the form, saves as a valid admin payload', () => {
    for (const engine of ALGORITHMS) {
      const result = algorithmInputSchema.safeParse(toPayload(fromEngine(engine)));
      expect(result.success, engine.id).toBe(true);
    }
  });

  it('an emptied number box is refused as "numbers only", not sent as 0', () => {
    const values = fromEngine(ALGORITHMS[0]!);
    values.trainParams[0]!.default = '';
    const result = algorithmInputSchema.safeParse(toPayload(values));
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path.join('.') === 'trainParams.0.default');
    expect(issue?.message).toBe('NUMBER_REQUIRED');
  });

  it('a default outside min..max is refused on that row', () => {
    const values = fromEngine(ALGORITHMS[0]!);
    values.trainParams[0]!.default = 99999;
    const result = algorithmInputSchema.safeParse(toPayload(values));
    expect(result.error!.issues[0]!.path.join('.')).toBe('trainParams.0.default');
    expect(result.error!.issues[0]!.message).toBe('PARAM_RANGE_INVALID');
  });

  it('chosen projects are sent only when the scope is limited to them', () => {
    const values = { ...fromEngine(ALGORITHMS[0]!), projects: [{ id: 7, code: 'P-0007', title: 'p' }] };
    expect(toPayload(values).projectIds).toEqual([]);
    expect(toPayload({ ...values, scope: 'projects' }).projectIds).toEqual([7]);
    expect(
      algorithmInputSchema.safeParse(toPayload({ ...values, scope: 'projects', projects: [] })).success,
    ).toBe(false);
  });
});
