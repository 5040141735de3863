// Test harness of the learning pages (imported by *.test.tsx only): providers, a router, a mocked fetch that
// answers per route, and a fake EventSource the tests push server-sent events through.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { setSession } from '../../session/store';
import type { UserProject } from '../../session/types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Req {
  method: string;
  url: string;
  body: unknown;
}
export type Answer = { status?: number; body: unknown } | undefined;
export type Responder = (req: Req) => Answer;

export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  closed = false;
  constructor(public url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    for (const fn of this.listeners.get(name) ?? [])
      fn(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

export const requests: Req[] = [];
let root: Root | null = null;
let host: HTMLElement | null = null;
export let location = '';

function LocationSpy() {
  const l = useLocation();
  location = l.pathname + l.search;
  return null;
}

export function setup(respond: Responder, projectId = 3) {
  requests.length = 0;
  FakeEventSource.instances = [];
  sessionStorage.setItem('sightline.token', 'tok');
  setSession({
    currentProject: {
      id: projectId,
      code: 'P',
      title: 'Project',
      lines: [],
      permissions: [1],
    } as unknown as UserProject,
  });
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const req: Req = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(req);
      const a =
        respond(req) ??
        (req.url === '/api/auth/sse-ticket' // every event stream asks for a single-use ticket first
          ? { body: { data: { ticket: 'tkt', expiresIn: 30 } } }
          : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'not found' } } });
      return new Response(JSON.stringify(a.body), {
        status: a.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
}

export function teardown() {
  act(() => root?.unmount());
  host?.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
}

export function render(path: string, routes: { path: string; element: ReactNode }[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  act(() =>
    root!.render(
      <QueryClientProvider client={qc}>
        <MantineProvider>
          <ModalsProvider>
            <MemoryRouter initialEntries={[path]}>
              <LocationSpy />
              <Routes>
                {routes.map((r) => (
                  <Route key={r.path} path={r.path} element={r.element} />
                ))}
                <Route path="*" element={<div data-testid="elsewhere" />} />
              </Routes>
            </MemoryRouter>
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
  return qc;
}

export const settle = async (n = 6) => {
  for (let i = 0; i < n; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};
export const wait = (ms: number) => act(async () => new Promise((r) => setTimeout(r, ms)));

export const $ = (sel: string) => document.querySelector(sel) as HTMLElement | null;
export const $$ = (sel: string) => [...document.querySelectorAll(sel)] as HTMLElement[];
export const click = (el: Element | null) => act(async () => (el as HTMLElement).click());

/** Types into a controlled input the way React notices it. */
export async function type(el: Element | null, value: string) {
  const input = el as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export const item = (over: Record<string, unknown> = {}) => ({
  id: 1,
  project: { id: 3, code: 'P', title: 'Project' },
  name: 'model_a',
  task: 'cf',
  status: 'running',
  progress: 40,
  phase: 'training',
  epoch: 2,
  epochs: 5,
  queue_position: null,
  resumed: false,
  algorithm: { id: 11, name: 'Classification (ResNet)', engine_key: 'cf-resnet' },
  dataset: { id: 21, name: 'set_a' },
  requestor: { id: 5, username: 'demo-user', name: 'Demo User' },
  base_learning_id: null,
  metrics: {},
  timings: {
    requested_at: '2026-01-01T00:00:00Z',
    started_at: '2026-01-01T00:00:05Z',
    finished_at: null,
    canceled_at: null,
    waiting_seconds: 5,
    progress_seconds: 65,
  },
  error: null,
  ...over,
});

export const detail = (over: Record<string, unknown> = {}) => ({
  ...item(),
  params: { epochs: 5, batchSize: 16 },
  classes: [
    { index: 0, name: 'good', ok: true },
    { index: 1, name: 'scratch', ok: false },
  ],
  regions: [],
  validation_split: 0.2,
  history: [],
  validation: null,
  warnings: [],
  files: [],
  job_id: null,
  ...over,
});
