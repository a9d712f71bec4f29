import { describe, expect, it } from 'vitest';
import { BOLI_PURPLE, STATUS_COLOURS } from './colours.ts';

/** WCAG 2's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const c = parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the status colours', () => {
  it('read at 4.5:1 or more under white text and as text on white', () => {
    for (const colour of Object.values(STATUS_COLOURS)) {
      expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(BOLI_PURPLE, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // notistack's own success green, which this replaced, did not.
    expect(contrast('#43a047', '#ffffff')).toBeLessThan(4.5);
  });
});
