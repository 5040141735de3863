// Which page transition to play between two paths (SPEC §2: slide by path depth; a zoom also exists).
export type TransitionKind = 'left' | 'right' | 'zoom' | 'none';

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * Rule:
 * - deeper path → the page slides in from the right ('left' movement), shallower → from the left;
 * - same depth but another top-level area (e.g. /train/dataset → /monitoring/line, /intro → /cs):
 *   there is no "forward/back" relation between the two, so sliding would suggest one; the page
 *   zooms in instead, marking a jump to a different part of the product;
 * - same depth in the same area (tabs, siblings such as /train/dataset → /train/learning) or the
 *   same path: no animation, so switching between neighbours does not feel like navigating away.
 */
export function transitionFor(from: string, to: string): TransitionKind {
  if (from === to) return 'none';
  const a = segments(from);
  const b = segments(to);
  if (b.length > a.length) return 'left';
  if (b.length < a.length) return 'right';
  return a[0] !== b[0] ? 'zoom' : 'none';
}
