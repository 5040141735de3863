import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { daysLeft } from '../days-left';

describe('daysLeft', () => {
  const today = dayjs('2026-03-10T15:30:00');
  it('is null without an end date', () => expect(daysLeft(null, today)).toBeNull());
  it('is 0 on the last day and counts whole days before it', () => {
    expect(daysLeft('2026-03-10', today)).toBe(0);
    expect(daysLeft('2026-03-24', today)).toBe(14);
  });
  it('is negative once the period has ended', () => expect(daysLeft('2026-03-09', today)).toBe(-1));
});
