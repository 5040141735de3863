// Keyboard shortcuts of the workspaces (shown in the help overlay).
import type { ToolType } from '../canvas/types';

export const TOOL_KEYS: ReadonlyArray<[ToolType, string]> = [
  ['select', 'v'],
  ['pan', 'h'],
  ['rectangle', 'r'],
  ['circle', 'c'],
  ['ellipse', 'e'],
  ['polygon', 'p'],
  ['path', 'b'],
  ['eraser', 'x'],
  ['magicWand', 'w'],
  ['sam', 's'],
  ['region', 't'],
];

/** Tools offered per workspace task (target regions in every canvas workspace). */
export const TOOLS_OF: Record<'od' | 'sg', ToolType[]> = {
  od: ['select', 'pan', 'rectangle', 'region'],
  sg: [
    'select',
    'pan',
    'rectangle',
    'circle',
    'ellipse',
    'polygon',
    'path',
    'eraser',
    'magicWand',
    'sam',
    'region',
  ],
};

/** Class shortcut keys: 1–9 then 0 for the first ten classes. */
export const CLASS_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

export const classIndexOfKey = (key: string): number => CLASS_KEYS.indexOf(key);

/** True when the key event comes from a text field (shortcuts must not fire there). */
export function isTyping(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable);
}
