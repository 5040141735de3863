import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '@sightline/domain';
import { historyTarget } from '../history-text';

const item = (over: Partial<HistoryItem>): HistoryItem => ({
  id: 1,
  at: '2026-01-01T00:00:00Z',
  actor: null,
  action: 'x.y',
  entityType: 'company',
  entityId: '3',
  companyId: null,
  before: null,
  after: null,
  ...over,
});

describe('historyTarget', () => {
  it('shows a company by its name as it is', () => {
    expect(historyTarget(item({ after: { name: 'Acme Precision' } }))).toBe('Acme Precision');
  });
  it("masks a person's name", () => {
    expect(historyTarget(item({ entityType: 'user', after: { name: '홍길동' } }))).toBe('홍*동');
  });
  it('prefers the ID or code over a name, and falls back to the row id', () => {
    expect(historyTarget(item({ entityType: 'user', after: { username: 'kim01', name: '김철수' } }))).toBe(
      'kim01',
    );
    expect(historyTarget(item({ entityType: 'line', before: { code: 'LINE-01' } }))).toBe('LINE-01');
    expect(historyTarget(item({ entityType: 'manager', entityId: '4:10' }))).toBe('#4:10');
  });
});
