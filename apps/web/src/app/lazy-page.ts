// Lazily imported pages. A chunk that fails to load (stale deploy) triggers one page reload (SPEC §4).
import { lazy, type ComponentType } from 'react';

const RELOAD_FLAG = 'sightline.chunkReloaded';

export function isChunkLoadError(err: unknown): boolean {
  const msg = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk/i.test(
    msg,
  );
}

/** Reloads once per tab session; a second failure is shown by the error page instead of looping. */
export function reloadOnceForChunkError(): boolean {
  if (sessionStorage.getItem(RELOAD_FLAG)) return false;
  sessionStorage.setItem(RELOAD_FLAG, '1');
  window.location.reload();
  return true;
}

/** Clears the flag once a page loaded, so a later deploy can reload again. */
export const chunkLoaded = () => sessionStorage.removeItem(RELOAD_FLAG);

export function lazyPage(loader: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    try {
      const mod = await loader();
      chunkLoaded();
      return mod;
    } catch (err) {
      if (isChunkLoadError(err) && reloadOnceForChunkError()) return new Promise<never>(() => {});
      throw err;
    }
  });
}
