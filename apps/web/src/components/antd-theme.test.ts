import { afterEach, describe, expect, it, vi } from 'vitest';

/** The theme is made when its module loads: each case loads it afresh under the given system setting. */
async function themeWith(reduce: boolean) {
  vi.resetModules();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  return (await import('./antd-theme')).theme;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("antd's motion follows the system's reduced-motion setting", () => {
  it('keeps the zoom and fade by default', async () => {
    expect((await themeWith(false)).token?.motion).toBe(true);
  });

  it('turns them off when the system asks for less motion', async () => {
    expect((await themeWith(true)).token?.motion).toBe(false);
  });
});

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi as number) + 0.05) / ((lo as number) + 0.05);
}

describe("antd's brand colours pass WCAG AA, at rest and under the pointer", () => {
  it.each(['colorPrimary', 'colorPrimaryHover', 'colorLink', 'colorLinkHover', 'colorError'] as const)(
    '%s against white (text on white, and white labels on it): 4.5:1 or more',
    async (name) => {
      const colour = (await themeWith(false)).token?.[name];
      expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
      expect(contrast(colour as string, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('the measure itself: antd’s own lighter hover would fail', () => {
    expect(contrast('#d65f38', '#ffffff')).toBeLessThan(4.5);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});
