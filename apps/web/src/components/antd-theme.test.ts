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
