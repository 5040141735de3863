// The grid against a mocked server: 30 per page with the filter in the query, and image deletion
// refused without a selection or while a performance evaluation locks the dataset.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatasetDetail, DatasetImage } from '@sightline/domain';
import '../../../i18n';
import { DatasetImages } from './DatasetImages';

const flashError = vi.fn();
vi.mock('../../../components/flash', () => ({ flash: vi.fn(), flashError: (m: string) => flashError(m) }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dataset = (locked: boolean): DatasetDetail => ({
  id: 5,
  project_id: 1,
  name: 'set_a',
  type: 'cf',
  purpose: 'preprocessing',
  image_count: 31,
  folder_count: 1,
  class_count: 0,
  locked,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  folders: [{ id: 1, name: 'default', image_count: 31 }],
  classes: [],
  unclassified_count: 31,
  class_problems: [],
});

const image = (i: number): DatasetImage => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  file_name: `img_${i}.png`,
  folder_id: 1,
  class_id: null,
  width: 10,
  height: 10,
  channels: 3,
  format: 'png',
  size: 100,
  hash: String(i),
  edited: false,
  confirmed: false,
  augmented: false,
  prediction: null,
  verification: null,
  class_score: null,
  thumb_url: `/t/${i}`,
  original_url: `/o/${i}`,
  created_at: '2026-01-01T00:00:00Z',
});

let requests: { method: string; url: string }[] = [];
let root: Root;
let host: HTMLElement;

const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};

function render(locked: boolean) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={qc}>
        <MantineProvider>
          <DatasetImages dataset={dataset(locked)} folderId={undefined} classId={undefined} />
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
}

beforeEach(() => {
  requests = [];
  flashError.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ method: init?.method ?? 'GET', url: String(url) });
      const body = { data: { data: Array.from({ length: 30 }, (_, i) => image(i)), total: 31 } };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

const deleteButton = () => document.querySelector('[data-testid="delete-images"]') as HTMLButtonElement;

describe('DatasetImages', () => {
  it('asks for 30 images of the filter and shows them', async () => {
    render(false);
    await settle();
    expect(requests[0]!.url).toContain('/api/v2/datasets/5/images?filter=all&page=1&perPage=30');
    expect(document.querySelectorAll('[data-testid="image-card"]')).toHaveLength(30);
  });

  it('refuses deletion without a selection', async () => {
    render(false);
    await settle();
    await act(async () => deleteButton().click());
    expect(flashError).toHaveBeenCalledWith('삭제할 이미지를 선택해 주세요.');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('refuses deletion while a performance evaluation uses the dataset', async () => {
    render(true);
    await settle();
    const box = document.querySelector(
      '[data-testid="image-select"] input, input[data-testid="image-select"]',
    ) as HTMLInputElement;
    await act(async () => box.click());
    await act(async () => deleteButton().click());
    expect(flashError).toHaveBeenCalledWith('성능 평가 중에는 이미지를 삭제할 수 없습니다.');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });
});
