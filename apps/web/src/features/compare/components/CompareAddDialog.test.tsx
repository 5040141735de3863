// The learning compare add dialog: models picked in the model select dialog are checked at once;
// different class information shows 'Class info does not match' and blocks the start.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { setSession } from '../../../session/store';
import type { UserProject } from '../../../session/types';
import { model } from '../../evaluation/__tests__/fixtures';
import { mockTrainServer, type MockServer } from '../../evaluation/__tests__/mock-train-server';
import { $, $$, cleanup, click, render, settle } from '../../evaluation/__tests__/render';
import { CompareAddDialog } from './CompareAddDialog';

let server: MockServer;
let match = false;

beforeEach(() => {
  match = false;
  setSession({
    currentProject: {
      id: 7,
      code: 'STEEL',
      title: 'Steel line',
      lines: [],
      permissions: [1],
    } as unknown as UserProject,
  });
  server = mockTrainServer(
    {
      listLearnings: () => ({ data: [model(31, 'steel_a'), model(32, 'steel_b')], total: 2 }),
      checkCompare: () =>
        match
          ? { match: true, mismatch: null }
          : { match: false, mismatch: { model_id: 32, index: 1, reason: 'ok' } },
    },
    () => ({ data: { data: [], total: 0 } }),
  );
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function pickBoth() {
  render(<CompareAddDialog opened onClose={() => undefined} />);
  await settle();
  await click($('[data-testid="open-compare-models"]'));
  const rows = $$('[data-testid="model-row"]');
  expect(rows.map((r) => r.dataset.modelName)).toEqual(['steel_a', 'steel_b']);
  expect(server.of('listLearnings')[0]!.query).toMatchObject({ done_only: 'true', project_id: '7' });
  await click(rows[0]!);
  await click(rows[1]!);
  await click($('[data-testid="model-select-confirm"]'));
  await settle();
}

const submit = () => $<HTMLButtonElement>('[data-testid="submit-compare"]')!;

describe('compare add dialog', () => {
  it('says the class information does not match and cannot start', async () => {
    await pickBoth();
    expect(server.of('checkCompare').at(-1)!.body).toEqual({ model_ids: [31, 32] });
    const alert = $('[data-testid="class-mismatch"]')!;
    expect(alert.textContent).toContain('클래스 정보(순서, 이름, OK 여부)가 일치하지 않습니다.');
    expect(alert.textContent).toContain("모델 'steel_b'의 2번째 클래스: OK 여부가 다름");
    expect(submit().disabled).toBe(true);
    expect(server.of('createCompare')).toHaveLength(0);
  });

  it('accepts matching models and asks for a dataset before creating', async () => {
    match = true;
    await pickBoth();
    expect($('[data-testid="class-match"]')).toBeTruthy();
    expect(submit().disabled).toBe(false);
    await click(submit());
    expect($('[data-testid="compare-add-error"]')!.textContent).toBe('데이터셋을 선택해 주세요.');
    expect(server.of('createCompare')).toHaveLength(0);
  });
});
