import { afterEach, describe, expect, it } from 'vitest';
import { progress } from './progress';

describe('navigation progress bar', () => {
  afterEach(() => progress.done());

  it('shows a bar that carries no invalid ARIA role and is hidden from assistive technology', () => {
    progress.start();
    const bar = document.querySelector('#nprogress .bar');
    expect(bar).not.toBeNull();
    expect(document.querySelector('#nprogress [role]')).toBeNull();
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
  });
});
