// Renders a component with the app's providers (Mantine, react-query, router) into happy-dom.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement | null = null;

export function render(node: ReactNode): void {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root!.render(
      <QueryClientProvider client={qc}>
        <MantineProvider>
          <ModalsProvider>
            <MemoryRouter>{node}</MemoryRouter>
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
}

export function cleanup(): void {
  act(() => root?.unmount());
  host?.remove();
  root = null;
  host = null;
  document.body.innerHTML = '';
}

export const settle = async () => {
  for (let i = 0; i < 6; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};

export const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector(sel) as T | null;
export const $$ = <T extends Element = HTMLElement>(sel: string) =>
  [...document.querySelectorAll(sel)] as T[];

export async function click(el: Element | null): Promise<void> {
  if (!el) throw new Error('nothing to click');
  await act(async () => (el as HTMLElement).click());
  await settle();
}

export async function key(el: Element | null, k: string): Promise<void> {
  if (!el) throw new Error('no element for key');
  await act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  });
  await settle();
}
