// What each route declares besides its page: layout, who may enter, which area it belongs to.
// The meta travels as the route `handle`, so layouts (header, nav) and pages both read it.
import type { ComponentType } from 'react';
import { useMatches } from 'react-router-dom';

export type LayoutName = 'default' | 'fluid' | 'admin' | 'monitoring';
export type Area = 'home' | 'train' | 'monitoring' | 'admin' | 'my' | 'usage' | 'general' | 'auth';

export interface RouteMeta {
  path: string;
  layout: LayoutName;
  area: Area;
  /** Reachable without logging in (login, notices, intro, cs, privacy policy). */
  public?: boolean;
  /** i18n key of the page title. */
  title: string;
}

export interface AppRoute extends RouteMeta {
  page: ComponentType;
}

const isMeta = (h: unknown): h is RouteMeta => !!h && typeof h === 'object' && 'layout' in h && 'area' in h;

/** The meta of the deepest matched route (title, area, layout), or null on the 404 page. */
export function useRouteMeta(): RouteMeta | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]!.handle;
    if (isMeta(h)) return h;
  }
  return null;
}
