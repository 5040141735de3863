import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../../app/routes';
import { exampleHref, screenMap } from './screen-map';

describe('screen map', () => {
  it('lists every route of the table exactly once', () => {
    const listed = screenMap(APP_ROUTES).flatMap((g) => g.screens.map((s) => s.path));
    expect(listed.sort()).toEqual(APP_ROUTES.map((r) => r.path).sort());
  });
  it('turns parameters into example links', () => {
    expect(exampleHref('/admin/notice/:id/edit')).toBe('/admin/notice/1/edit');
    expect(exampleHref('/notices/cs/:id?')).toBe('/notices/cs');
    expect(exampleHref('/pdfViewer/:id?')).toBe('/pdfViewer');
  });
});
