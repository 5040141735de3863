// The screen map of /wireframe, built from the route table (never a hand copy): routes grouped by area in
// table order, each with a link; a parameter becomes an example value (":id" → "1", ":id?" dropped).
import type { AppRoute, Area } from '../../../app/route-meta';

export interface ScreenEntry {
  path: string;
  href: string;
  title: string;
  layout: string;
  public: boolean;
  example: boolean;
}

export const AREA_ORDER: Area[] = ['auth', 'general', 'home', 'usage', 'train', 'monitoring', 'my', 'admin'];

export function exampleHref(path: string): string {
  return path.replace(/\/:[A-Za-z]+\?/g, '').replace(/:[A-Za-z]+/g, '1') || '/';
}

export function screenMap(routes: readonly AppRoute[]): { area: Area; screens: ScreenEntry[] }[] {
  return AREA_ORDER.map((area) => ({
    area,
    screens: routes
      .filter((r) => r.area === area)
      .map((r) => ({
        path: r.path,
        href: exampleHref(r.path),
        title: r.title,
        layout: r.layout,
        public: !!r.public,
        example: r.path.includes(':'),
      })),
  })).filter((g) => g.screens.length > 0);
}
