import { describe, expect, it } from 'vitest';
import { transitionFor } from '../page-transition';

describe('transitionFor', () => {
  it('slides by path depth', () => {
    expect(transitionFor('/train/dataset', '/train/dataset/12')).toBe('left');
    expect(transitionFor('/train/dataset/12', '/train/dataset')).toBe('right');
    expect(transitionFor('/', '/train/dataset')).toBe('left');
    expect(transitionFor('/admin/users', '/')).toBe('right');
  });

  it('zooms between areas at the same depth', () => {
    expect(transitionFor('/train/dataset', '/monitoring/line')).toBe('zoom');
    expect(transitionFor('/intro', '/cs')).toBe('zoom');
    expect(transitionFor('/my/projects', '/admin/users')).toBe('zoom');
  });

  it('does not animate between siblings of the same area or the same path', () => {
    expect(transitionFor('/train/dataset', '/train/learning')).toBe('none');
    expect(transitionFor('/admin/users', '/admin/projects')).toBe('none');
    expect(transitionFor('/cs', '/cs')).toBe('none');
  });
});
