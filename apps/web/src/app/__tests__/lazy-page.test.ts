import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chunkLoaded, isChunkLoadError, reloadOnceForChunkError } from '../lazy-page';

describe('chunk-load failure', () => {
  beforeEach(() => sessionStorage.clear());

  it('recognises the browsers’ dynamic-import failures only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/X.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then lets the error page show until a chunk loads again', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    expect(reloadOnceForChunkError()).toBe(true);
    expect(reloadOnceForChunkError()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    chunkLoaded();
    expect(reloadOnceForChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});
