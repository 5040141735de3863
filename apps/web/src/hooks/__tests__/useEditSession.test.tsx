import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditSessionTimer, type EditSessionPhase } from '../edit-session-timer';
import { useEditSession, type EditSession, type UseEditSessionOptions } from '../useEditSession';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const MIN = 60_000;

describe('EditSessionTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function make(timeoutMs = 10 * MIN) {
    const phases: EditSessionPhase[] = [];
    const onAutosave = vi.fn();
    const onEnd = vi.fn();
    const t = new EditSessionTimer({ timeoutMs, onPhase: (p) => phases.push(p), onAutosave, onEnd });
    t.start();
    return { t, phases, onAutosave, onEnd };
  }

  it('warns exactly one minute before the time-out', () => {
    const { t, phases } = make();
    vi.advanceTimersByTime(9 * MIN - 1);
    expect(t.current).toBe('active');
    vi.advanceTimersByTime(1);
    expect(t.current).toBe('warning');
    expect(phases).toEqual(['warning']);
  });

  it('autosaves and then ends when the warning is not answered within a minute', async () => {
    const order: string[] = [];
    const t = new EditSessionTimer({
      timeoutMs: 10 * MIN,
      onPhase: () => {},
      onAutosave: async () => {
        order.push('autosave');
      },
      onEnd: () => order.push('end'),
    });
    t.start();
    await vi.advanceTimersByTimeAsync(10 * MIN - 1);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(order).toEqual(['autosave', 'end']);
    expect(t.current).toBe('ended');
  });

  it('extend keeps the session and restarts the full clock', async () => {
    const { t, onAutosave, onEnd } = make();
    vi.advanceTimersByTime(9 * MIN + 30_000);
    expect(t.current).toBe('warning');
    t.extend();
    expect(t.current).toBe('active');
    await vi.advanceTimersByTimeAsync(9 * MIN - 1);
    expect(t.current).toBe('active');
    expect(onAutosave).not.toHaveBeenCalled();
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('activity postpones the warning, but does not answer a warning already shown', () => {
    const { t } = make();
    vi.advanceTimersByTime(8 * MIN);
    t.activity();
    vi.advanceTimersByTime(8 * MIN);
    expect(t.current).toBe('active');
    vi.advanceTimersByTime(MIN);
    expect(t.current).toBe('warning');
    t.activity();
    expect(t.current).toBe('warning');
  });
});

describe('useEditSession', () => {
  let root: Root;
  let host: HTMLDivElement;
  let latest: EditSession;
  beforeEach(() => {
    vi.useFakeTimers();
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    vi.useRealTimers();
  });

  function Probe(props: UseEditSessionOptions) {
    latest = useEditSession(props);
    return null;
  }

  it('exposes the warning, extends on demand and ends with autosave', async () => {
    const onAutosave = vi.fn();
    const onEnd = vi.fn();
    act(() => root.render(createElement(Probe, { timeoutMs: 3 * MIN, onAutosave, onEnd })));
    expect(latest.warning).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(2 * MIN));
    expect(latest.warning).toBe(true);
    act(() => latest.extend());
    expect(latest.warning).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(2 * MIN));
    expect(latest.warning).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(MIN));
    expect(onAutosave).toHaveBeenCalledTimes(1);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(latest.phase).toBe('ended');
  });

  it('user input resets the inactivity clock', async () => {
    act(() => root.render(createElement(Probe, { timeoutMs: 3 * MIN, onAutosave: vi.fn(), onEnd: vi.fn() })));
    await act(() => vi.advanceTimersByTimeAsync(MIN + 50_000));
    act(() => void window.dispatchEvent(new Event('keydown')));
    await act(() => vi.advanceTimersByTimeAsync(MIN + 50_000));
    expect(latest.warning).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(latest.warning).toBe(true);
  });
});
