import { describe, expect, it } from 'vitest';
import { duration, toCsv } from './csv';

describe('usage csv', () => {
  it('quotes cells with commas, quotes and line breaks', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          [1, null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n1,\r\n');
  });
  it('formats durations as h:mm:ss', () => {
    expect(duration(3725)).toBe('1:02:05');
    expect(duration(0)).toBe('0:00:00');
    expect(duration(null)).toBe('');
  });
});
