// The dialog against a mocked server: which tab it opens on, the row states, polling every 3000 ms
// only while open, and the return to page 1 on refresh.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadItem } from '@sightline/domain';
import '../../../i18n';
import { DownloadRequestDialog, type DownloadRequestDialogProps } from './DownloadRequestDialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const item = (over: Partial<DownloadItem>): DownloadItem => ({
  job_id: 'j1',
  file_name: null,
  status: 'progress',
  progress: 40,
  work_name: 'set_a',
  origin_path: 'project/P/data/x/set_a',
  origin_files: 'a.png,b.png',
  project_code: 'PRJ',
  usage_type_code: null,
  work_output: null,
  created_at: new Date().toISOString(),
  file_count: 2,
  expired_date: new Date(Date.now() + 3 * 86_400_000 - 60_000).toISOString(),
  days_remaining: 3,
  download_path: null,
  ...over,
});

let calls: string[] = [];
let answer: DownloadItem[] = [];
let root: Root;
let host: HTMLElement;

function render(props: Partial<DownloadRequestDialogProps>) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const all: DownloadRequestDialogProps = {
    opened: true,
    onClose: () => {},
    routeName: '/train/dataset',
    projectId: 7,
    projectCode: 'PRJ',
    username: 'kim',
    imageBase: '',
    ...props,
  };
  const tree = (p: DownloadRequestDialogProps) => (
    <QueryClientProvider client={qc}>
      <MantineProvider>
        <DownloadRequestDialog {...p} />
      </MantineProvider>
    </QueryClientProvider>
  );
  act(() => root.render(tree(all)));
  return {
    rerender: (p: Partial<DownloadRequestDialogProps>) => act(() => root.render(tree({ ...all, ...p }))),
  };
}

const flush = async (ms = 0) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  calls = [];
  answer = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(String(url));
      return new Response(JSON.stringify({ data: { data: answer, total: answer.length ? 23 : 0 } }), {
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
  vi.useRealTimers();
});

describe('DownloadRequestDialog', () => {
  it('opens on Dataset, or on Result under processing routes', async () => {
    render({ routeName: '/train/dataset' });
    await flush();
    expect(calls[0]).toContain('/api/v2/download/request?project_id=7&page=1&perPage=10');
    act(() => root.unmount());
    root = createRoot(host);
    calls = [];
    render({ routeName: '/train/processing/:id/cf' });
    await flush();
    expect(calls[0]).toContain('/api/v2/output/download/request');
  });

  it('polls every 3000 ms while open and stops when hidden', async () => {
    const view = render({});
    await flush();
    expect(calls).toHaveLength(1);
    await flush(3000);
    expect(calls).toHaveLength(2);
    await flush(3000);
    expect(calls).toHaveLength(3);
    view.rerender({ opened: false });
    await flush(9000);
    expect(calls).toHaveLength(3);
  });

  it('shows progress, Error and download states', async () => {
    answer = [
      item({ job_id: 'p', status: 'progress', progress: 40 }),
      item({ job_id: 'e', status: 'error', file_name: null }),
      item({
        job_id: 's',
        status: 'success',
        progress: 100,
        file_name: 'set_a.zip',
        download_path: '/PRJ/download/kim/s/set_a.zip?t=1',
      }),
    ];
    render({});
    await flush();
    const rows = [...document.querySelectorAll('[data-testid="download-row"]')];
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['progress', 'error', 'success']);
    expect(rows[0]!.textContent).toContain('요청 중');
    expect(rows[0]!.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('40');
    expect(rows[1]!.textContent).toContain('Error');
    const link = rows[2]!.querySelector('a[data-testid="download-file"]')!;
    expect(link.getAttribute('href')).toBe('/PRJ/download/kim/s/set_a.zip?t=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(rows[2]!.querySelector('[data-testid="removal-badge"]')?.textContent).toContain('3');
    expect(document.querySelector('[data-testid="download-cancel-note"]')).not.toBeNull();
  });

  it('is not closed by Escape or an outside click, only by Close', async () => {
    const onClose = vi.fn();
    render({ onClose });
    await flush();
    const content = document.querySelector('[role="dialog"]') as HTMLElement;
    act(() => {
      content.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    const overlay = document.querySelector(
      '.mantine-Modal-overlay, [class*="overlay"]',
    ) as HTMLElement | null;
    if (overlay) act(() => overlay.click());
    await flush(500);
    expect(onClose).not.toHaveBeenCalled();
    const close = [...document.querySelectorAll('button')].find((b) => b.textContent === '닫기')!;
    act(() => close.click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('goes back to page 1 on refresh', async () => {
    answer = [item({})];
    render({});
    await flush();
    const page2 = [...document.querySelectorAll('[data-testid="pager"] button')].find(
      (b) => b.textContent === '2',
    )!;
    act(() => (page2 as HTMLButtonElement).click());
    await flush();
    expect(calls.at(-1)).toContain('page=2');
    const refresh = document.querySelector('button[aria-label="새로고침"]') as HTMLButtonElement;
    act(() => refresh.click());
    await flush();
    expect(calls.at(-1)).toContain('page=1');
  });
});
