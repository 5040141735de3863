import { describe, expect, it } from 'vitest';
import { addMonths, isPasswordAlarmDue } from '../password-alarm';

describe('password alarm', () => {
  const now = new Date('2026-06-15T00:00:00Z');
  it('is due 3 months after the last change', () => {
    expect(isPasswordAlarmDue(new Date('2026-03-14T00:00:00Z'), null, now)).toBe(true);
    expect(isPasswordAlarmDue(new Date('2026-03-16T00:00:00Z'), null, now)).toBe(false);
  });
  it('is silenced while snoozed', () => {
    const old = new Date('2025-01-01T00:00:00Z');
    expect(isPasswordAlarmDue(old, addMonths(now, 3), now)).toBe(false);
    expect(isPasswordAlarmDue(old, new Date('2026-06-14T00:00:00Z'), now)).toBe(true);
  });
});
