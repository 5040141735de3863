// Colour tokens of SPEC §1: a dark crimson primary plus the named variants used by status badges.
import type { MantineColorsTuple } from '@mantine/core';

export const crimson: MantineColorsTuple = [
  '#fdeef1',
  '#f6d9de',
  '#ebafba',
  '#e08394',
  '#d65e74',
  '#cf4660',
  '#b8304a',
  '#9b1b30',
  '#84142a',
  '#6b0d21',
];

/** Named variants exposed as CSS variables (--sl-done, --sl-blue, ...) for every feature. */
export const NAMED_COLORS = {
  done: '#2f9e6e',
  blue: '#2f6fdb',
  green: '#37b24d',
  navy: '#1f2a44',
  grey: '#868e96',
  red: '#e03131',
  rightGreen: '#66c28b',
} as const;
export type NamedColor = keyof typeof NAMED_COLORS;
