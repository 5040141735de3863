import { describe, expect, it } from 'vitest';
import { pagerWindow } from '../pager-window';

describe('pagerWindow', () => {
  it('shows at most 10 pages, in groups of 10', () => {
    expect(pagerWindow(1, 250).pages).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pagerWindow(14, 250).pages).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pagerWindow(25, 250).pages).toEqual([21, 22, 23, 24, 25]);
  });
  it('offers jumps to the neighbouring groups only when they exist', () => {
    expect(pagerWindow(1, 250)).toMatchObject({ totalPages: 25, prevGroupPage: null, nextGroupPage: 11 });
    expect(pagerWindow(14, 250)).toMatchObject({ prevGroupPage: 10, nextGroupPage: 21 });
    expect(pagerWindow(25, 250)).toMatchObject({ prevGroupPage: 20, nextGroupPage: null });
  });
  it('counts 10 items per page and clamps the page', () => {
    expect(pagerWindow(1, 10).totalPages).toBe(1);
    expect(pagerWindow(1, 11).totalPages).toBe(2);
    expect(pagerWindow(99, 11).pages).toEqual([1, 2]);
    expect(pagerWindow(1, 0).pages).toEqual([1]);
  });
});
